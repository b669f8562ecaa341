import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DASHBOARD_TABS, DashboardView, ExportLink, PeriodSelector, type DashboardTab } from "@/components/admin/dashboard/dashboard-view";
import { LiveRefresh } from "@/components/admin/dashboard/live-refresh";
import { PageHeader } from "@/components/admin/page-header";
import { RefreshButton } from "@/components/admin/refresh-button";
import { requirePermission } from "@/lib/auth/guard";
import { loanTypeTitles } from "@/lib/applications/review-queries";
import { parsePeriod } from "@/lib/dashboard/period";
import { getDashboard } from "@/lib/dashboard/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminDashboard"))("metaTitle") };
}

export default async function DashboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requirePermission("dashboard.read", "/admin/dashboard");
  const params = await searchParams;
  const period = parsePeriod(params.period);
  const tab: DashboardTab = (DASHBOARD_TABS as readonly unknown[]).includes(params.tab) ? (params.tab as DashboardTab) : "overview";
  const [t, data, titles] = await Promise.all([getTranslations("adminDashboard"), getDashboard(period, ctx.scope), loanTypeTitles()]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <PeriodSelector period={period} />
        <RefreshButton label={t("refresh")} />
        <ExportLink period={period} />
      </PageHeader>
      <LiveRefresh version={data.version} />
      <DashboardView data={{ ...data, period, titles }} tab={tab} />
    </>
  );
}
