/**
 * The icon sprite (components/icons, scripts/icon-sprite.ts): the committed sprite and its version are what
 * `npm run icons` writes from the icons the module names, each icon draws lucide's own paths, and the public pages
 * take their icons from it rather than from lucide-react (whose icons each page would carry inline, twice).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "@/components/icons";
import { SPRITE_VERSION } from "@/components/icons/sprite-version";
import { renderIconSprite, renderVersionModule, SPRITE_FILE, VERSION_FILE } from "../../scripts/icon-sprite";

const PUBLIC_SOURCES = ["components/home", "components/loans", "components/apply", "components/eligibility", "components/status", "components/layout", "components/nid", "components/placeholder", "app/[locale]/(public)"];

describe("icon sprite", () => {
  it("is what `npm run icons` writes (run it after naming a new icon)", async () => {
    const { sprite, version, names } = await renderIconSprite();
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(sprite);
    expect(readFileSync(VERSION_FILE, "utf8")).toBe(renderVersionModule(version, names));
    expect(names).toContain("check");
  });

  it("draws lucide's paths for the icon a name stands for", async () => {
    const { sprite } = await renderIconSprite();
    const check = /<symbol id="check"[^>]*>(.*?)<\/symbol>/.exec(sprite)?.[1];
    expect(check).toBe('<path d="M20 6 9 17l-5-5"/>');
    expect(sprite).toContain('<symbol id="loader-circle" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"');
  });

  it("renders a decorative <use> of the versioned sprite, or a labelled one", () => {
    expect(renderToStaticMarkup(createElement(icons.Check, { className: "size-4" }))).toBe(
      `<svg class="icon size-4" aria-hidden="true"><use href="/icons/sprite.svg?v=${SPRITE_VERSION}#check"></use></svg>`,
    );
    // Without a size utility, the stylesheet's .icon gives lucide's 24 px.
    expect(renderToStaticMarkup(createElement(icons.Check))).toMatch(/^<svg class="icon" aria-hidden="true">/);
    const labelled = renderToStaticMarkup(createElement(icons.Phone, { "aria-label": "Call", role: "img" }));
    expect(labelled).not.toContain("aria-hidden");
    expect(labelled).toContain(`#phone"`);
  });

  it("is where the public pages take their icons from", () => {
    const importers = PUBLIC_SOURCES.flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((f) => /\.tsx?$/.test(f))
        .map((f) => join(dir, f))
        .filter((file) => readFileSync(file, "utf8").includes('from "lucide-react"')),
    );
    expect(importers).toEqual([]);
  });
});
