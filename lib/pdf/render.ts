import "server-only";
import { renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { contentDisposition } from "@/lib/download";
import { LINES_PER_PAGE, PDF_PAGE } from "./components";
import { ensurePdfFonts, measureTextWidth } from "./fonts";
import { installPdfkitFontReuse } from "./pdfkit-font-reuse";
import { planPages, type PlannedPage, type TableSection } from "./table-plan";

/** Fonts loaded, shaping cached, pdfkit's font lookups reused: call before planning or rendering. */
export async function preparePdf(): Promise<void> {
  installPdfkitFontReuse();
  await ensurePdfFonts();
}

/** Tables wrapped with the real font metrics and placed on numbered pages. */
export function planTables(sections: readonly TableSection[]): PlannedPage[] {
  return planPages(sections, (text) => measureTextWidth(text, PDF_PAGE.fontSize), LINES_PER_PAGE);
}

export async function renderPdf(document: ReactElement): Promise<Buffer> {
  await preparePdf();
  // react-pdf's types want its own Document element; ours are components that return one.
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}

/** A PDF shown in the browser's viewer (printable), with a file name that works in every browser. */
export function pdfResponse(pdf: Buffer, filename: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition("inline", filename),
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
