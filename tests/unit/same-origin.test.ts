/** The Origin check of state-changing requests with a cookie (lib/security/same-origin.ts), as Next checks actions. */
import { describe, expect, it } from "vitest";
import { isSameOrigin } from "@/lib/security/same-origin";

const request = (headers: Record<string, string>) => new Request("http://app.internal/x", { method: "POST", headers });

describe("isSameOrigin", () => {
  it("passes a request without an Origin, and one whose Origin names the Host", () => {
    expect(isSameOrigin(request({ host: "rinbondhu.example" }))).toBe(true);
    expect(isSameOrigin(request({ host: "rinbondhu.example", origin: "https://rinbondhu.example" }))).toBe(true);
  });

  it("takes the first X-Forwarded-Host value, as Next does, when a proxy chain appends its own", () => {
    const headers = { host: "app:3000", "x-forwarded-host": "rinbondhu.example, app:3000", origin: "https://rinbondhu.example" };
    expect(isSameOrigin(request(headers))).toBe(true);
    expect(isSameOrigin(request({ ...headers, "x-forwarded-host": "evil.example, rinbondhu.example" }))).toBe(false);
  });

  it("refuses another site's Origin, a cross-site fetch, and an Origin that is not a URL", () => {
    expect(isSameOrigin(request({ host: "rinbondhu.example", origin: "https://evil.example" }))).toBe(false);
    expect(isSameOrigin(request({ host: "rinbondhu.example", "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isSameOrigin(request({ host: "rinbondhu.example", origin: "null" }))).toBe(false);
  });
});
