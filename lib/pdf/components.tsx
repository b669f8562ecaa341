import { Canvas, Document, Page, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { Locale } from "@/i18n/config";
import { localizeDigits } from "@/lib/format";
import { layoutLine, measureTextWidth, PDF_FONT_FAMILY, pdfFonts, type PdfFontWeight } from "./fonts";
import { CELL_PADDING, planPages, type ColumnAlign, type PagePart, type PlannedPage, type TableSection } from "./table-plan";

/** Page geometry in points (A4 portrait) and the one line height every table row is built from. */
export const PDF_PAGE = { width: 595.28, height: 841.89, margin: 36, fontSize: 8.5, line: 13 } as const;
export const CONTENT_WIDTH = PDF_PAGE.width - 2 * PDF_PAGE.margin;
/** Table lines on a page below the header and above the footer. */
export const LINES_PER_PAGE = 52;

/**
 * Paper sizes a document is printed on: A4, and A5 for what a member carries (the passbook). Same margins, type and
 * line height; an A5 page holds fewer lines and narrower tables.
 */
export type PdfPaper = "A4" | "A5";
export const PDF_PAPER: Record<PdfPaper, { width: number; height: number; linesPerPage: number }> = {
  A4: { width: PDF_PAGE.width, height: PDF_PAGE.height, linesPerPage: LINES_PER_PAGE },
  A5: { width: 419.53, height: 595.28, linesPerPage: 33 },
};
export function contentWidth(paper: PdfPaper): number {
  return PDF_PAPER[paper].width - 2 * PDF_PAGE.margin;
}

/** Tables wrapped with the real font metrics and placed on numbered pages (fonts loaded first). */
export function planTables(sections: readonly TableSection[], paper: PdfPaper = "A4"): PlannedPage[] {
  return planPages(sections, (text) => measureTextWidth(text, PDF_PAGE.fontSize), PDF_PAPER[paper].linesPerPage, (text) => measureTextWidth(text, PDF_PAGE.fontSize, 700));
}

const colors = { text: "#1f2937", muted: "#6b7280", rule: "#d1d5db", stripe: "#f3f4f6", brand: "#047857" } as const;

/** What every page shows around its content; all strings already translated. */
export type PdfChrome = {
  locale: Locale;
  societyName: string;
  title: string;
  subtitle?: string;
  printedAt: string;
  /** "Page {page} of {total}" in the document's language. */
  pageTemplate: string;
  continued: string;
};

function pageLabel(chrome: PdfChrome, page: number, total: number): string {
  return localizeDigits(chrome.pageTemplate.replace("{page}", String(page)).replace("{total}", String(total)), chrome.locale);
}

export function PdfDocument({ chrome, children }: { chrome: PdfChrome; children: ReactNode }) {
  return (
    <Document title={`${chrome.societyName} — ${chrome.title}`} author={chrome.societyName} language={chrome.locale === "bn" ? "bn-BD" : "en"}>
      {children}
    </Document>
  );
}

/** One page (A4 unless given) with the society's name, the document's title, printed-at time and "page n of m". */
export function PdfPage({ chrome, page, total, paper = "A4", children }: { chrome: PdfChrome; page: number; total: number; paper?: PdfPaper; children: ReactNode }) {
  return (
    <Page size={paper} style={{ fontFamily: PDF_FONT_FAMILY, fontSize: PDF_PAGE.fontSize, color: colors.text, padding: PDF_PAGE.margin, paddingBottom: PDF_PAGE.margin + 10 }}>
      <View style={{ flexDirection: "row", justifyContent: "space-between", alignItems: "flex-end", borderBottomWidth: 1, borderBottomColor: colors.brand, paddingBottom: 4, marginBottom: 8 }}>
        <View>
          <Text style={{ fontSize: 13, fontWeight: 700, color: colors.brand }}>{chrome.societyName}</Text>
          <Text style={{ fontSize: 10, fontWeight: 700 }}>{chrome.title}</Text>
          {chrome.subtitle ? <Text style={{ color: colors.muted }}>{chrome.subtitle}</Text> : null}
        </View>
        <Text style={{ color: colors.muted }}>{chrome.printedAt}</Text>
      </View>
      {children}
      <Text style={{ position: "absolute", bottom: PDF_PAGE.margin - 12, left: PDF_PAGE.margin, right: PDF_PAGE.margin, textAlign: "center", color: colors.muted }}>
        {pageLabel(chrome, page, total)}
      </Text>
    </Page>
  );
}

const lineHeight = `${PDF_PAGE.line}pt`;

/** What react-pdf's `Canvas` hands its `paint` callback: pdfkit's drawing calls, chainable. */
type Painter = {
  font(font: unknown, size: number): Painter;
  text(text: string, x: number, y: number, options: object): Painter;
  fillColor(color: string): Painter;
  rect(x: number, y: number, width: number, height: number): Painter;
  fill(color?: string): Painter;
  moveTo(x: number, y: number): Painter;
  lineTo(x: number, y: number): Painter;
  lineWidth(width: number): Painter;
  stroke(color?: string): Painter;
};

/** Distance from a table line's top to its text's baseline: the font's height centred in the line. */
function baselineOffset(fontSize: number): number {
  const [font] = pdfFonts();
  return (PDF_PAGE.line + ((font!.ascent + font!.descent) * fontSize) / font!.unitsPerEm) / 2;
}

/** One line in a cell, run by run in the font that has its characters; `x` is the cell's left edge. */
function paintCellLine(painter: Painter, text: string, x: number, width: number, baseline: number, align: ColumnAlign | undefined, weight: PdfFontWeight) {
  if (!text) return;
  const line = layoutLine(text, PDF_PAGE.fontSize, weight);
  let left = align === "right" ? x + width - CELL_PADDING / 2 - line.width : x + CELL_PADDING / 2;
  for (const run of line.runs) {
    painter.font(run.font, PDF_PAGE.fontSize).text(run.text, left, baseline, { lineBreak: false, baseline: "alphabetic" });
    left += run.width;
  }
}

/**
 * The header row and the rows of a planned table part, drawn directly: every line is already wrapped
 * and placed, so react-pdf's text layout (line breaking, bidi, attributed strings) would only repeat
 * that work for thousands of lines. The page's chrome and titles stay react-pdf text.
 */
function paintTable(painter: Painter, part: PagePart, width: number) {
  const line = PDF_PAGE.line;
  const baseline = baselineOffset(PDF_PAGE.fontSize);
  const lefts = part.columns.map((_, i) => part.columns.slice(0, i).reduce((sum, c) => sum + c.width, 0));
  let top = 0;
  if (part.header) {
    painter.fillColor(colors.text);
    part.header.cells.forEach((cell, c) => cell.forEach((text, i) => paintCellLine(painter, text, lefts[c]!, part.columns[c]!.width, i * line + baseline, part.columns[c]!.align, 700)));
    top = part.header.height * line;
    painter.lineWidth(0.75).moveTo(0, top).lineTo(width, top).stroke(colors.rule);
  }
  const rowsTop = top;
  part.rows.forEach((row, r) => {
    if (r % 2 === 1) painter.rect(0, top, width, row.height * line).fill(colors.stripe);
    top += row.height * line;
  });
  painter.fillColor(colors.text);
  top = rowsTop;
  for (const row of part.rows) {
    row.cells.forEach((cell, c) => cell.forEach((text, i) => paintCellLine(painter, text, lefts[c]!, part.columns[c]!.width, top + i * line + baseline, part.columns[c]!.align, 400)));
    top += row.height * line;
  }
}

/** A table part as planned: its title, then its header row and rows. */
export function TablePart({ part, chrome }: { part: PagePart; chrome: PdfChrome }) {
  const width = part.columns.reduce((sum, c) => sum + c.width, 0);
  const lines = (part.header?.height ?? 0) + part.rows.reduce((sum, r) => sum + r.height, 0);
  return (
    <View>
      {part.title ? (
        <Text style={{ fontSize: 10, fontWeight: 700, color: colors.brand, marginTop: PDF_PAGE.line * 0.6, height: PDF_PAGE.line * 1.4 }}>
          {part.continued ? `${part.title} (${chrome.continued})` : part.title}
        </Text>
      ) : null}
      {lines > 0 ? <Canvas style={{ width, height: lines * PDF_PAGE.line }} paint={(painter: Painter) => (paintTable(painter, part, width), null)} /> : null}
      {part.empty ? <Text style={{ color: colors.muted, lineHeight, paddingHorizontal: CELL_PADDING / 2 }}>{part.empty}</Text> : null}
    </View>
  );
}

/** A document made only of planned table pages (database report, member profile). */
export function TablesDocument({ chrome, pages, paper = "A4" }: { chrome: PdfChrome; pages: PlannedPage[]; paper?: PdfPaper }) {
  return (
    <PdfDocument chrome={chrome}>
      {pages.map((parts, p) => (
        <PdfPage key={p} chrome={chrome} page={p + 1} total={pages.length} paper={paper}>
          {parts.map((part, i) => (
            <TablePart key={i} part={part} chrome={chrome} />
          ))}
        </PdfPage>
      ))}
    </PdfDocument>
  );
}
