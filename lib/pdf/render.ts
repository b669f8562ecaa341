import "server-only";
import { renderToBuffer } from "@react-pdf/renderer";
import type { ReactElement } from "react";
import { contentDisposition } from "@/lib/download";
import { ensurePdfFonts } from "./fonts";
import { installPdfkitFontReuse } from "./pdfkit-font-reuse";

/** Fonts loaded, shaping cached, pdfkit's font lookups reused: call before planning or rendering. */
export async function preparePdf(): Promise<void> {
  installPdfkitFontReuse();
  await ensurePdfFonts();
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
