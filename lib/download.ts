/**
 * A Content-Disposition value every browser reads: an ASCII fallback name plus the real (UTF-8) name in
 * `filename*` (RFC 6266), so Bengali file names survive and old clients still get something usable.
 */
export function contentDisposition(kind: "inline" | "attachment", filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
