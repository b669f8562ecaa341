import { requireSocietyRoutePermission } from "@/lib/society/access";
import { loadFieldSheet } from "@/lib/society/field/queries";
import { fieldSheetQuerySchema } from "@/lib/society/field/schemas";

/**
 * The day's sheet the field app keeps on the phone (society.view), version 1: the worker's members with their
 * amounts, what is already recorded and by whom, the members to check, the day's hand-over. Personal: never
 * stored by a shared cache.
 */
export async function GET(request: Request, { params }: { params: Promise<{ societyId: string }> }) {
  const { societyId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.view", "/society-manager/field/sheet");
  if (access instanceof Response) return access;
  const query = fieldSheetQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const headers = { "Cache-Control": "private, no-store" };
  if (!query.success) return Response.json({ error: "badRequest" }, { status: 400, headers });
  const sheet = await loadFieldSheet(access, query.data);
  if (sheet === "noWorkerLinked") return Response.json({ error: sheet }, { status: 409, headers });
  if (sheet === "workerNotFound") return Response.json({ error: sheet }, { status: 404, headers });
  return Response.json(sheet, { headers });
}
