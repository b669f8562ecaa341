/**
 * fontkit keeps one glyph object per glyph id and hands it out again with the code points of whichever request made
 * it first (foliojs/fontkit#154). Those code points are read later: fontkit's Indic shaper takes each letter's
 * category from them, and react-pdf's textkit maps glyphs back to string positions by counting them.
 *
 * Noto Sans Bengali draws য় ড় ঢ় as composites of য ড ঢ and the nukta. Writing a document's font subset reads those
 * components without code points, so once a PDF has printed a precomposed য় (U+09DF, as phone keyboards type names)
 * before any plain য, the process's ya glyph stands for no character: every later য or য় (textkit decomposes it)
 * has no category, and the vowel sign after it is printed apart, on a dotted circle (বকেয়া, মিয়া, বাড়ি, আষাঢ়ে).
 * A yya glyph first made from U+09DF likewise counts one code point where textkit's য + ◌় has two, and textkit
 * then cuts a wrapped line in the wrong place.
 *
 * Normalising the text cannot help (fontkit shapes both forms right; the stale glyph is the fault), so each request
 * gets a glyph carrying the code points it asked for: the shared glyph when they agree, otherwise a view of it (the
 * same glyph through its prototype, with its own code points), made per request so that nothing accumulates.
 */
export type CodePointGlyph = { id: number; codePoints: number[] };
export type GlyphSource<G extends CodePointGlyph = CodePointGlyph> = { getGlyph(id: number, codePoints?: number[]): G | null };

const INSTALLED = Symbol.for("rinbondhu.glyphCodePoints");

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

/** `glyph` as the glyph of exactly `codePoints`: itself when it already is, else a view that does not touch it. */
export function withCodePoints<G extends CodePointGlyph>(glyph: G, codePoints: readonly number[]): G {
  if (sameCodePoints(glyph.codePoints, codePoints)) return glyph;
  return Object.create(glyph, { codePoints: { value: [...codePoints], enumerable: true, writable: true } }) as G;
}

/** Makes `font.getGlyph` answer every request with the code points asked for (once per font object). */
export function installGlyphCodePoints<G extends CodePointGlyph>(font: GlyphSource<G>): void {
  const marked = font as GlyphSource<G> & { [INSTALLED]?: true };
  if (marked[INSTALLED]) return;
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    return glyph && withCodePoints(glyph, codePoints);
  };
  marked[INSTALLED] = true;
}
