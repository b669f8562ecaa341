/**
 * The benchmark's baseline: the same sections and page chrome set the way react-pdf's documentation
 * builds a table (a row of `Text` cells per row, pages broken by react-pdf with a fixed header and
 * `render` page numbers), with react-pdf's own text layout and no cache. Not used by the app.
 */
import { Document, Page, Text, View } from "@react-pdf/renderer";
import { PDF_PAGE, type PdfChrome } from "../lib/pdf/components";
import { PDF_FONT_FAMILY } from "../lib/pdf/fonts";
import { localizeDigits } from "../lib/format";
import type { TableSection } from "../lib/pdf/table-plan";

export function PlainTablesDocument({ chrome, sections }: { chrome: PdfChrome; sections: TableSection[] }) {
  return (
    <Document>
      <Page size="A4" style={{ fontFamily: PDF_FONT_FAMILY, fontSize: PDF_PAGE.fontSize, padding: PDF_PAGE.margin, paddingBottom: PDF_PAGE.margin + 10 }}>
        <View fixed style={{ borderBottomWidth: 1, paddingBottom: 4, marginBottom: 8, flexDirection: "row", justifyContent: "space-between" }}>
          <View>
            <Text style={{ fontSize: 13, fontWeight: 700 }}>{chrome.societyName}</Text>
            <Text style={{ fontSize: 10, fontWeight: 700 }}>{chrome.title}</Text>
          </View>
          <Text>{chrome.printedAt}</Text>
        </View>
        {sections.map((section, s) => (
          <View key={s}>
            {section.title ? <Text style={{ fontSize: 10, fontWeight: 700, marginTop: 8 }}>{section.title}</Text> : null}
            {section.showHeader === false ? null : (
              <View style={{ flexDirection: "row", borderBottomWidth: 0.75 }}>
                {section.columns.map((c, i) => (
                  <Text key={i} style={{ width: c.width, paddingHorizontal: 3, fontWeight: 700, textAlign: c.align ?? "left" }}>{c.header}</Text>
                ))}
              </View>
            )}
            {section.rows.map((row, r) => (
              <View key={r} wrap={false} style={{ flexDirection: "row", backgroundColor: r % 2 ? "#f3f4f6" : undefined }}>
                {section.columns.map((c, i) => (
                  <Text key={i} style={{ width: c.width, paddingHorizontal: 3, textAlign: c.align ?? "left", lineHeight: `${PDF_PAGE.line}pt` }}>{row[i]}</Text>
                ))}
              </View>
            ))}
          </View>
        ))}
        <Text fixed style={{ position: "absolute", bottom: PDF_PAGE.margin - 12, left: PDF_PAGE.margin, right: PDF_PAGE.margin, textAlign: "center" }} render={({ pageNumber, totalPages }) => localizeDigits(chrome.pageTemplate.replace("{page}", String(pageNumber)).replace("{total}", String(totalPages)), chrome.locale)} />
      </Page>
    </Document>
  );
}
