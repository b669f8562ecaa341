import { requireSocietyRoutePermission } from "@/lib/society/access";
import { getWorkerPhoto } from "@/lib/society/queries";
import { recordId } from "@/lib/validation/fields";
import { notFoundResponse, parsePathParams } from "@/lib/validation/path-params";

/** A worker's photo, only for people with access to the worker's society ("society.view"). */
export async function GET(_request: Request, { params }: { params: Promise<{ societyId: string; workerId: string }> }) {
  const { societyId } = await params;
  const ids = await parsePathParams(params, { workerId: recordId });
  const access = await requireSocietyRoutePermission(societyId, "society.view", "/society-manager/workers/photo");
  if (access instanceof Response) return access;
  const photo = ids && (await getWorkerPhoto(access.societyId, ids.workerId));
  if (!photo) return notFoundResponse();
  return new Response(photo.bytes, {
    headers: {
      "Content-Type": photo.mimeType,
      "Cache-Control": "private, max-age=3600",
      ETag: `"${photo.sha256}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
