// pdfkit ships no types; only its document class is touched (pdfkit-font-reuse.ts).
declare module "pdfkit" {
  const PDFDocument: unknown;
  export default PDFDocument;
}
