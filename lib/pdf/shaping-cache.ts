/**
 * Memoises a font's text shaping. react-pdf and pdfkit shape every text run through fontkit's `layout`,
 * and for Bengali most of a report's render time is the Indic shaper working out the same strings again
 * (dates, amounts, headings, worker names). A shaped run depends only on the font, the string, its
 * OpenType features, script, language and direction, so it can be reused as is.
 *
 * Strings that never repeat are mostly numbers (NIDs, phones, codes, amounts, in Bengali digits they
 * go through the Indic shaper too). When a font shapes each of a set of characters (digits, signs) the
 * same alone as next to any other of them, a string made only of those characters is the concatenation
 * of its characters' runs; the cache builds it from them. The caller names those characters per font;
 * `composableCharacters` checks a font for them (a test runs it on every committed font file, since
 * checking every pair costs most of a second at start-up).
 *
 * Every hit gets its own glyph array and its own position objects: textkit splices runs and pdfkit
 * scales positions in place, and neither may disturb the cached run.
 */
import { LRUCache } from "lru-cache";

export type ShapedRun = { glyphs: { id: number }[]; positions: GlyphPosition[]; advanceWidth?: number };
export type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
export type LayoutFunction = (text: string, features?: unknown, script?: string, language?: string, direction?: string) => ShapedRun;
export type ShapingFont = { layout: LayoutFunction };

export type ShapingCacheStats = { hits: number; misses: number; composed: number; size: number; composable: string };

const DEFAULT_LIMIT = 50_000;

/** Characters tried for composition: Latin and Bengali digits and the signs numbers, dates and phones use. */
export const COMPOSITION_CANDIDATES = "0123456789০১২৩৪৫৬৭৮৯+-,.:/()%৳ ";

/** fontkit treats no features and an empty list alike; so does the cache (textkit passes [], measuring passes nothing). */
function featureKey(features: unknown): string {
  if (features === undefined || features === null) return "";
  if (Array.isArray(features) && features.length === 0) return "";
  if (typeof features === "object" && !Array.isArray(features) && Object.keys(features).length === 0) return "";
  return JSON.stringify(features);
}
let enabled = true;

/** Turns every installed cache on or off (benchmarks compare against react-pdf's own shaping). */
export function setShapingCacheEnabled(value: boolean): void {
  enabled = value;
}

function sameRun(a: ShapedRun, b: ShapedRun): boolean {
  if (a.glyphs.length !== b.glyphs.length) return false;
  return a.glyphs.every((g, i) => {
    const p = a.positions[i]!;
    const q = b.positions[i]!;
    return g.id === b.glyphs[i]!.id && p.xAdvance === q.xAdvance && p.yAdvance === q.yAdvance && p.xOffset === q.xOffset && p.yOffset === q.yOffset;
  });
}

function concatRuns(runs: readonly ShapedRun[]): ShapedRun {
  return { glyphs: runs.flatMap((r) => r.glyphs), positions: runs.flatMap((r) => r.positions) };
}

/**
 * The candidates this font shapes alone exactly as next to every other candidate (both orders). A pair
 * that differs (kerning, a ligature, a script-dependent form) removes both of its characters.
 */
export function composableCharacters(shape: (text: string) => ShapedRun, candidates = COMPOSITION_CANDIDATES): Set<string> {
  const chars = [...new Set(candidates)];
  const alone = new Map(chars.map((c) => [c, shape(c)]));
  const rejected = new Set<string>();
  for (const a of chars) {
    for (const b of chars) {
      if (!sameRun(shape(a + b), concatRuns([alone.get(a)!, alone.get(b)!]))) rejected.add(a).add(b);
    }
  }
  return new Set(chars.filter((c) => !rejected.has(c)));
}

/** The run of `text` put together from its characters' runs, fresh like every run handed out. */
function composeRun(text: string, runOf: (char: string) => ShapedRun): ShapedRun {
  const glyphs: ShapedRun["glyphs"] = [];
  const positions: GlyphPosition[] = [];
  let advanceWidth = 0;
  for (const char of text) {
    const run = runOf(char);
    for (let i = 0; i < run.glyphs.length; i++) {
      const p = run.positions[i]!;
      glyphs.push(run.glyphs[i]!);
      positions.push({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset });
      advanceWidth += p.xAdvance;
    }
  }
  return { glyphs, positions, advanceWidth };
}

/** A fresh run as fontkit returns it (pdfkit also reads its advance width). */
function copyRun(run: ShapedRun): ShapedRun {
  let advanceWidth = 0;
  const positions = run.positions.map((p) => {
    advanceWidth += p.xAdvance;
    return { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
  });
  return { glyphs: run.glyphs.slice(), positions, advanceWidth };
}

const PLAIN_PREFIX = "ltr\u0000\u0000\u0000\u0000";
const advances = new WeakMap<ShapingFont, (text: string) => number>();

function advanceOf(run: ShapedRun): number {
  let units = 0;
  for (const p of run.positions) units += p.xAdvance;
  return units;
}

/** The advance width of `text` shaped alone, in font units (through the font's cache when it has one). */
export function shapedAdvance(font: ShapingFont, text: string): number {
  return advances.get(font)?.(text) ?? advanceOf(font.layout(text));
}

/**
 * Replaces `font.layout` with a cached version, composing strings of `composableChars` (which must have
 * passed `composableCharacters` for this font). The least recently used entries go once `limit` is reached, so a
 * long-running server keeps a bounded cache. Returns live statistics. A missing direction counts as
 * left-to-right: the fonts here carry only left-to-right scripts, and fontkit defaults to it for them.
 */
export function installShapingCache(font: ShapingFont, { composableChars = "", limit = DEFAULT_LIMIT }: { composableChars?: string; limit?: number } = {}): ShapingCacheStats {
  const shape = font.layout.bind(font);
  const composable = new Set(composableChars);
  const cache = new LRUCache<string, ShapedRun>({ max: limit });
  const stats: ShapingCacheStats = { hits: 0, misses: 0, composed: 0, size: 0, composable: [...composable].join("") };
  const remember = (key: string, run: ShapedRun) => {
    cache.set(key, run);
    stats.size = cache.size;
  };
  const single = (char: string, prefix: string): ShapedRun => {
    // Reads and fills the same entries as font.layout(char) with no options.
    const key = prefix + char;
    let run = cache.get(key);
    if (!run) remember(key, (run = shape(char, undefined, undefined, undefined, "ltr")));
    return run;
  };
  const isComposable = (text: string) => text.length > 1 && [...text].every((c) => composable.has(c));
  font.layout = (text, features, script, language, direction) => {
    if (!enabled) return shape(text, features, script, language, direction);
    const plain = featureKey(features) === "" && script == null && language == null && (direction ?? "ltr") === "ltr";
    const prefix = `${direction ?? "ltr"}\u0000${script ?? ""}\u0000${language ?? ""}\u0000${featureKey(features)}\u0000`;
    const key = prefix + text;
    let run = cache.get(key);
    if (run) {
      stats.hits += 1;
    } else if (plain && isComposable(text)) {
      stats.composed += 1;
      return composeRun(text, (c) => single(c, prefix));
    } else {
      stats.misses += 1;
      const shaped = shape(text, features, script, language, direction);
      run = { glyphs: shaped.glyphs, positions: shaped.positions };
      remember(key, run);
    }
    return copyRun(run);
  };
  // Measuring needs only the advances: read them from the cached runs without copying anything.
  advances.set(font, (text) => {
    if (!enabled || !isComposable(text)) return advanceOf(font.layout(text));
    let units = 0;
    for (const char of text) units += advanceOf(single(char, PLAIN_PREFIX));
    return units;
  });
  return stats;
}
