import PDFDocument from "pdfkit";

/**
 * react-pdf hands pdfkit the fontkit font object for every text run. pdfkit keys its font cache by
 * name only, so each run builds a new embedded-font wrapper and compares it with the cached one by
 * serialising the font's name table to JSON: about a tenth of a large report's render time. This
 * keeps, per document, the embedded font made for each fontkit object and reuses it. The output is
 * the same; only the discarded wrappers are gone. pdfkit is pinned (package.json) because this reads
 * its `_font` field; the PDF tests fail if that changes.
 */
type PdfKitDocument = { _font: unknown; _fontSource: unknown; _fontFamily: unknown; fontSize(size: number): unknown };
type FontMethod = (this: PdfKitDocument, src: unknown, family?: unknown, size?: unknown) => PdfKitDocument;

const PATCHED = Symbol.for("rinbondhu.pdfkitFontReuse");
const proto = (PDFDocument as unknown as { prototype: { font: FontMethod; [PATCHED]?: true } }).prototype;

export function installPdfkitFontReuse(): void {
  if (proto[PATCHED]) return;
  const original = proto.font;
  const embedded = new WeakMap<PdfKitDocument, Map<object, unknown>>();
  proto.font = function font(src, family, size) {
    if (!src || typeof src !== "object" || typeof (src as { layout?: unknown }).layout !== "function") return original.call(this, src, family, size);
    let fonts = embedded.get(this);
    if (!fonts) embedded.set(this, (fonts = new Map()));
    const known = fonts.get(src);
    if (!known) {
      original.call(this, src, family, size);
      fonts.set(src, this._font);
      return this;
    }
    const fontSize = typeof family === "number" ? family : size;
    this._font = known;
    this._fontSource = src;
    this._fontFamily = null;
    if (typeof fontSize === "number") this.fontSize(fontSize);
    return this;
  };
  proto[PATCHED] = true;
}
