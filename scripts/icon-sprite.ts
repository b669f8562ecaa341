/**
 * `npm run icons`: writes public/icons/sprite.svg, one <symbol> per icon that components/icons/index.tsx names
 * (`spriteIcon("check")`), drawn from lucide-react's own icon data, and components/icons/sprite-version.ts (the
 * sprite's content hash, which its address carries, and the names as a type). Public pages then draw each icon
 * with a <use> of this one cached file instead of repeating its paths in the HTML and the RSC payload.
 * tests/unit/icon-sprite.test.ts fails while the committed files differ from what this would write.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const root = resolve(import.meta.dirname, "..");
export const SPRITE_FILE = join(root, "public/icons/sprite.svg");
export const VERSION_FILE = join(root, "components/icons/sprite-version.ts");
const ICONS_MODULE = join(root, "components/icons/index.tsx");

type IconNode = [tag: string, attributes: Record<string, string | number>][];

/** The sprite ids components/icons/index.tsx asks for, sorted. */
export function spriteIconNames(): string[] {
  const source = readFileSync(ICONS_MODULE, "utf8");
  return [...new Set([...source.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((m) => m[1]!))].sort();
}

const escapeAttribute = (value: string | number) => String(value).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

async function iconNode(name: string): Promise<IconNode> {
  const lucideDir = dirname(createRequire(import.meta.url).resolve("lucide-react/package.json"));
  const icon = (await import(pathToFileURL(join(lucideDir, "dist/esm/icons", `${name}.mjs`)).href)) as { __iconData: { node: IconNode } };
  return icon.__iconData.node;
}

/**
 * The sprite's text and version. Lucide's stroke style sits on each <symbol>, so a page's <svg><use/></svg> needs no
 * attributes of its own; `currentColor` is the colour of the element that uses it.
 */
export async function renderIconSprite(): Promise<{ sprite: string; version: string; names: string[] }> {
  const names = spriteIconNames();
  const symbols: string[] = [];
  for (const name of names) {
    const children = (await iconNode(name)).map(([tag, attributes]) => {
      const attrs = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
        .join("");
      return `<${tag}${attrs}/>`;
    });
    symbols.push(
      `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${children.join("")}</symbol>`,
    );
  }
  const sprite = `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
  const version = createHash("sha256").update(sprite).digest("hex").slice(0, 10);
  return { sprite, version, names };
}

export function renderVersionModule(version: string, names: string[]): string {
  return [
    "// Written by `npm run icons` (scripts/icon-sprite.ts); do not edit.",
    `export const SPRITE_VERSION = "${version}";`,
    `export type SpriteIconName = ${names.map((n) => `"${n}"`).join(" | ")};`,
    "",
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const { sprite, version, names } = await renderIconSprite();
  writeFileSync(SPRITE_FILE, sprite);
  writeFileSync(VERSION_FILE, renderVersionModule(version, names));
  console.log(`${names.length} icons, ${Buffer.byteLength(sprite)} bytes, version ${version}`);
}
