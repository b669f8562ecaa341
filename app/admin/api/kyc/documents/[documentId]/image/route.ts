import { requireRoutePermission } from "@/lib/auth/guard";
import { getKycDocumentImage } from "@/lib/kyc/queries";

/** A KYC document's image, for staff who may read KYC cases. Never cached, never sniffed. */
export async function GET(_request: Request, { params }: { params: Promise<{ documentId: string }> }) {
  const { documentId } = await params;
  const ctx = await requireRoutePermission("kyc.read", `/admin/api/kyc/documents/${documentId}/image`);
  if (ctx instanceof Response) return ctx;
  const found = await getKycDocumentImage(documentId);
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (!found) return new Response("Not found", { status: 404, headers });
  const { bytes, mimeType } = found.frontImage;
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, "Content-Type": mimeType, "Content-Length": String(bytes.length), "Content-Disposition": "inline" },
  });
}
