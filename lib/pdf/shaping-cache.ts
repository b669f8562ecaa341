/**
 * Memoises a font's text shaping. react-pdf shapes every text run through fontkit's `layout`, and
 * for Bengali half of a report's render time is the Indic shaper working out the same strings again
 * (dates, amounts, headings, worker names). A shaped run depends only on the font, the string, its
 * OpenType features and direction, so it can be reused as is.
 *
 * textkit copies the positions it scales and reads glyphs without changing them; each hit still gets
 * its own glyph array so a caller that splices a run cannot disturb the cached one.
 */
export type ShapedRun = { glyphs: unknown[]; positions: unknown[] };
export type LayoutFunction = (text: string, features?: unknown, script?: string, language?: string, direction?: string) => ShapedRun;
export type ShapingFont = { layout: LayoutFunction };

export type ShapingCacheStats = { hits: number; misses: number; size: number };

const DEFAULT_LIMIT = 50_000;

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

/**
 * Replaces `font.layout` with a cached version. Oldest entries go first once `limit` is reached, so a
 * long-running server keeps a bounded cache. Returns live statistics.
 */
export function installShapingCache(font: ShapingFont, limit = DEFAULT_LIMIT): ShapingCacheStats {
  const shape = font.layout.bind(font);
  const cache = new Map<string, ShapedRun>();
  const stats: ShapingCacheStats = { hits: 0, misses: 0, size: 0 };
  font.layout = (text, features, script, language, direction) => {
    if (!enabled) return shape(text, features, script, language, direction);
    const key = `${direction ?? ""}\u0000${script ?? ""}\u0000${language ?? ""}\u0000${featureKey(features)}\u0000${text}`;
    let run = cache.get(key);
    if (run) {
      stats.hits += 1;
    } else {
      stats.misses += 1;
      const shaped = shape(text, features, script, language, direction);
      run = { glyphs: shaped.glyphs, positions: shaped.positions };
      if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
      cache.set(key, run);
      stats.size = cache.size;
    }
    return { glyphs: run.glyphs.slice(), positions: run.positions };
  };
  return stats;
}
