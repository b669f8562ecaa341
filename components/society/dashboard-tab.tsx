import { DatabaseBackup } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatTaka } from "@/lib/format";
import type { getSocietyDashboard, workerOptions } from "@/lib/society/queries";
import type { FieldOverview } from "@/lib/society/field/queries";
import { FieldOverviewCard } from "./field-overview";
import { IncomeExpenseDialog } from "./income-expense-dialog";
import { RecentCollectionsCard } from "./recent-collections";
import { SalaryDialog } from "./salary-dialog";
import { SocietyDocuments } from "./society-documents";
import { StatCard } from "./stat-card";

type Props = {
  societyId: string;
  data: Awaited<ReturnType<typeof getSocietyDashboard>>;
  workers: Awaited<ReturnType<typeof workerOptions>>;
  field: FieldOverview;
  isAdmin: boolean;
};

export async function DashboardTab({ societyId, data, workers, field, isAdmin }: Props) {
  const [t, locale] = await Promise.all([getTranslations("society.dashboard"), getLocale() as Promise<Locale>]);
  const taka = (n: number) => formatTaka(n, locale);
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={t("totalMembers")} value={formatNumber(data.members, locale)} hint={t("workersCount", { count: formatNumber(data.workers, locale) })} testId="card-members" />
        <StatCard label={t("monthInstallments")} value={taka(data.monthInstallments)} testId="card-month-installments" />
        <StatCard label={t("monthSavings")} value={taka(data.monthSavings)} testId="card-month-savings" />
        <StatCard label={t("netIncome")} value={taka(data.netIncome)} hint={t("netIncomeHint")} testId="card-net-income" />
      </div>

      <div className="grid gap-3 md:grid-cols-3">
        <Card className="gap-3 py-4">
          <CardHeader className="flex flex-row items-center justify-between px-4">
            <CardTitle className="text-base">{t("incomeExpense")}</CardTitle>
            <IncomeExpenseDialog societyId={societyId} />
          </CardHeader>
          <CardContent className="space-y-1 px-4 text-sm">
            <p className="text-xs text-muted-foreground">{t("thisMonth")}</p>
            <p className="flex justify-between">
              <span>{t("income")}</span>
              <strong className="tabular-nums text-primary" data-testid="month-income">{taka(data.monthIncome)}</strong>
            </p>
            <p className="flex justify-between">
              <span>{t("expense")}</span>
              <strong className="tabular-nums text-destructive" data-testid="month-expense">{taka(data.monthExpense)}</strong>
            </p>
          </CardContent>
        </Card>

        <Card className="gap-3 py-4">
          <CardHeader className="flex flex-row items-center justify-between px-4">
            <CardTitle className="text-base">{t("salary")}</CardTitle>
            <SalaryDialog societyId={societyId} workers={workers} />
          </CardHeader>
          <CardContent className="space-y-1 px-4 text-sm">
            {workers.length === 0 ? <p className="text-xs text-muted-foreground">{t("needWorker")}</p> : null}
            <p className="flex justify-between">
              <span>{t("totalWorkers")}</span>
              <strong className="tabular-nums">{formatNumber(data.workers, locale)}</strong>
            </p>
            <p className="flex justify-between">
              <span>{t("salaryPaidTotal")}</span>
              <strong className="tabular-nums" data-testid="salary-paid-total">{taka(data.salaryPaidTotal)}</strong>
            </p>
            <p className="flex justify-between">
              <span>{t("salaryThisMonth")}</span>
              <strong className="tabular-nums" data-testid="salary-this-month">{taka(data.salaryPaidThisMonth)}</strong>
            </p>
          </CardContent>
        </Card>

        <Card className="gap-3 py-4">
          <CardHeader className="px-4">
            <CardTitle className="flex items-center gap-2 text-base">
              <DatabaseBackup aria-hidden className="size-4" />
              {t("backup")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 px-4 text-sm">
            <p className="text-muted-foreground">{t("backupNote")}</p>
            <SocietyDocuments societyId={societyId} isAdmin={false} />
          </CardContent>
        </Card>
      </div>

      <FieldOverviewCard societyId={societyId} data={field} isAdmin={isAdmin} />

      <RecentCollectionsCard title={t("recent")} rows={data.recent} testId="dashboard-recent" />
    </div>
  );
}
