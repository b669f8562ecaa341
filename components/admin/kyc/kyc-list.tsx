import { Check, Clock, Download, ShieldCheck, X } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { EmptyState, FilterForm, FilterSelect, ListTable, ListTabs, StatCards, ViewLink } from "@/components/admin/list-parts";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatDateTime, formatNumber, formatPercent, formatPhone } from "@/lib/format";
import type { DocumentVerificationStatus, KycCaseStatus, KycPriority, VerificationCheckStatus } from "@/lib/generated/prisma/enums";
import type { KycList, KycStats } from "@/lib/kyc/queries";
import { KYC_PRIORITY_FILTERS, KYC_STATUS_FILTERS, KYC_TABS, type KycListFilters } from "@/lib/kyc/schemas";
import { cn } from "@/lib/utils";
import { listHref } from "@/lib/validation/search-params";

/** The spec's KYC colours: yellow waiting, purple under review, green approved, red rejected, orange resubmission. */
const STATUS_TONE: Record<KycCaseStatus, PillTone> = {
  pending_review: "yellow",
  under_review: "purple",
  approved: "green",
  rejected: "red",
  resubmission_required: "orange",
};
const PRIORITY_TONE: Record<KycPriority, PillTone> = { high: "red", medium: "yellow", low: "grey" };
export const DOCUMENT_TONE: Record<DocumentVerificationStatus, PillTone> = { pending: "yellow", verified: "green", rejected: "red" };
/** Each state its own shape as well as its colour (colour alone carries no meaning for everyone). */
const CHECK_MARK: Record<VerificationCheckStatus, { icon: typeof Check; className: string }> = {
  pass: { icon: Check, className: "text-green-700" },
  fail: { icon: X, className: "text-red-700" },
  pending: { icon: Clock, className: "text-amber-700" },
};

export async function KycStatusBadge({ status }: { status: KycCaseStatus }) {
  const t = await getTranslations("adminKyc");
  return <StatusPill tone={STATUS_TONE[status]} label={t(`status.${status}`)} status={status} testId="kyc-status" />;
}

export async function PriorityBadge({ priority }: { priority: KycPriority }) {
  const t = await getTranslations("adminKyc");
  return <StatusPill tone={PRIORITY_TONE[priority]} label={t(`priority.${priority}`)} status={priority} testId="kyc-priority" />;
}

/** The queue's URL with some parameters changed (the other filters kept, so the back button works). */
export function kycHref(filters: KycListFilters, change: Partial<KycListFilters> & { view?: string }): string {
  const { tab, q, status, priority, page } = { ...filters, ...change };
  return listHref("/admin/kyc", { tab, q, status, priority, page, view: change.view }, { tab: "pending", status: "any", priority: "any" });
}

export async function KycStatsCards({ stats }: { stats: KycStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminKyc"), getLocale() as Promise<Locale>]);
  return (
    <StatCards
      testIdPrefix="kyc-stat-"
      cards={[
        { key: "pending", label: t("stats.pending"), value: formatNumber(stats.pendingReview, locale), raw: stats.pendingReview, note: t("stats.pendingNote") },
        { key: "approvedToday", label: t("stats.approvedToday"), value: formatNumber(stats.approvedToday, locale), raw: stats.approvedToday, tone: "text-green-700" },
        { key: "rejectedToday", label: t("stats.rejectedToday"), value: formatNumber(stats.rejectedToday, locale), raw: stats.rejectedToday, tone: "text-red-700" },
        {
          key: "approvalRate",
          label: t("stats.approvalRate"),
          value: stats.approvalRate === null ? "—" : formatPercent(stats.approvalRate, locale),
          note: t("stats.approvalRateNote", { count: stats.decidedInWindow }),
        },
      ]}
    />
  );
}

/** Tabs as links, then the filters as a plain GET form that keeps the tab, and Export Report with the same filters. */
export async function KycFilters({ filters }: { filters: KycListFilters }) {
  const t = await getTranslations("adminKyc");
  const exportHref = listHref("/admin/api/kyc/export", { tab: filters.tab, q: filters.q, status: filters.status, priority: filters.priority }, { status: "any", priority: "any" });
  return (
    <>
      <ListTabs
        label={t("tabsLabel")}
        testId="kyc-tabs"
        tabs={KYC_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), href: kycHref({ ...filters, status: "any", page: 1 }, { tab }), current: filters.tab === tab }))}
      />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <FilterForm action="/admin/kyc" testId="kyc-filters" label={t("searchLabel")} submitLabel={t("search")}>
          {filters.tab !== "pending" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
          <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-xs" />
          <FilterSelect
            name="status"
            value={filters.status}
            label={t("statusFilter")}
            className="sm:w-48"
            options={KYC_STATUS_FILTERS.map((s) => ({ value: s, label: s === "any" ? t("allStatuses") : t(`status.${s}`) }))}
          />
          <FilterSelect
            name="priority"
            value={filters.priority}
            label={t("priorityFilter")}
            className="sm:w-40"
            options={KYC_PRIORITY_FILTERS.map((p) => ({ value: p, label: p === "any" ? t("allPriorities") : t(`priority.${p}`) }))}
          />
        </FilterForm>
        <Button asChild variant="outline" className="mb-4">
          <a href={exportHref} data-testid="kyc-export" download>
            <Download aria-hidden />
            {t("export")}
          </a>
        </Button>
      </div>
    </>
  );
}

/**
 * The checks as marks (pass ✓ green, fail ✗ red, pending clock amber: shape and colour), each named for screen readers
 * and on hover, with how many passed in words beneath.
 */
export async function CheckDots({ checks }: { checks: { kind: string; status: VerificationCheckStatus }[] }) {
  const [t, locale] = await Promise.all([getTranslations("adminKyc"), getLocale() as Promise<Locale>]);
  const count = (status: VerificationCheckStatus) => formatNumber(checks.filter((c) => c.status === status).length, locale);
  return (
    <div>
      <ul className="flex flex-wrap gap-1" data-testid="kyc-check-dots" aria-label={t("columns.checks")}>
        {checks.map((check) => {
          const label = `${t(`checkKind.${check.kind as "name_match"}`)}: ${t(`checkStatus.${check.status}`)}`;
          const { icon: Mark, className } = CHECK_MARK[check.status];
          return (
            <li key={check.kind} title={label} data-kind={check.kind} data-status={check.status}>
              <Mark className={cn("size-4", className)} strokeWidth={3} aria-hidden />
              <span className="sr-only">{label}</span>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-muted-foreground whitespace-nowrap" data-testid="kyc-check-summary" aria-hidden>
        {t("checksSummary", { passed: count("pass"), failed: count("fail"), pending: count("pending") })}
      </p>
    </div>
  );
}

export async function KycTable({ list, filters }: { list: KycList; filters: KycListFilters }) {
  const [t, locale] = await Promise.all([getTranslations("adminKyc"), getLocale() as Promise<Locale>]);
  if (list.rows.length === 0) return <EmptyState icon={ShieldCheck} title={t("emptyTitle")} text={t("emptyText")} testId="kyc-empty" />;
  return (
    <>
      <ListTable
        testId="kyc-table"
        columns={[t("columns.member"), t("columns.documents"), t("columns.checks"), t("columns.priority"), t("columns.status"), t("columns.submitted"), t("columns.actions")]}
      >
        {list.rows.map((row) => (
          <TableRow key={row.caseNumber} data-testid="kyc-row" data-case-number={row.caseNumber}>
            <TableCell>
              <div className="font-medium">{row.person.name}</div>
              <div className="text-xs text-muted-foreground">{row.person.phone ? formatPhone(row.person.phone) : null}</div>
              <div className="font-mono text-xs text-muted-foreground">
                {row.caseNumber}
                {row.person.memberId ? ` · ${row.person.memberId}` : ""}
              </div>
            </TableCell>
            <TableCell>
              <ul className="space-y-1 text-xs">
                {row.documents.map((doc, i) => (
                  <li key={i} className="flex items-center gap-1">
                    <span>{t(`documentType.${doc.type}`)}</span>
                    <StatusPill tone={DOCUMENT_TONE[doc.verificationStatus]} label={t(`documentStatus.${doc.verificationStatus}`)} status={doc.verificationStatus} />
                  </li>
                ))}
              </ul>
            </TableCell>
            <TableCell>
              <CheckDots checks={row.checks} />
            </TableCell>
            <TableCell>
              <PriorityBadge priority={row.priority} />
              <div className="text-xs text-muted-foreground" data-testid="kyc-assignee">
                {row.assignee?.name ?? t("unassigned")}
              </div>
            </TableCell>
            <TableCell>
              <KycStatusBadge status={row.status} />
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(row.submittedAt, locale)}</TableCell>
            <TableCell className="text-right">
              <ViewLink href={kycHref(filters, { view: row.caseNumber })} label={t("view")} testId="view-kyc" />
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => kycHref(filters, { page })} />
    </>
  );
}
