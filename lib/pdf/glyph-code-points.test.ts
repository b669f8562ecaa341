import path from "node:path";
import { Font } from "@react-pdf/renderer";
import { describe, expect, it } from "vitest";
import { installGlyphCodePoints, withCodePoints, type CodePointGlyph } from "./glyph-code-points";

type FakeGlyph = CodePointGlyph & { advanceWidth: number };

/** Keeps one glyph per id with the code points of its first request, as fontkit's getGlyph does. */
function fontkitLikeFont() {
  const glyphs = new Map<number, FakeGlyph>();
  return {
    glyphs,
    getGlyph(id: number, codePoints: number[] = []): FakeGlyph | null {
      if (id < 0) return null;
      if (!glyphs.has(id)) glyphs.set(id, { id, codePoints, advanceWidth: 500 + id });
      return glyphs.get(id)!;
    },
  };
}

describe("withCodePoints", () => {
  it("returns the glyph itself when its code points are the ones asked for", () => {
    const glyph = { id: 7, codePoints: [0x9df] };
    expect(withCodePoints(glyph, [0x9df])).toBe(glyph);
  });

  it("otherwise a view with the asked code points that leaves the shared glyph alone", () => {
    const glyph = { id: 7, codePoints: [0x9df], advanceWidth: 612 };
    const view = withCodePoints(glyph, [0x9af, 0x9bc]);
    expect(view).not.toBe(glyph);
    expect(view.codePoints).toEqual([0x9af, 0x9bc]);
    expect([view.id, view.advanceWidth]).toEqual([7, 612]);
    expect(glyph.codePoints).toEqual([0x9df]);
    expect(withCodePoints(glyph, []).codePoints).toEqual([]);
  });
});

describe("installGlyphCodePoints", () => {
  it("answers each request with its own code points, whatever came first", () => {
    const font = fontkitLikeFont();
    installGlyphCodePoints(font);
    // A font subset reads a composite's component without code points; the next shaping asks with them.
    expect(font.getGlyph(3)!.codePoints).toEqual([]);
    expect(font.getGlyph(3, [0x9af])!.codePoints).toEqual([0x9af]);
    expect(font.getGlyph(4, [0x9df])!.codePoints).toEqual([0x9df]);
    expect(font.getGlyph(4, [0x9af, 0x9bc])!.codePoints).toEqual([0x9af, 0x9bc]);
    expect(font.getGlyph(4, [0x9df])).toBe(font.glyphs.get(4));
    expect(font.getGlyph(-1, [0x41])).toBeNull();
  });

  it("wraps a font once", () => {
    const font = fontkitLikeFont();
    installGlyphCodePoints(font);
    const wrapped = font.getGlyph;
    installGlyphCodePoints(font);
    expect(font.getGlyph).toBe(wrapped);
  });
});

/** What these tests use of a fontkit font. */
type RealFont = {
  layout(text: string): { glyphs: CodePointGlyph[] };
  getGlyph(id: number, codePoints?: number[]): CodePointGlyph | null;
  createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
};

let loads = 0;
/** A fresh fontkit object for the PDF's Bengali font file: nothing shaped or cached yet. */
async function freshBengaliFont(): Promise<RealFont> {
  const descriptor = { fontFamily: `glyph-code-points-test-${++loads}`, fontWeight: 400, fontStyle: "normal" as const };
  Font.register({ family: descriptor.fontFamily, src: path.join(process.cwd(), "assets", "fonts", "NotoSansBengali-Regular.ttf") });
  await Font.load(descriptor);
  return (Font.getFont(descriptor) as unknown as { data: RealFont }).data;
}

/** One PDF printing a name typed with precomposed য় ড় ঢ়, as pdfkit does it: shaped, then written as a subset. */
function printPrecomposed(font: RealFont) {
  const subset = font.createSubset();
  for (const glyph of font.layout("\u09AE\u09BF\u09DF\u09BE \u09AC\u09BE\u09DC\u09BF \u0986\u09B7\u09BE\u09DD\u09C7").glyphs) subset.includeGlyph(glyph.id);
  subset.encode();
}

// How textkit hands Bengali to fontkit: decomposed (য + ◌়).
const LATER_TEXT = "বকেয়া মেয়াদ মিয়া বাড়ি আষাঢ়ে ডাক ঢাকা যদি".normalize("NFD");
/** The glyph ids fontkit puts on a dotted circle for a sign it could not attach. */
const dottedCircle = (font: RealFont) => font.layout("\u25CC").glyphs[0]!.id;

describe("the PDF's Bengali font after a precomposed য় ড় ঢ় was printed", () => {
  it("still gets the vowel signs of later text right, glyphs accounting for every character", async () => {
    const font = await freshBengaliFont();
    installGlyphCodePoints(font);
    printPrecomposed(font);
    const glyphs = font.layout(LATER_TEXT).glyphs;
    expect(glyphs.map((g) => g.id)).not.toContain(dottedCircle(font));
    expect(glyphs.reduce((n, g) => n + g.codePoints.length, 0)).toBe(LATER_TEXT.length);
  });

  it("is broken by fontkit itself without the fix (when this fails, fontkit has fixed it: the fix can go)", async () => {
    const font = await freshBengaliFont();
    printPrecomposed(font);
    expect(font.layout(LATER_TEXT).glyphs.map((g) => g.id)).toContain(dottedCircle(font));
  });
});
