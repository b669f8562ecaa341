import { getLocale, getTranslations } from "next-intl/server";
import { requireRoutePermission } from "@/lib/auth/guard";
import { dhakaToday } from "@/lib/format";
import { csvResponse, toCsv } from "@/lib/csv";
import { parsePeriod } from "@/lib/dashboard/period";
import { getDashboardKpis, getPortfolioByProduct } from "@/lib/dashboard/queries";
import { loanTypeTitles } from "@/lib/applications/review-queries";

/** The dashboard's KPIs and product split for a period as CSV, in the signed-in user's language. */
export async function GET(request: Request) {
  const ctx = await requireRoutePermission("dashboard.read", "/admin/api/dashboard/export");
  if (ctx instanceof Response) return ctx;
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  const [t, locale, kpis, products, titles] = await Promise.all([
    getTranslations("adminDashboard"),
    getLocale(),
    getDashboardKpis(period, ctx.scope),
    getPortfolioByProduct(period, ctx.scope),
    loanTypeTitles(),
  ]);
  const { par30, ...comparable } = kpis;
  const rows: (string | number | null)[][] = [[t("csv.metric"), t("csv.current"), t("csv.previous"), t("csv.change")]];
  for (const [key, k] of Object.entries(comparable) as [keyof typeof comparable, (typeof comparable)[keyof typeof comparable]][]) {
    rows.push([t(`kpis.${key}`), k.current, k.previous, k.change]);
  }
  rows.push([t("kpis.par30"), par30, null, null], []);
  rows.push([t("csv.product"), t("portfolio.applications"), t("portfolio.disbursed"), t("portfolio.disbursedAmount"), t("portfolio.outstanding")]);
  for (const p of products) rows.push([titles[p.loanType]?.[locale] ?? p.loanType, p.applications, p.disbursedCount, p.disbursedAmount, p.outstanding]);
  return csvResponse(toCsv(rows), `dashboard-${period}-${dhakaToday()}.csv`);
}
