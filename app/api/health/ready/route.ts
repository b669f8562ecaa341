import { checkReadiness } from "@/lib/ops/health";

/**
 * Readiness (GET /api/health/ready): 200 when the database answers, the migrations this build ships are applied and
 * the background work runs; otherwise 503 with which check failed, within 2 s. "degraded" (still 200) when staff
 * two-step secrets do not open under the configured key, with how many. Never cached; nothing secret.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  const status = !readiness.ready ? "not ready" : readiness.degraded ? "degraded" : "ready";
  return Response.json(
    {
      status,
      checks: readiness.checks,
      ...(readiness.unopenableTwoStepSecrets ? { unopenableTwoStepSecrets: readiness.unopenableTwoStepSecrets } : {}),
    },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
