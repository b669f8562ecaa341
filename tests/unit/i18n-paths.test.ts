import { describe, expect, it } from "vitest";
import { alternatePaths, isPublicPagePath, localizedPath, pathInLocale, splitLocalePrefix } from "@/i18n/paths";

describe("public addresses per language", () => {
  it("prefixes English public pages only, keeping the query and fragment", () => {
    expect(localizedPath("/", "en")).toBe("/en");
    expect(localizedPath("/loans", "en")).toBe("/en/loans");
    expect(localizedPath("/apply?loanType=business&amount=50000", "en")).toBe("/en/apply?loanType=business&amount=50000");
    expect(localizedPath("/status?id=A1#top", "en")).toBe("/en/status?id=A1#top");
    expect(localizedPath("/loans", "bn")).toBe("/loans");
  });

  it("leaves signed-in areas, files, other sites and already prefixed paths alone", () => {
    for (const href of ["/admin/login", "/society-manager", "/account", "/install.html", "https://example.com/x", "//cdn.example.com/a", "/en/loans", "/api/health/live"]) {
      expect(localizedPath(href, "en")).toBe(href);
    }
    expect(isPublicPagePath("/admin")).toBe(false);
    expect(isPublicPagePath("/administration")).toBe(true);
  });

  it("finds a path's language prefix and the same page in the other language", () => {
    expect(splitLocalePrefix("/en/loans")).toEqual({ locale: "en", rest: "/loans" });
    expect(splitLocalePrefix("/en")).toEqual({ locale: "en", rest: "/" });
    expect(splitLocalePrefix("/bn/about")).toEqual({ locale: "bn", rest: "/about" });
    expect(splitLocalePrefix("/english")).toEqual({ locale: null, rest: "/english" });
    expect(pathInLocale("/en/loans", "bn")).toBe("/loans");
    expect(pathInLocale("/loans", "en")).toBe("/en/loans");
    expect(pathInLocale("/en", "bn")).toBe("/");
    expect(alternatePaths("/calculator")).toEqual({ bn: "/calculator", en: "/en/calculator" });
  });
});
