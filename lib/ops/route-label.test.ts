import { describe, expect, it } from "vitest";
import { routeLabel, routePattern } from "./route-label";

describe("routePattern", () => {
  it.each([
    ["/", "/"],
    ["/en", "/"],
    ["/en/loans?x=1", "/loans"],
    ["/society-manager/cmabc/field/sync", "/society-manager/[id]/field/sync"],
    ["/society-manager/cmabc123xyz/members/cm9k2/profile.pdf", "/society-manager/[id]/members/[id]/profile.pdf"],
    ["/admin/api/applications/LB1795684736330547/nid-image", "/admin/api/applications/[id]/nid-image"],
    ["/admin/api/kyc/documents/3f2a9c1e-1b2c-4d5e-8f90-123456789abc/image", "/admin/api/kyc/documents/[id]/image"],
    ["/_next/static/chunks/0e4_guhle8l7w.css", "/_next/static"],
    ["/admin/loans/", "/admin/loans"],
  ])("%s → %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

describe("routeLabel", () => {
  it("gives every 404 one label", () => {
    expect(routeLabel("/wp-login.php", 404)).toBe("(not found)");
  });

  it("stops adding labels after its cap", () => {
    // Letters only, so that no segment reads as an id: 1,000 different routes, as a scan of random paths would make.
    const word = (n: number) => n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)));
    const labels = new Set(Array.from({ length: 1_000 }, (_, i) => routeLabel(`/admin/${word(i)}`, 307)));
    expect(labels.has("(other)")).toBe(true);
    expect(labels.size).toBeLessThanOrEqual(302);
  });
});
