import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nonceContentSecurityPolicy } from "./security/headers";
import { WEB_FONT_ATTRIBUTE, WEB_FONT_SCRIPT, WEB_FONT_SCRIPT_SHA256 } from "./web-font";

describe("the web font's inline script", () => {
  it("is allowed by its hash on the signed-in pages, whose policy runs only nonced or hashed scripts", () => {
    const hash = `sha256-${createHash("sha256").update(WEB_FONT_SCRIPT).digest("base64")}`;
    expect(WEB_FONT_SCRIPT_SHA256).toBe(hash);
    expect(nonceContentSecurityPolicy("abc", { dev: false })).toContain(`'${hash}'`);
  });

  it("sets the attribute the stylesheet switches the font on with", () => {
    expect(WEB_FONT_SCRIPT).toContain(`'${WEB_FONT_ATTRIBUTE}'`);
    // Double quotes would cost four bytes each in the RSC payload's copy.
    expect(WEB_FONT_SCRIPT).not.toContain('"');
  });
});
