import { requireRoutePermission } from "@/lib/auth/guard";
import { getDashboardVersion } from "@/lib/dashboard/queries";

/** The dashboard's change fingerprint, polled every 5 s by open dashboards. */
export async function GET() {
  const ctx = await requireRoutePermission("dashboard.read", "/admin/api/dashboard/version");
  if (ctx instanceof Response) return ctx;
  return Response.json({ version: await getDashboardVersion(ctx.scope) }, { headers: { "Cache-Control": "no-store" } });
}
