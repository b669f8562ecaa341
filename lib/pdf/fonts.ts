import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { installShapingCache, type ShapingCacheStats, type ShapingFont } from "./shaping-cache";

/**
 * Every PDF is set in the full Noto Sans Bengali TTF, which has Latin glyphs too: the files of Debian 12's
 * fonts-noto-core (OFL, committed in assets/fonts). fontkit shapes these correctly (conjuncts, reph,
 * pre-base vowels). Not fontsource's subset WOFF files, and not the 2022 Google Fonts build on npm:
 * with both, fontkit breaks clusters such as স্ত্রী and ন্ধ (checked as PNG).
 */
export const PDF_FONT_FAMILY = "Noto Sans Bengali";
const FONT_DIR = path.join(process.cwd(), "assets", "fonts");
const FACES = [
  { fontWeight: 400, file: "NotoSansBengali-Regular.ttf" },
  { fontWeight: 700, file: "NotoSansBengali-Bold.ttf" },
] as const;

let ready: Promise<ShapingCacheStats[]> | null = null;
const loaded = new Map<number, ShapingFont & { unitsPerEm: number }>();

/** Registers and loads the fonts once per process and puts a shaping cache on each face. */
export function ensurePdfFonts(): Promise<ShapingCacheStats[]> {
  ready ??= (async () => {
    Font.register({ family: PDF_FONT_FAMILY, fonts: FACES.map((f) => ({ src: path.join(FONT_DIR, f.file), fontWeight: f.fontWeight })) });
    // Names and codes are printed whole: no hyphenation inside words.
    Font.registerHyphenationCallback((word) => [word]);
    return Promise.all(
      FACES.map(async ({ fontWeight }) => {
        const descriptor = { fontFamily: PDF_FONT_FAMILY, fontWeight, fontStyle: "normal" as const };
        await Font.load(descriptor);
        const source = Font.getFont(descriptor) as unknown as { data: ShapingFont & { unitsPerEm: number } };
        loaded.set(fontWeight, source.data);
        return installShapingCache(source.data);
      }),
    );
  })();
  return ready;
}

/**
 * Width in points of one line of text as the PDF will set it (shaped, so conjuncts count once).
 * Only after `ensurePdfFonts()`; shares the shaping cache with rendering.
 */
export function measureTextWidth(text: string, fontSize: number, fontWeight: 400 | 700 = 400): number {
  const font = loaded.get(fontWeight);
  if (!font) throw new Error("ensurePdfFonts() first");
  const { positions } = font.layout(text, undefined, undefined, undefined, "ltr");
  let units = 0;
  for (const p of positions as { xAdvance: number }[]) units += p.xAdvance;
  return (units * fontSize) / font.unitsPerEm;
}
