import { Document, Page, Text, View } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { Locale } from "@/i18n/config";
import { localizeDigits } from "@/lib/format";
import { measureTextWidth, PDF_FONT_FAMILY } from "./fonts";
import { columnBlocks, planPages, type PagePart, type PlannedPage, type TableSection } from "./table-plan";

/** Page geometry in points (A4 portrait) and the one line height every table row is built from. */
export const PDF_PAGE = { width: 595.28, height: 841.89, margin: 36, fontSize: 8.5, line: 13 } as const;
export const CONTENT_WIDTH = PDF_PAGE.width - 2 * PDF_PAGE.margin;
/** Table lines on a page below the header and above the footer. */
export const LINES_PER_PAGE = 52;

/** Tables wrapped with the real font metrics and placed on numbered pages (fonts loaded first). */
export function planTables(sections: readonly TableSection[]): PlannedPage[] {
  return planPages(sections, (text) => measureTextWidth(text, PDF_PAGE.fontSize), LINES_PER_PAGE);
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

/** One A4 page with the society's name, the document's title, printed-at time and "page n of m". */
export function PdfPage({ chrome, page, total, children }: { chrome: PdfChrome; page: number; total: number; children: ReactNode }) {
  return (
    <Page size="A4" style={{ fontFamily: PDF_FONT_FAMILY, fontSize: PDF_PAGE.fontSize, color: colors.text, padding: PDF_PAGE.margin, paddingBottom: PDF_PAGE.margin + 10 }}>
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

/** A table part as planned: a header row, then one text block per column over striped rows. */
export function TablePart({ part, chrome }: { part: PagePart; chrome: PdfChrome }) {
  const blocks = columnBlocks(part);
  let offset = 0;
  const stripes: { top: number; height: number }[] = [];
  part.rows.forEach((row, i) => {
    if (i % 2 === 1) stripes.push({ top: offset * PDF_PAGE.line, height: row.height * PDF_PAGE.line });
    offset += row.height;
  });
  return (
    <View>
      {part.title ? (
        <Text style={{ fontSize: 10, fontWeight: 700, color: colors.brand, marginTop: PDF_PAGE.line * 0.6, height: PDF_PAGE.line * 1.4 }}>
          {part.continued ? `${part.title} (${chrome.continued})` : part.title}
        </Text>
      ) : null}
      {part.showHeader ? (
        <View style={{ flexDirection: "row", borderBottomWidth: 0.75, borderBottomColor: colors.rule }}>
          {part.columns.map((c, i) => (
            <Text key={i} style={{ width: c.width, paddingHorizontal: 3, fontWeight: 700, textAlign: c.align ?? "left", lineHeight }}>
              {c.header}
            </Text>
          ))}
        </View>
      ) : null}
      {part.empty ? (
        <Text style={{ color: colors.muted, lineHeight, paddingHorizontal: 3 }}>{part.empty}</Text>
      ) : (
        <View style={{ flexDirection: "row" }}>
          {stripes.map((s, i) => (
            <View key={`s${i}`} style={{ position: "absolute", left: 0, right: 0, top: s.top, height: s.height, backgroundColor: colors.stripe }} />
          ))}
          {part.columns.map((c, i) => (
            <Text key={i} style={{ width: c.width, paddingHorizontal: 3, textAlign: c.align ?? "left", lineHeight }}>
              {blocks[i]}
            </Text>
          ))}
        </View>
      )}
    </View>
  );
}

/** A document made only of planned table pages (database report, member profile). */
export function TablesDocument({ chrome, pages }: { chrome: PdfChrome; pages: PlannedPage[] }) {
  return (
    <PdfDocument chrome={chrome}>
      {pages.map((parts, p) => (
        <PdfPage key={p} chrome={chrome} page={p + 1} total={pages.length}>
          {parts.map((part, i) => (
            <TablePart key={i} part={part} chrome={chrome} />
          ))}
        </PdfPage>
      ))}
    </PdfDocument>
  );
}
