import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { LRUCache } from "lru-cache";
import { installGlyphCodePoints, type GlyphSource } from "./glyph-code-points";
import { COMPOSITION_CANDIDATES, installShapingCache, shapedAdvance, type ShapingCacheStats, type ShapingFont } from "./shaping-cache";
import { splitFontRuns, type FontRun } from "./text-runs";

/**
 * Every PDF is set in the full Noto Sans Bengali TTF (Bengali, digits, signs) with Noto Sans for Latin
 * letters, which the Bengali font lacks: the files of Debian 12's fonts-noto-core (OFL, committed in
 * assets/fonts). fontkit shapes these correctly (conjuncts, reph, pre-base vowels). Not fontsource's
 * subset WOFF files, and not the 2022 Google Fonts build on npm: with both, fontkit breaks clusters
 * such as স্ত্রী and ন্ধ (checked as PNG).
 */
const FAMILIES = [
  { family: "Noto Sans Bengali", faces: { 400: "NotoSansBengali-Regular.ttf", 700: "NotoSansBengali-Bold.ttf" }, composableChars: COMPOSITION_CANDIDATES },
  { family: "Noto Sans", faces: { 400: "NotoSans-Regular.ttf", 700: "NotoSans-Bold.ttf" }, composableChars: "0123456789+-,.:/()% " },
] as const;
/** react-pdf takes each character from the first family in the list that has it. */
export const PDF_FONT_FAMILY = FAMILIES.map((f) => f.family);
const FONT_DIR = path.join(process.cwd(), "assets", "fonts");
const WEIGHTS = [400, 700] as const;
export type PdfFontWeight = (typeof WEIGHTS)[number];

/** The fontkit font objects react-pdf loads (the same objects it renders with). */
export type PdfFont = ShapingFont & GlyphSource & { unitsPerEm: number; ascent: number; descent: number; hasGlyphForCodePoint(codePoint: number): boolean };

let ready: Promise<ShapingCacheStats[]> | null = null;
const loaded = new Map<PdfFontWeight, PdfFont[]>();
const faces: { font: PdfFont; composableChars: string }[] = [];

/** Every loaded face with the characters its cache composes (for the test that checks them). */
export function pdfFontFaces(): readonly { font: PdfFont; composableChars: string }[] {
  return faces;
}

/** Registers and loads the fonts once per process and puts a shaping cache on each face. */
export function ensurePdfFonts(): Promise<ShapingCacheStats[]> {
  ready ??= (async () => {
    for (const { family, faces } of FAMILIES) {
      Font.register({ family, fonts: WEIGHTS.map((fontWeight) => ({ src: path.join(FONT_DIR, faces[fontWeight]), fontWeight })) });
    }
    // Names and codes are printed whole: no hyphenation inside words.
    Font.registerHyphenationCallback((word) => [word]);
    const stats: ShapingCacheStats[] = [];
    for (const fontWeight of WEIGHTS) {
      const stack: PdfFont[] = [];
      for (const { family, composableChars } of FAMILIES) {
        const descriptor = { fontFamily: family, fontWeight, fontStyle: "normal" as const };
        await Font.load(descriptor);
        const font = (Font.getFont(descriptor) as unknown as { data: PdfFont }).data;
        // Before any shaping: fontkit's shared glyphs would otherwise break য় ড় ঢ় (glyph-code-points.ts).
        installGlyphCodePoints(font);
        // Checked against these very files by shaping-cache.test.ts.
        stats.push(installShapingCache(font, { composableChars }));
        stack.push(font);
        faces.push({ font, composableChars });
      }
      loaded.set(fontWeight, stack);
    }
    return stats;
  })();
  return ready;
}

/** The font stack of one weight, first choice first. Only after `ensurePdfFonts()`. */
export function pdfFonts(fontWeight: PdfFontWeight = 400): readonly PdfFont[] {
  const fonts = loaded.get(fontWeight);
  if (!fonts) throw new Error("ensurePdfFonts() first");
  return fonts;
}

/**
 * pdfkit shapes a line word by word, each word with the space after it, and so does measuring: both
 * then share cache entries, and words repeat far more often than whole lines.
 */
function pdfkitWords(text: string): string[] {
  return text.match(/[^ \t]*[ \t]|[^ \t]+$/g) ?? [];
}

export type MeasuredRun = FontRun<PdfFont> & { width: number };

const LINE_CACHE_LIMIT = 50_000;
const lines = new LRUCache<string, { runs: MeasuredRun[]; width: number }>({ max: LINE_CACHE_LIMIT });

/**
 * One line split into font runs, each shaped (through the cache) and measured in points. Remembered
 * (bounded, least recently used out first): a table's lines are measured when planned and again when drawn, and
 * most of them (names, dates, amounts) repeat. Callers must not change what they get.
 */
export function layoutLine(text: string, fontSize: number, fontWeight: PdfFontWeight = 400): { runs: MeasuredRun[]; width: number } {
  const key = `${fontWeight}\u0000${fontSize}\u0000${text}`;
  const known = lines.get(key);
  if (known) return known;
  let width = 0;
  const runs = splitFontRuns(text, pdfFonts(fontWeight)).map((run) => {
    let units = 0;
    for (const word of pdfkitWords(run.text)) units += shapedAdvance(run.font, word);
    const runWidth = (units * fontSize) / run.font.unitsPerEm;
    width += runWidth;
    return { ...run, width: runWidth };
  });
  const line = { runs, width };
  lines.set(key, line);
  return line;
}

/** Width in points of one line of text as the PDF will set it (shaped, so conjuncts count once). */
export function measureTextWidth(text: string, fontSize: number, fontWeight: PdfFontWeight = 400): number {
  return layoutLine(text, fontSize, fontWeight).width;
}
