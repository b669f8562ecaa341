/**
 * The proxy's matcher (proxy.ts), compiled by Next's own code: every route handler is left alone (it reads the cookie
 * itself; a backup upload is larger than the proxy buffers), and every other path, including an unknown one beside a
 * route handler, goes through the proxy to get its locale and the page policy (otherwise its 404 is a blank page).
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { getMiddlewareMatchers } = require("next/dist/build/analysis/get-page-static-info") as {
  getMiddlewareMatchers: (matcher: string[], config: object) => { regexp: string }[];
};

// proxy.ts imports the sign-in configuration; its matcher is a list of literals (Next requires them), read from the source.
const source = readFileSync("proxy.ts", "utf8");
const list = /matcher:\s*\[([^\]]*(?:\][^\]]*)*?)\],\n\};/.exec(source)?.[1] ?? "";
const literals = [...list.matchAll(/"(?:[^"\\]|\\.)*"/g)].map((m) => JSON.parse(m[0]) as string);
const matchers = getMiddlewareMatchers(literals, {}).map((m) => new RegExp(m.regexp));
const proxied = (path: string) => matchers.some((m) => m.test(path));

/** Every route.ts outside app/[locale], as a concrete path (each [param] becomes a sample value). */
const routeHandlers = readdirSync("app", { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith("route.ts") && !f.startsWith("[locale]"))
  .map((f) => `/${f.replace(/\/?route\.ts$/, "").replace(/\[[^\]]+\]/g, "c1abc")}`);

describe("proxy matcher", () => {
  it("finds the route handlers", () => {
    expect(routeHandlers.length).toBeGreaterThanOrEqual(17);
  });

  it.each(routeHandlers)("leaves the route handler %s alone", (path) => {
    expect(proxied(path)).toBe(false);
  });

  it.each(["/_next/static/chunks/a.js", "/install.html", "/APK_INSTALL_GUIDE.html", "/sw.js", "/icon.svg", "/favicon.ico", "/icons/app-192.png", "/sitemap.xml", "/robots.txt"])(
    "leaves the file %s alone",
    (path) => expect(proxied(path)).toBe(false),
  );

  it.each([
    "/",
    "/loans",
    "/en/loans",
    "/install",
    "/account",
    "/en/account",
    "/admin/login",
    "/admin/dashboard",
    "/society-manager",
    "/society-manager/c1abc",
    "/society-manager/c1abc/field",
  ])("runs on the page %s", (path) => expect(proxied(path)).toBe(true));

  it.each([
    "/admin/api/nope",
    "/admin/api",
    "/admin/api/dashboard/version/extra",
    "/admin/api/kyc/documents/c1abc",
    "/society-manager/c1abc/members/c1abc",
    "/society-manager/c1abc/members/c1abc/nope.pdf",
    "/society-manager/c1abc/workers/c1abc",
    "/society-manager/c1abc/backups",
    "/society-manager/c1abc/field/nope",
  ])("runs on the unknown path %s beside the route handlers", (path) => expect(proxied(path)).toBe(true));

  it("reads two entries: the pages, and the addresses whose percent-escapes may not decode", () => {
    expect(literals).toHaveLength(2);
  });

  it.each(["/%ZZ", "/_next/%ZZ", "/account/api/loans/%ZZ/schedule.pdf", "/society-manager/c1abc/backup%", "/icons/%FF.png", "/admin/api/payments/%C0%AF/receipt.pdf"])(
    "runs on the address %s, which may not decode (the proxy answers 400)",
    (path) => expect(proxied(path)).toBe(true),
  );
});
