import { isSameOrigin } from "@/lib/request";
import { dhakaToday } from "@/lib/format";
import { contentDisposition } from "@/lib/download";
import { requireSocietyRoutePermission } from "@/lib/society/access";
import { BACKUP_MAX_BYTES, readAtMost } from "@/lib/society/backup/format";
import { backupStream, restoreBackup } from "@/lib/society/backup/service";

type Params = { params: Promise<{ societyId: string }> };

/**
 * The society's JSON backup (society.view: admins and users, as the spec allows), streamed; with
 * `?compressed=1` the same file gzip-compressed (`.json.gz`), for societies whose backup passes the
 * upload limit as plain JSON.
 */
export async function GET(request: Request, { params }: Params) {
  const { societyId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.view", "/society-manager/backup");
  if (access instanceof Response) return access;
  const compressed = new URL(request.url).searchParams.get("compressed") === "1";
  const name = `society_backup_${dhakaToday()}_${Date.now()}.json${compressed ? ".gz" : ""}`;
  const stream = backupStream(access.societyId);
  // TypeScript's DOM types declare CompressionStream's input as BufferSource, a wider type than the stream's bytes.
  const gzip = () => stream.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Response(compressed ? gzip() : stream, {
    headers: {
      "Content-Type": compressed ? "application/gzip" : "application/json; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * Restore (society.import: society admins only). The body is the file itself. Cookies ride along on
 * cross-site requests, so only a same-origin request is accepted; the size is bounded while reading,
 * whatever Content-Length claims.
 */
export async function POST(request: Request, { params }: Params) {
  const { societyId } = await params;
  const access = await requireSocietyRoutePermission(societyId, "society.import", "/society-manager/backup:restore");
  if (access instanceof Response) return access;
  if (!isSameOrigin(request)) return json(403, { ok: false, problems: [] });
  if (Number(request.headers.get("content-length") ?? 0) > BACKUP_MAX_BYTES) return json(413, { ok: false, problems: [{ code: "tooLarge" }] });
  const body = request.body ? await readAtMost(request.body, BACKUP_MAX_BYTES) : new Uint8Array();
  if (body === null) return json(413, { ok: false, problems: [{ code: "tooLarge" }] });
  const outcome = await restoreBackup(access, body);
  return json(outcome.ok ? 200 : 422, outcome);
}
