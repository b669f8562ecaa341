import { isSameOrigin } from "@/lib/request";
import { requireSocietyRoutePermission } from "@/lib/society/access";
import { submitHandover } from "@/lib/society/field/handover-service";
import { FIELD_SYNC_VERSION, handoverSchema } from "@/lib/society/field/schemas";

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The field app closes the worker's day, version 1 (society.add): cash counted against the day's recorded
 * collections, sent once the phone's outbox is empty. Answers the typed result the phone shows.
 */
export async function POST(request: Request, { params }: { params: Promise<{ societyId: string }> }) {
  const { societyId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.add", "/society-manager/field/handover");
  if (access instanceof Response) return access;
  if (!isSameOrigin(request)) return json(403, { error: "crossSite" });
  const parsed = handoverSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return json(400, { error: "badRequest", version: FIELD_SYNC_VERSION });
  const result = await submitHandover(access, parsed.data);
  return json(result.ok ? 200 : 422, result);
}
