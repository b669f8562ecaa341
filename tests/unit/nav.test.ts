import { describe, expect, it } from "vitest";
import { isActivePath, MAIN_NAV } from "../../components/layout/nav";

describe("isActivePath", () => {
  it("marks Home active only on the exact root path", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/loans", "/")).toBe(false);
    expect(isActivePath("/apply", "/")).toBe(false);
  });

  it("marks other links active on their own path and below it", () => {
    expect(isActivePath("/loans", "/loans")).toBe(true);
    expect(isActivePath("/loans/", "/loans")).toBe(true);
    expect(isActivePath("/loans/instant", "/loans")).toBe(true);
    expect(isActivePath("/calculator", "/calculator")).toBe(true);
  });

  it("does not match a different path that merely shares a prefix", () => {
    expect(isActivePath("/loansharks", "/loans")).toBe(false);
    expect(isActivePath("/about-us", "/about")).toBe(false);
    expect(isActivePath("/", "/loans")).toBe(false);
  });

  it("highlights exactly one main link per page", () => {
    for (const path of ["/", "/loans", "/calculator/emi", "/about", "/contact"]) {
      expect(MAIN_NAV.filter((l) => isActivePath(path, l.href))).toHaveLength(1);
    }
    expect(MAIN_NAV.filter((l) => isActivePath("/apply", l.href))).toHaveLength(0);
  });

  it("reads English addresses without their prefix: /en is home, /en/loans the loans page", () => {
    expect(isActivePath("/en", "/en")).toBe(true);
    expect(isActivePath("/en/loans", "/en")).toBe(false);
    expect(isActivePath("/en/loans", "/en/loans")).toBe(true);
    for (const path of ["/en", "/en/loans", "/en/calculator", "/en/about", "/en/contact"]) {
      expect(MAIN_NAV.filter((l) => isActivePath(path, l.href === "/" ? "/en" : `/en${l.href}`))).toHaveLength(1);
    }
  });
});
