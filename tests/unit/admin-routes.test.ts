/**
 * Every back-office page and route handler on disk is in lib/auth/admin-routes.ts (which the sidebar and
 * the authorization matrix read), and names a permission that exists: a new route cannot be forgotten.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGES, ADMIN_ROUTE_HANDLERS } from "@/lib/auth/admin-routes";
import { PERMISSIONS } from "@/lib/auth/permissions";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** app/[locale]/admin/(panel)/users/page.tsx → /admin/users (pages live under the internal locale segment) */
function routeOf(file: string): string {
  return (
    "/" +
    path
      .relative("app", path.dirname(file))
      .split(path.sep)
      .filter((segment) => !/^\(.*\)$/.test(segment) && segment !== "[locale]")
      .join("/")
  );
}

const onDisk = [...files("app/[locale]/admin"), ...files("app/admin")];
const pages = onDisk.filter((f) => f.endsWith("page.tsx")).map(routeOf).filter((r) => r !== "/admin/login");
const handlers = onDisk.filter((f) => f.endsWith("route.ts")).map(routeOf);

describe("admin routes registry", () => {
  it("lists every page", () => {
    expect(pages.sort()).toEqual(ADMIN_PAGES.map((p) => p.href).sort());
  });

  it("lists every route handler", () => {
    expect(handlers.sort()).toEqual(ADMIN_ROUTE_HANDLERS.map((h) => h.pattern).sort());
  });

  it("names existing permissions, and each file checks the one it is registered with", () => {
    for (const entry of [...ADMIN_PAGES.map((p) => ({ route: p.href, permission: p.permission })), ...ADMIN_ROUTE_HANDLERS.map((h) => ({ route: h.pattern, permission: h.permission }))]) {
      expect(Object.keys(PERMISSIONS)).toContain(entry.permission);
      const file = onDisk.find((f) => routeOf(f) === entry.route && /(page\.tsx|route\.ts)$/.test(f))!;
      expect(readFileSync(file, "utf8"), file).toContain(`"${entry.permission}"`);
    }
  });
});
