import { AlertTriangle, ArrowDownRight, ArrowUpRight, Download } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ApplicationStatusBadge } from "@/components/admin/applications/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { PERIODS, type Period } from "@/lib/dashboard/period";
import type { DashboardData, Kpi, TodayActivity } from "@/lib/dashboard/queries";
import { formatDate, formatDateTime, formatNumber, formatPercent, formatTaka } from "@/lib/format";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";
import { cn } from "@/lib/utils";

export type DashboardViewData = DashboardData & { period: Period; titles: Record<LoanType, Record<Language, string>> };

export const DASHBOARD_TABS = ["overview", "today", "portfolio", "alerts"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export async function PeriodSelector({ period }: { period: Period }) {
  const t = await getTranslations("adminDashboard");
  return (
    <nav aria-label={t("period")} className="inline-flex rounded-md border bg-background p-0.5" data-testid="period-selector">
      {PERIODS.map((p) => (
        <Link
          key={p}
          href={`/admin/dashboard?period=${p}`}
          aria-current={p === period ? "true" : undefined}
          className={cn("rounded px-3 py-1 text-sm", p === period ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
        >
          {t(`periods.${p}`)}
        </Link>
      ))}
    </nav>
  );
}

export async function ExportLink({ period }: { period: Period }) {
  const t = await getTranslations("adminDashboard");
  return (
    <a href={`/admin/api/dashboard/export?period=${period}`} download className="inline-flex h-8 items-center gap-1.5 rounded-md border bg-background px-3 text-sm font-medium hover:bg-accent" data-testid="dashboard-export">
      <Download className="size-4" aria-hidden />
      {t("export")}
    </a>
  );
}

function KpiCard({ testId, label, value, kpi, t, locale }: { testId: string; label: string; value: string; kpi: Kpi | null; t: (key: "vsPrevious" | "noComparison", values?: Record<string, string>) => string; locale: Language }) {
  const change = kpi?.change ?? null;
  return (
    <Card className="gap-1 py-4" data-testid={`kpi-${testId}`}>
      <CardContent className="space-y-1 px-4">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold" data-testid="kpi-value">
          {value}
        </p>
        {kpi ? (
          change === null ? (
            <p className="text-xs text-muted-foreground">{t("noComparison")}</p>
          ) : (
            <p className={cn("flex items-center gap-1 text-xs", change >= 0 ? "text-green-700" : "text-red-700")}>
              {change >= 0 ? <ArrowUpRight className="size-3" aria-hidden /> : <ArrowDownRight className="size-3" aria-hidden />}
              {t("vsPrevious", { change: `${change > 0 ? "+" : ""}${formatPercent(change, locale)}` })}
            </p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}

export async function DashboardView({ data, tab }: { data: DashboardViewData; tab: DashboardTab }) {
  const [t, tReview, locale] = await Promise.all([getTranslations("adminDashboard"), getTranslations("adminReview"), getLocale()]);
  const { kpis } = data;
  const pct = (v: number | null) => (v === null ? t("notAvailable") : formatPercent(v, locale));
  const cards = [
    { id: "applicationsReceived", value: formatNumber(kpis.applicationsReceived.current ?? 0, locale), kpi: kpis.applicationsReceived },
    { id: "approvalRate", value: pct(kpis.approvalRate.current), kpi: kpis.approvalRate },
    { id: "amountDisbursed", value: formatTaka(kpis.amountDisbursed.current ?? 0, locale), kpi: kpis.amountDisbursed },
    { id: "activePortfolio", value: formatTaka(kpis.activePortfolio.current ?? 0, locale), kpi: kpis.activePortfolio },
    { id: "collectionRate", value: pct(kpis.collectionRate.current), kpi: kpis.collectionRate },
    { id: "par30", value: formatPercent(kpis.par30, locale), kpi: null },
  ] as const;
  const todayRows: [Exclude<keyof TodayActivity, "disbursedAmount">, string][] = [
    ["received", formatNumber(data.today.received, locale)],
    ["approved", formatNumber(data.today.approved, locale)],
    ["rejected", formatNumber(data.today.rejected, locale)],
    ["disbursed", `${formatNumber(data.today.disbursed, locale)} · ${formatTaka(data.today.disbursedAmount, locale)}`],
    ["payments", formatNumber(data.today.payments, locale)],
    ["collected", formatTaka(data.today.collected, locale)],
  ];

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6">
        {cards.map((c) => (
          <KpiCard key={c.id} testId={c.id} label={t(`kpis.${c.id}`)} value={c.value} kpi={c.kpi} t={t} locale={locale} />
        ))}
      </div>
      <Tabs defaultValue={tab}>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-fit">
            {DASHBOARD_TABS.map((key) => (
              <TabsTrigger key={key} value={key} data-testid={`dashboard-tab-${key}`}>
                {t(`tabs.${key}`)}
                {key === "alerts" && data.alerts.length > 0 ? <span className="ml-1 rounded-full bg-destructive px-1.5 text-xs text-white">{formatNumber(data.alerts.length, locale)}</span> : null}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">{t("recent")}</CardTitle>
              </CardHeader>
              <CardContent>
                {data.recent.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("recentEmpty")}</p>
                ) : (
                  <div className="overflow-x-auto">
                    <Table data-testid="recent-applications">
                      <TableHeader>
                        <TableRow>
                          <TableHead>{t("columns.id")}</TableHead>
                          <TableHead>{t("columns.applicant")}</TableHead>
                          <TableHead>{t("columns.loanType")}</TableHead>
                          <TableHead>{t("columns.amount")}</TableHead>
                          <TableHead>{t("columns.status")}</TableHead>
                          <TableHead>{t("columns.submitted")}</TableHead>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {data.recent.map((a) => (
                          <TableRow key={a.applicationId}>
                            <TableCell className="font-mono text-xs">
                              <Link href={`/admin/application-review?view=${a.applicationId}`} className="text-primary hover:underline">
                                {a.applicationId}
                              </Link>
                            </TableCell>
                            <TableCell>{a.name}</TableCell>
                            <TableCell>{data.titles[a.loanType]?.[locale] ?? a.loanType}</TableCell>
                            <TableCell className="whitespace-nowrap">{formatTaka(a.amount, locale)}</TableCell>
                            <TableCell>
                              <ApplicationStatusBadge status={a.status} label={tReview(`status.${a.status}`)} />
                            </TableCell>
                            <TableCell className="whitespace-nowrap">{formatDateTime(a.submittedAt, locale)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </div>
                )}
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="today">
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid="today-activity">
              {todayRows.map(([key, value]) => (
                <Card key={key} className="gap-1 py-4">
                  <CardContent className="px-4">
                    <p className="text-xs text-muted-foreground">{t(`today.${key}`)}</p>
                    <p className="text-xl font-bold">{value}</p>
                  </CardContent>
                </Card>
              ))}
            </div>
          </TabsContent>
          <TabsContent value="portfolio">
            <div className="overflow-x-auto rounded-md border bg-background">
              <Table data-testid="portfolio-by-product">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("portfolio.product")}</TableHead>
                    <TableHead>{t("portfolio.applications")}</TableHead>
                    <TableHead>{t("portfolio.disbursed")}</TableHead>
                    <TableHead>{t("portfolio.disbursedAmount")}</TableHead>
                    <TableHead>{t("portfolio.outstanding")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.products.map((p) => (
                    <TableRow key={p.loanType}>
                      <TableCell className="font-medium">{data.titles[p.loanType]?.[locale] ?? p.loanType}</TableCell>
                      <TableCell>{formatNumber(p.applications, locale)}</TableCell>
                      <TableCell>{formatNumber(p.disbursedCount, locale)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatTaka(p.disbursedAmount, locale)}</TableCell>
                      <TableCell className="whitespace-nowrap">{formatTaka(p.outstanding, locale)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </TabsContent>
          <TabsContent value="alerts">
            {data.alerts.length === 0 ? (
              <p className="rounded-md border bg-background p-4 text-sm text-muted-foreground">{t("alerts.none")}</p>
            ) : (
              <ul className="space-y-2" data-testid="alerts">
                {data.alerts.map((a) => (
                  <li key={a.kind} className="flex items-start gap-3 rounded-md border bg-background p-3">
                    <AlertTriangle className={cn("mt-0.5 size-5 shrink-0", a.priority === "high" ? "text-red-600" : "text-yellow-600")} aria-hidden />
                    <div className="flex-1 space-y-1">
                      <p className="flex flex-wrap items-center gap-2 font-medium">
                        {t(`alerts.${a.kind}.title`)}
                        <span className={cn("rounded-full px-2 text-xs", a.priority === "high" ? "bg-red-100 text-red-800" : "bg-yellow-100 text-yellow-900")}>{t(`alerts.priority.${a.priority}`)}</span>
                      </p>
                      <p className="text-sm text-muted-foreground">
                        {t(`alerts.${a.kind}.message`, {
                          count: formatNumber(a.count, locale),
                          time: a.kind === "overdueInstallments" ? formatDate(a.oldest, locale) : formatDateTime(a.oldest, locale),
                        })}
                      </p>
                    </div>
                    {a.href ? (
                      <Link href={a.href} className="text-sm text-primary hover:underline">
                        {t("alerts.open")}
                      </Link>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </Tabs>
    </div>
  );
}
