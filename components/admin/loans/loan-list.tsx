import { Eye, FileSearch } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanStatus, LoanType, RiskLevel } from "@/lib/generated/prisma/enums";
import type { LoanList, LoanStats } from "@/lib/loans/queries";
import { LOAN_STATUS_FILTERS, LOAN_TABS, LOAN_TYPE_FILTERS, RISK_FILTERS, type LoanListFilters } from "@/lib/loans/schemas";
import { cn } from "@/lib/utils";
import { LoanDecisionButtons } from "./loan-actions";

/** The spec's loan colours: yellow pending, purple under review, blue approved, green disbursed, red rejected. */
const STATUS_TONE: Record<LoanStatus, PillTone> = {
  pending_approval: "yellow",
  under_review: "purple",
  approved: "blue",
  disbursed: "green",
  rejected: "red",
  closed: "grey",
};
const RISK_TONE: Record<RiskLevel, PillTone> = { low: "green", medium: "yellow", high: "red" };

export async function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const t = await getTranslations("adminLoans");
  return <StatusPill tone={STATUS_TONE[status]} label={t(`status.${status}`)} status={status} testId="loan-status" />;
}

export async function RiskBadge({ level }: { level: RiskLevel }) {
  const t = await getTranslations("adminLoans");
  return <StatusPill tone={RISK_TONE[level]} label={t(`risk.${level}`)} status={level} testId="loan-risk" />;
}

/** The list's URL with some parameters changed (the other filters kept, so the back button works). */
export function loansHref(filters: LoanListFilters, change: Partial<LoanListFilters> & { view?: string }): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.tab !== "applications") params.set("tab", next.tab);
  if (next.q) params.set("q", next.q);
  if (next.status !== "any") params.set("status", next.status);
  if (next.loanType !== "any") params.set("loanType", next.loanType);
  if (next.risk !== "any") params.set("risk", next.risk);
  if (next.page > 1) params.set("page", String(next.page));
  if (change.view) params.set("view", change.view);
  const query = params.toString();
  return `/admin/loans${query ? `?${query}` : ""}`;
}

/** Month-on-month change of what went out, in percent; null when last month had nothing to compare with. */
function monthChange(stats: LoanStats): number | null {
  if (stats.disbursedLastMonth === 0) return null;
  return Math.round(((stats.disbursedThisMonth - stats.disbursedLastMonth) / stats.disbursedLastMonth) * 1000) / 10;
}

export async function LoanStatsCards({ stats }: { stats: LoanStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  const change = monthChange(stats);
  const cards: { key: string; label: string; value: string; note: string }[] = [
    {
      key: "pending",
      label: t("stats.pending"),
      value: formatNumber(stats.pendingApprovals.count, locale),
      note: t("stats.pendingNote", { amount: formatTaka(stats.pendingApprovals.totalRequested, locale) }),
    },
    { key: "approved", label: t("stats.approved"), value: formatNumber(stats.approved, locale), note: t("stats.approvedNote") },
    { key: "active", label: t("stats.active"), value: formatNumber(stats.active, locale), note: t("stats.activeNote") },
    {
      key: "disbursed",
      label: t("stats.disbursed"),
      value: formatTaka(stats.totalDisbursed, locale),
      note:
        change === null
          ? t("stats.thisMonth", { amount: formatTaka(stats.disbursedThisMonth, locale) })
          : t("stats.thisMonthChange", { amount: formatTaka(stats.disbursedThisMonth, locale), change: `${change > 0 ? "+" : ""}${formatPercent(change, locale)}` }),
    },
  ];
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.key} className="gap-1 py-4" data-testid={`loan-stat-${card.key}`}>
          <CardContent className="px-4">
            <p className="text-xs text-muted-foreground">{card.label}</p>
            <p className="text-xl font-bold">{card.value}</p>
            <p className="text-xs text-muted-foreground">{card.note}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Tabs as links (each a filtered URL), then the filters as a plain GET form that keeps the tab. */
export async function LoanFilters({ filters, titles }: { filters: LoanListFilters; titles: Record<LoanType, Record<Language, string>> }) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  return (
    <>
      <nav className="mb-3 flex gap-1 overflow-x-auto rounded-md bg-muted p-1" aria-label={t("tabsLabel")} data-testid="loan-tabs">
        {LOAN_TABS.map((tab) => (
          <Link
            key={tab}
            href={loansHref({ ...filters, status: "any", page: 1 }, { tab })}
            aria-current={filters.tab === tab ? "page" : undefined}
            className={cn("rounded px-3 py-1.5 text-sm font-medium whitespace-nowrap", filters.tab === tab ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground")}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      <form action="/admin/loans" className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap" role="search" data-testid="loan-filters">
        {filters.tab !== "applications" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-xs" />
        <select name="status" defaultValue={filters.status} aria-label={t("statusFilter")} className={`${compactSelectClassName} sm:w-44`}>
          {LOAN_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === "any" ? t("allStatuses") : t(`status.${s}`)}
            </option>
          ))}
        </select>
        <select name="loanType" defaultValue={filters.loanType} aria-label={t("typeFilter")} className={`${compactSelectClassName} sm:w-48`}>
          {LOAN_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {type === "any" ? t("allTypes") : (titles[type]?.[locale] ?? type)}
            </option>
          ))}
        </select>
        <select name="risk" defaultValue={filters.risk} aria-label={t("riskFilter")} className={`${compactSelectClassName} sm:w-40`}>
          {RISK_FILTERS.map((r) => (
            <option key={r} value={r}>
              {r === "any" ? t("allRisks") : t(`risk.${r}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          {t("search")}
        </Button>
      </form>
    </>
  );
}

export async function LoanTable({
  list,
  filters,
  titles,
  canApprove,
  canDisburse,
}: {
  list: LoanList;
  filters: LoanListFilters;
  titles: Record<LoanType, Record<Language, string>>;
  canApprove: boolean;
  canDisburse: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  if (list.rows.length === 0) {
    return (
      <Card data-testid="loan-empty">
        <CardContent className="flex flex-col items-center py-12 text-center">
          <FileSearch className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{t("emptyTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("emptyText")}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-md border bg-background">
        <Table data-testid="loan-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.applicant")}</TableHead>
              <TableHead>{t("columns.loan")}</TableHead>
              <TableHead>{t("columns.amount")}</TableHead>
              <TableHead>{t("columns.risk")}</TableHead>
              <TableHead>{t("columns.status")}</TableHead>
              <TableHead>{t("columns.submitted")}</TableHead>
              <TableHead className="text-right">{t("columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <ClientMessages namespaces={["adminLoans", "adminCommon", "validation"]}>
              {list.rows.map((row) => {
                const approvedDiffers = row.approvedAmount !== null && row.approvedAmount !== row.requestedAmount;
                return (
                  <TableRow key={row.loanNumber} data-testid="loan-row" data-loan-number={row.loanNumber}>
                    <TableCell>
                      <div className="font-medium">{row.customer.name}</div>
                      <div className="text-xs text-muted-foreground">{formatPhone(row.customer.phone, locale)}</div>
                      <div className="text-xs text-muted-foreground">
                        {row.creditScore === null ? t("scoreNotAssessed") : t("score", { score: formatNumber(row.creditScore, locale) })}
                      </div>
                    </TableCell>
                    <TableCell>
                      <div className="font-mono text-xs">{row.loanNumber}</div>
                      <div className="text-sm">{titles[row.loanType]?.[locale] ?? row.loanType}</div>
                      <div className="text-xs text-muted-foreground">
                        {t("months", { count: formatNumber(row.tenure, locale) })} · {formatPercent(row.interestRate.toNumber(), locale)}
                      </div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <div className={cn("font-medium", approvedDiffers && "text-muted-foreground line-through")}>{formatTaka(row.requestedAmount, locale)}</div>
                      {approvedDiffers ? <div className="font-medium">{formatTaka(row.approvedAmount!, locale)}</div> : null}
                      <div className="text-xs text-muted-foreground">{t("emi", { amount: formatTaka(row.emi, locale) })}</div>
                    </TableCell>
                    <TableCell>
                      <RiskBadge level={row.riskLevel} />
                      <div className="text-xs text-muted-foreground">{t("income", { amount: formatTaka(row.monthlyIncome, locale) })}</div>
                    </TableCell>
                    <TableCell>
                      <LoanStatusBadge status={row.status} />
                    </TableCell>
                    <TableCell className="text-sm whitespace-nowrap">{formatDateTime(row.submittedAt, locale)}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex flex-col items-end gap-1">
                        <Button asChild size="sm" variant="ghost">
                          <Link href={loansHref(filters, { view: row.loanNumber })} scroll={false} data-testid="view-loan">
                            <Eye aria-hidden />
                            {t("view")}
                          </Link>
                        </Button>
                        <LoanDecisionButtons
                          loan={{
                            loanNumber: row.loanNumber,
                            status: row.status,
                            requestedAmount: row.requestedAmount,
                            approvedAmount: row.approvedAmount,
                            interestRate: row.interestRate.toNumber(),
                            tenure: row.tenure,
                            product: null,
                            bankName: row.customer.bankName,
                            bankAccount: row.customer.bankAccountNumber,
                          }}
                          canApprove={canApprove}
                          canDisburse={canDisburse}
                        />
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </ClientMessages>
          </TableBody>
        </Table>
      </div>
      <ListPagination
        page={list.page}
        pageCount={list.pageCount}
        summary={t("pageOf", { page: formatNumber(list.page, locale), pages: formatNumber(list.pageCount, locale), total: formatNumber(list.total, locale) })}
        hrefFor={(page) => loansHref(filters, { page })}
      />
    </>
  );
}
