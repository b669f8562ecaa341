import { requireRoutePermission } from "@/lib/auth/guard";
import { getKycDocumentImage } from "@/lib/kyc/queries";
import { kycDocumentIdField } from "@/lib/kyc/schemas";
import { parsePathParams } from "@/lib/validation/path-params";

/** A KYC document's image, for staff who may read KYC cases. Never cached, never sniffed. */
export async function GET(_request: Request, { params }: { params: Promise<{ documentId: string }> }) {
  const ids = await parsePathParams(params, { documentId: kycDocumentIdField });
  const ctx = await requireRoutePermission("kyc.read", `/admin/api/kyc/documents/${ids?.documentId ?? "[documentId]"}/image`);
  if (ctx instanceof Response) return ctx;
  const found = ids && (await getKycDocumentImage(ids.documentId, ctx.scope));
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (!found) return new Response("Not found", { status: 404, headers });
  const { bytes, mimeType } = found.frontImage;
  return new Response(new Uint8Array(bytes), {
    headers: { ...headers, "Content-Type": mimeType, "Content-Length": String(bytes.length), "Content-Disposition": "inline" },
  });
}
