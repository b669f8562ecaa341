import { requireRoutePermission } from "@/lib/auth/guard";
import { getApplicationNidImage } from "@/lib/applications/review-queries";
import { applicationReferenceField } from "@/lib/applications/review-schemas";
import { parsePathParams } from "@/lib/validation/path-params";

/** The applicant's NID card photo, for staff who may read applications. Never cached, never sniffed. */
export async function GET(_request: Request, { params }: { params: Promise<{ applicationId: string }> }) {
  const ids = await parsePathParams(params, { applicationId: applicationReferenceField });
  const ctx = await requireRoutePermission("applications.read", `/admin/api/applications/${ids?.applicationId ?? "[applicationId]"}/nid-image`);
  if (ctx instanceof Response) return ctx;
  const image = ids && (await getApplicationNidImage(ids.applicationId, ctx.scope));
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (!image) return new Response("Not found", { status: 404, headers });
  return new Response(new Uint8Array(image.bytes), {
    headers: { ...headers, "Content-Type": image.mimeType, "Content-Length": String(image.bytes.length), "Content-Disposition": "inline" },
  });
}
