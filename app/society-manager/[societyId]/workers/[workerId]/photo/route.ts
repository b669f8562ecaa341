import { requireSocietyRoutePermission } from "@/lib/society/access";
import { getWorkerPhoto } from "@/lib/society/queries";

/** A worker's photo, only for people with access to the worker's society ("society.view"). */
export async function GET(_request: Request, { params }: { params: Promise<{ societyId: string; workerId: string }> }) {
  const { societyId, workerId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.view", `/society-manager/${societyId}/workers/photo`);
  if (access instanceof Response) return access;
  const photo = await getWorkerPhoto(access.societyId, workerId);
  if (!photo) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(photo.bytes, {
    headers: {
      "Content-Type": photo.mimeType,
      "Cache-Control": "private, max-age=3600",
      ETag: `"${photo.sha256}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
