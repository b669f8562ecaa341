import { FileSearch } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { EmptyState, FilterForm, FilterSelect, ListTable, ListTabs, StatCards, ViewLink } from "@/components/admin/list-parts";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { StatusTypeFilters } from "@/components/admin/status-type-filters";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Input } from "@/components/ui/input";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { percentChange } from "@/lib/dashboard/period";
import { formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanStatus, LoanType, RiskLevel } from "@/lib/generated/prisma/enums";
import type { LoanList, LoanStats, ProductRanges } from "@/lib/loans/queries";
import { LOAN_STATUS_FILTERS, LOAN_TABS, LOAN_TYPE_FILTERS, RISK_FILTERS, type LoanListFilters } from "@/lib/loans/schemas";
import { cn } from "@/lib/utils";
import { listHref } from "@/lib/validation/search-params";
import { LoanDecisionButtons, type ApprovalRight, type DisbursementRules } from "./loan-actions";

/** The spec's loan colours: yellow pending, purple under review, blue approved, green disbursed, red rejected. */
const STATUS_TONE: Record<LoanStatus, PillTone> = {
  pending_approval: "yellow",
  under_review: "purple",
  approved: "blue",
  disbursed: "green",
  rejected: "red",
  closed: "grey",
  written_off: "red",
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
  const { tab, q, status, loanType, risk, page } = { ...filters, ...change };
  return listHref("/admin/loans", { tab, q, status, loanType, risk, page, view: change.view }, { tab: "applications", status: "any", loanType: "any", risk: "any" });
}

export async function LoanStatsCards({ stats }: { stats: LoanStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  // Month-on-month change of what went out; none when last month had nothing to compare with.
  const change = percentChange(stats.disbursedThisMonth, stats.disbursedLastMonth);
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
  return <StatCards cards={cards} testIdPrefix="loan-stat-" />;
}

/** Tabs as links (each a filtered URL), then the filters as a plain GET form that keeps the tab. */
export async function LoanFilters({ filters, titles }: { filters: LoanListFilters; titles: Record<LoanType, Record<Language, string>> }) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  return (
    <>
      <ListTabs
        label={t("tabsLabel")}
        testId="loan-tabs"
        tabs={LOAN_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), href: loansHref({ ...filters, status: "any", page: 1 }, { tab }), current: filters.tab === tab }))}
      />
      <FilterForm action="/admin/loans" testId="loan-filters" label={t("searchLabel")} submitLabel={t("search")}>
        {filters.tab !== "applications" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-xs" />
        {/* The other tabs are a status already; a second one could only contradict them. */}
        <StatusTypeFilters
          status={
            filters.tab === "all"
              ? { value: filters.status, filters: LOAN_STATUS_FILTERS, label: t("statusFilter"), anyLabel: t("allStatuses"), labelOf: (s) => t(`status.${s}`) }
              : null
          }
          loanType={{ value: filters.loanType, filters: LOAN_TYPE_FILTERS, label: t("typeFilter"), anyLabel: t("allTypes"), titles, locale }}
        />
        <FilterSelect
          name="risk"
          value={filters.risk}
          label={t("riskFilter")}
          className="sm:w-40"
          options={RISK_FILTERS.map((r) => ({ value: r, label: r === "any" ? t("allRisks") : t(`risk.${r}`) }))}
        />
      </FilterForm>
    </>
  );
}

export async function LoanTable({
  list,
  filters,
  titles,
  ranges,
  canApprove,
  disbursement,
}: {
  list: LoanList;
  filters: LoanListFilters;
  titles: Record<LoanType, Record<Language, string>>;
  ranges: ProductRanges;
  canApprove: ApprovalRight;
  /** The disbursement rules, for staff who may disburse; null for the others. */
  disbursement: DisbursementRules | null;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminLoans"), getLocale() as Promise<Locale>]);
  if (list.rows.length === 0) {
    return <EmptyState icon={FileSearch} title={t("emptyTitle")} text={t("emptyText")} testId="loan-empty" />;
  }
  return (
    <>
      <ListTable testId="loan-table" columns={[t("columns.applicant"), t("columns.loan"), t("columns.amount"), t("columns.risk"), t("columns.status"), t("columns.submitted"), t("columns.actions")]}>
        <ClientMessages namespaces={["adminLoans", "adminCommon", "validation"]}>
          {list.rows.map((row) => {
            const approvedDiffers = row.approvedAmount !== null && row.approvedAmount !== row.requestedAmount;
            return (
              <TableRow key={row.loanNumber} data-testid="loan-row" data-loan-number={row.loanNumber}>
                <TableCell>
                  <div className="font-medium">{row.customer.name}</div>
                  <div className="text-xs text-muted-foreground">{formatPhone(row.customer.phone)}</div>
                  {row.customer.creditScore !== null ? (
                    <div className="text-xs text-muted-foreground">{t("score", { score: formatNumber(row.customer.creditScore, locale) })}</div>
                  ) : null}
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
                    <ViewLink href={loansHref(filters, { view: row.loanNumber })} label={t("view")} testId="view-loan" />
                    <LoanDecisionButtons
                      loan={{
                        loanNumber: row.loanNumber,
                        status: row.status,
                        requestedAmount: row.requestedAmount,
                        approvedAmount: row.approvedAmount,
                        interestRate: row.interestRate.toNumber(),
                        tenure: row.tenure,
                        product: ranges[row.loanType] ?? null,
                        bankName: row.customer.bankName,
                        bankAccount: row.customer.bankAccountNumber,
                      }}
                      canApprove={canApprove}
                      disbursement={disbursement}
                    />
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </ClientMessages>
      </ListTable>
      <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => loansHref(filters, { page })} />
    </>
  );
}
