import { checkReadiness } from "@/lib/ops/health";

/**
 * Readiness (GET /api/health/ready): 200 when the database answers, the migrations this build ships are applied and
 * the background work runs; otherwise 503 with which check failed, within 2 s. Never cached; nothing secret.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(
    { status: readiness.ready ? "ready" : "not ready", checks: readiness.checks },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
