import { FileSearch } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState, FilterForm, FilterSelect, ListTable, type StatCard, StatCards, ViewLink } from "@/components/admin/list-parts";
import { Input } from "@/components/ui/input";
import { TableCell, TableRow } from "@/components/ui/table";
import { ListPagination } from "@/components/admin/list-pagination";
import { ClientMessages } from "@/components/i18n/client-messages";
import { allowedDecisions } from "@/lib/applications/review";
import type { ReviewList, ReviewStats } from "@/lib/applications/review-queries";
import { REVIEW_STATUS_FILTERS, type ReviewListFilters } from "@/lib/applications/review-schemas";
import { formatDateTime, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import { listHref } from "@/lib/validation/search-params";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";
import { DecisionButtons } from "./decision-buttons";
import { ApplicationStatusBadge } from "./status-badge";

/** The list's URL with some parameters changed (filters kept, so the back button works). */
export function reviewHref(filters: ReviewListFilters, change: Partial<ReviewListFilters> & { view?: string }): string {
  const { q, status, page } = { ...filters, ...change };
  return listHref("/admin/application-review", { q, status, page, view: change.view }, { status: "all" });
}

export async function ReviewStatsCards({ stats }: { stats: ReviewStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminReview"), getLocale()]);
  const cards: StatCard[] = [
    { key: "total", label: t("stats.total"), value: formatNumber(stats.total, locale) },
    { key: "pending", label: t("stats.pending"), value: formatNumber(stats.pending, locale) },
    { key: "underReview", label: t("stats.underReview"), value: formatNumber(stats.underReview, locale) },
    { key: "approved", label: t("stats.approved"), value: formatNumber(stats.approved, locale) },
    { key: "totalAmount", label: t("stats.totalAmount"), value: formatTaka(stats.totalAmount, locale) },
  ];
  return <StatCards cards={cards} testIdPrefix="review-stat-" columns="md:grid-cols-5" />;
}

/** Search and status filter as a plain GET form: works before (and without) JavaScript. */
export async function ReviewFilters({ filters }: { filters: ReviewListFilters }) {
  const t = await getTranslations("adminReview");
  return (
    <FilterForm action="/admin/application-review" testId="review-filters" label={t("searchLabel")} submitLabel={t("search")}>
      <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-sm" />
      <FilterSelect
        name="status"
        value={filters.status}
        label={t("statusFilter")}
        className="sm:w-48"
        options={REVIEW_STATUS_FILTERS.map((s) => ({ value: s, label: t(`filters.${s}`) }))}
      />
    </FilterForm>
  );
}

export async function ReviewTable({
  list,
  filters,
  titles,
  canDecide,
}: {
  list: ReviewList;
  filters: ReviewListFilters;
  titles: Record<LoanType, Record<Language, string>>;
  canDecide: boolean;
}) {
  const [t, locale] = await Promise.all([getTranslations("adminReview"), getLocale()]);
  if (list.rows.length === 0) {
    const filtered = filters.q !== "" || filters.status !== "all";
    return <EmptyState icon={FileSearch} title={t("emptyTitle")} text={filtered ? t("emptyFiltered") : t("emptyAll")} testId="review-empty" />;
  }
  return (
    <>
      <ListTable testId="review-table" columns={[t("columns.application"), t("columns.applicant"), t("columns.loan"), t("columns.status"), t("columns.submitted"), t("columns.actions")]}>
        <ClientMessages namespaces={["adminReview"]}>
          {list.rows.map((row) => (
            <TableRow key={row.applicationId} data-testid="review-row" data-application-id={row.applicationId}>
              <TableCell>
                <div className="font-mono text-xs">{row.applicationId}</div>
                <div className="text-sm">{titles[row.loanType]?.[locale as "bn" | "en"] ?? row.loanType}</div>
              </TableCell>
              <TableCell>
                <div className="font-medium">{row.name}</div>
                <div className="text-xs text-muted-foreground">{formatPhone(row.phone)}</div>
                {row.nidVerified ? <span className="mt-1 inline-block rounded bg-green-100 px-1.5 text-xs text-green-800">{t("nidVerified")}</span> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="font-medium">{formatTaka(row.amount, locale)}</div>
                <div className="text-xs text-muted-foreground">
                  {t("months", { count: formatNumber(row.tenure, locale) })} · {t("emi", { amount: formatTaka(row.emi, locale) })}
                </div>
              </TableCell>
              <TableCell>
                <ApplicationStatusBadge status={row.status} label={t(`status.${row.status}`)} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-sm">{formatDateTime(row.submittedAt, locale)}</TableCell>
              <TableCell className="text-right">
                <div className="flex flex-col items-end gap-1">
                  <ViewLink href={reviewHref(filters, { view: row.applicationId })} label={t("view")} testId="view-application" />
                  {/* Pending rows offer quick decisions; kept mounted so their outcome stays visible after the refresh. */}
                  {canDecide ? <DecisionButtons applicationId={row.applicationId} allowed={row.status === "pending" ? allowedDecisions(row.status) : []} compact /> : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </ClientMessages>
      </ListTable>
      <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => reviewHref(filters, { page })} />
    </>
  );
}
