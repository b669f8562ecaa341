import { countFieldSyncEntries } from "@/lib/ops/metrics";
import { isSameOrigin } from "@/lib/request";
import { requireSocietyRoutePermission } from "@/lib/society/access";
import { fieldSyncRequestSchema, FIELD_SYNC_VERSION } from "@/lib/society/field/schemas";
import { syncFieldEntries } from "@/lib/society/field/sync-service";

/** A batch of 200 entries is about 50 KB; anything far larger is not the field app. */
const MAX_BODY_BYTES = 512 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The field app's outbox sync, version 1 (society.add): a stable address the phone's outbox posts to, never a
 * server action. Answers per entry: recorded, duplicate (already recorded, same receipt) or refused with a reason.
 * A request that is not version 1 gets 400 with the version this server speaks, so an old phone knows to update.
 */
export async function POST(request: Request, { params }: { params: Promise<{ societyId: string }> }) {
  const { societyId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.add", "/society-manager/field/sync");
  if (access instanceof Response) return access;
  if (!isSameOrigin(request)) return json(403, { error: "crossSite" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return json(413, { error: "tooLarge" });
  // A body sent without a length (chunked) is measured once read.
  const text = await request.text().catch(() => "");
  if (text.length > MAX_BODY_BYTES) return json(413, { error: "tooLarge" });
  const parsed = fieldSyncRequestSchema.safeParse(parseJson(text));
  if (!parsed.success) return json(400, { error: "badRequest", version: FIELD_SYNC_VERSION });
  const response = await syncFieldEntries(access, parsed.data);
  countFieldSyncEntries(response.results.map((r) => r.status));
  return json(200, response);
}
