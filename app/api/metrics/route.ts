import { timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { metricsText } from "@/lib/ops/metrics";

/**
 * Prometheus metrics (GET /api/metrics) for whoever holds METRICS_TOKEN (`Authorization: Bearer …`); 404 when no token
 * is configured, 401 without the right one. Never cached.
 */
export const dynamic = "force-dynamic";

function holdsToken(header: string | null, token: string): boolean {
  const given = Buffer.from(header?.match(/^Bearer (.+)$/)?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function GET(request: Request): Promise<Response> {
  const token = env().METRICS_TOKEN;
  const headers = { "Cache-Control": "no-store" };
  if (!token) return new Response(null, { status: 404, headers });
  if (!holdsToken(request.headers.get("authorization"), token)) {
    return new Response(null, { status: 401, headers: { ...headers, "WWW-Authenticate": 'Bearer realm="metrics"' } });
  }
  const { contentType, body } = await metricsText();
  return new Response(body, { headers: { ...headers, "Content-Type": contentType } });
}
