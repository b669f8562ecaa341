import { Eye, FileSearch } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ListPagination } from "@/components/admin/list-pagination";
import { ClientMessages } from "@/components/i18n/client-messages";
import { allowedDecisions } from "@/lib/applications/review";
import type { ReviewList, ReviewStats } from "@/lib/applications/review-queries";
import { REVIEW_STATUS_FILTERS, type ReviewListFilters } from "@/lib/applications/review-schemas";
import { formatDateTime, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";
import { DecisionButtons } from "./decision-buttons";
import { ApplicationStatusBadge } from "./status-badge";

/** The list's URL with some parameters changed (filters kept, so the back button works). */
export function reviewHref(filters: ReviewListFilters, change: Partial<ReviewListFilters> & { view?: string }): string {
  const next = { ...filters, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status !== "all") params.set("status", next.status);
  if (next.page > 1) params.set("page", String(next.page));
  if (change.view) params.set("view", change.view);
  const query = params.toString();
  return `/admin/application-review${query ? `?${query}` : ""}`;
}

export async function ReviewStatsCards({ stats }: { stats: ReviewStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminReview"), getLocale()]);
  const cards: [string, string, string][] = [
    ["total", t("stats.total"), formatNumber(stats.total, locale)],
    ["pending", t("stats.pending"), formatNumber(stats.pending, locale)],
    ["underReview", t("stats.underReview"), formatNumber(stats.underReview, locale)],
    ["approved", t("stats.approved"), formatNumber(stats.approved, locale)],
    ["totalAmount", t("stats.totalAmount"), formatTaka(stats.totalAmount, locale)],
  ];
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-5">
      {cards.map(([key, label, value]) => (
        <Card key={key} className="gap-1 py-4" data-testid={`review-stat-${key}`}>
          <CardContent className="px-4">
            <p className="text-xs text-muted-foreground">{label}</p>
            <p className="text-xl font-bold">{value}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Search and status filter as a plain GET form: works before (and without) JavaScript. */
export async function ReviewFilters({ filters }: { filters: ReviewListFilters }) {
  const t = await getTranslations("adminReview");
  return (
    <form action="/admin/application-review" className="mb-4 flex flex-col gap-2 sm:flex-row" role="search" data-testid="review-filters">
      <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-sm" />
      <select name="status" defaultValue={filters.status} aria-label={t("statusFilter")} className={`${compactSelectClassName} sm:w-48`}>
        {REVIEW_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {t(`filters.${s}`)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary">
        {t("search")}
      </Button>
    </form>
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
    return (
      <Card data-testid="review-empty">
        <CardContent className="flex flex-col items-center py-12 text-center">
          <FileSearch className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{t("emptyTitle")}</p>
          <p className="text-sm text-muted-foreground">{filtered ? t("emptyFiltered") : t("emptyAll")}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-md border bg-background">
        <Table data-testid="review-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.application")}</TableHead>
              <TableHead>{t("columns.applicant")}</TableHead>
              <TableHead>{t("columns.loan")}</TableHead>
              <TableHead>{t("columns.status")}</TableHead>
              <TableHead>{t("columns.submitted")}</TableHead>
              <TableHead className="text-right">{t("columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <ClientMessages namespaces={["adminReview"]}>
              {list.rows.map((row) => (
                <TableRow key={row.applicationId} data-testid="review-row" data-application-id={row.applicationId}>
                  <TableCell>
                    <div className="font-mono text-xs">{row.applicationId}</div>
                    <div className="text-sm">{titles[row.loanType]?.[row.language] ?? row.loanType}</div>
                  </TableCell>
                  <TableCell>
                    <div className="font-medium">{row.name}</div>
                    <div className="text-xs text-muted-foreground">{formatPhone(row.phone, locale)}</div>
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
                      <Button asChild size="sm" variant="ghost">
                        <Link href={reviewHref(filters, { view: row.applicationId })} scroll={false} data-testid="view-application">
                          <Eye aria-hidden />
                          {t("view")}
                        </Link>
                      </Button>
                      {/* Pending rows offer quick decisions; kept mounted so their outcome stays visible after the refresh. */}
                      {canDecide ? <DecisionButtons applicationId={row.applicationId} allowed={row.status === "pending" ? allowedDecisions(row.status) : []} compact /> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </ClientMessages>
          </TableBody>
        </Table>
      </div>
      <ListPagination
        page={list.page}
        pageCount={list.pageCount}
        summary={t("pageOf", { page: formatNumber(list.page, locale), pages: formatNumber(list.pageCount, locale), total: formatNumber(list.total, locale) })}
        hrefFor={(page) => reviewHref(filters, { page })}
      />
    </>
  );
}
