/** Liveness (GET /api/health/live): the process answers. Never cached; no database, no secrets. */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "live" }, { headers: { "Cache-Control": "no-store" } });
}
