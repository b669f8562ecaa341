/**
 * One line of text split into runs of one font each, for fonts that each cover part of the text
 * (Noto Sans Bengali has Bengali, digits and signs but no Latin letters; Noto Sans has Latin). A
 * character stays in the current run when that run's font has it (spaces, digits, signs), so words
 * and numbers are not cut into pieces; otherwise it goes to the first font that has it.
 */
export type CoveringFont = { hasGlyphForCodePoint(codePoint: number): boolean };
export type FontRun<F> = { font: F; text: string };

export function splitFontRuns<F extends CoveringFont>(text: string, fonts: readonly F[]): FontRun<F>[] {
  const runs: FontRun<F>[] = [];
  let current: FontRun<F> | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    if (current?.font.hasGlyphForCodePoint(codePoint)) {
      current.text += char;
      continue;
    }
    const font = fonts.find((f) => f.hasGlyphForCodePoint(codePoint));
    // A character no font has stays where it is (it prints as the font's missing-glyph box).
    if (current && (!font || font === current.font)) {
      current.text += char;
      continue;
    }
    current = { font: font ?? fonts[0]!, text: char };
    runs.push(current);
  }
  return runs;
}
