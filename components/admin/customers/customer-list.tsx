import { Eye, Pencil, UserSearch } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { CustomerList, CustomerStats } from "@/lib/customers/queries";
import { CUSTOMER_SEARCH_FIELDS, CUSTOMER_STATUS_FILTERS, KYC_STATUS_FILTERS, type CustomerListFilters } from "@/lib/customers/schemas";
import { formatDateTime, formatNumber, formatPhone, formatTaka, localizeDigits } from "@/lib/format";
import type { CustomerStatus, KycStatus } from "@/lib/generated/prisma/enums";
import { SearchTermInput } from "./search-term-input";

export const CUSTOMERS_PATH = "/admin/user-profiles";

const STATUS_TONE: Record<CustomerStatus, PillTone> = { active: "green", inactive: "grey", suspended: "red" };
const KYC_TONE: Record<KycStatus, PillTone> = { verified: "green", pending: "yellow", rejected: "red" };

export async function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const t = await getTranslations("adminCustomers");
  return <StatusPill tone={STATUS_TONE[status]} label={t(`status.${status}`)} status={status} testId="customer-status" />;
}

export async function KycBadge({ status }: { status: KycStatus }) {
  const t = await getTranslations("adminCustomers");
  return <StatusPill tone={KYC_TONE[status]} label={t("kycBadge", { status: t(`kyc.${status}`) })} status={status} testId="customer-kyc" />;
}

/** The filters as URL parameters (defaults left out), shared by the list's links and the Export link. */
export function customerFilterParams(filters: CustomerListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) {
    if (filters.by !== "all") params.set("by", filters.by);
    params.set("q", filters.q);
  }
  if (filters.status !== "any") params.set("status", filters.status);
  if (filters.kyc !== "any") params.set("kyc", filters.kyc);
  return params;
}

/** The list's URL with some parameters changed (the other filters kept, so the back button works). */
export function customersHref(filters: CustomerListFilters, change: Partial<CustomerListFilters> & { view?: string; edit?: string }): string {
  const next = { ...filters, ...change };
  const params = customerFilterParams(next);
  if (next.page > 1) params.set("page", String(next.page));
  if (change.view) params.set("view", change.view);
  if (change.edit) params.set("edit", change.edit);
  const query = params.toString();
  return `${CUSTOMERS_PATH}${query ? `?${query}` : ""}`;
}

export async function CustomerStatsCards({ stats, results }: { stats: CustomerStats; results: number }) {
  const [t, locale] = await Promise.all([getTranslations("adminCustomers"), getLocale() as Promise<Locale>]);
  const cards: { key: string; label: string; value: number; note: string }[] = [
    { key: "total", label: t("stats.total"), value: stats.total, note: t("stats.totalNote") },
    { key: "results", label: t("stats.results"), value: results, note: t("stats.resultsNote") },
    { key: "kycVerified", label: t("stats.kycVerified"), value: stats.kycVerified, note: t("stats.kycVerifiedNote") },
    { key: "activeLoans", label: t("stats.activeLoans"), value: stats.activeLoans, note: t("stats.activeLoansNote") },
  ];
  return (
    <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.key} className="gap-1 py-4" data-testid={`customer-stat-${card.key}`}>
          <CardContent className="px-4">
            <p className="text-xs text-muted-foreground">{card.label}</p>
            <p className="text-xl font-bold" data-value={card.value}>
              {formatNumber(card.value, locale)}
            </p>
            <p className="text-xs text-muted-foreground">{card.note}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

/** Search-by, term, status and KYC as a plain GET form: works before (and without) JavaScript. */
export async function CustomerFilters({ filters }: { filters: CustomerListFilters }) {
  const t = await getTranslations("adminCustomers");
  const placeholders = Object.fromEntries(CUSTOMER_SEARCH_FIELDS.map((by) => [by, t(`placeholders.${by}`)])) as Record<(typeof CUSTOMER_SEARCH_FIELDS)[number], string>;
  return (
    <form action={CUSTOMERS_PATH} className="mb-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap" role="search" data-testid="customer-filters">
      <ClientMessages namespaces={["adminCustomers"]}>
        <SearchTermInput by={filters.by} q={filters.q} placeholders={placeholders} />
      </ClientMessages>
      <select name="status" defaultValue={filters.status} aria-label={t("statusFilter")} className={`${compactSelectClassName} sm:w-40`}>
        {CUSTOMER_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {s === "any" ? t("allStatuses") : t(`status.${s}`)}
          </option>
        ))}
      </select>
      <select name="kyc" defaultValue={filters.kyc} aria-label={t("kycFilter")} className={`${compactSelectClassName} sm:w-40`}>
        {KYC_STATUS_FILTERS.map((k) => (
          <option key={k} value={k}>
            {k === "any" ? t("allKyc") : t(`kyc.${k}`)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary">
        {t("search")}
      </Button>
    </form>
  );
}

export async function CustomerTable({ list, filters, canEdit }: { list: CustomerList; filters: CustomerListFilters; canEdit: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("adminCustomers"), getLocale() as Promise<Locale>]);
  if (list.rows.length === 0) {
    return (
      <Card data-testid="customer-empty">
        <CardContent className="flex flex-col items-center py-12 text-center">
          <UserSearch className="mb-3 size-10 text-muted-foreground" aria-hidden />
          <p className="font-semibold">{t("emptyTitle")}</p>
          <p className="text-sm text-muted-foreground">{t("emptyText")}</p>
        </CardContent>
      </Card>
    );
  }
  return (
    <>
      <div className="overflow-x-auto rounded-md border bg-background">
        <Table data-testid="customer-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t("columns.user")}</TableHead>
              <TableHead>{t("columns.userNumber")}</TableHead>
              <TableHead>{t("columns.userCode")}</TableHead>
              <TableHead>{t("columns.contact")}</TableHead>
              <TableHead>{t("columns.status")}</TableHead>
              <TableHead>{t("columns.loans")}</TableHead>
              <TableHead>{t("columns.lastActivity")}</TableHead>
              <TableHead className="text-right">{t("columns.actions")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.rows.map((row) => (
              <TableRow key={row.userNumber} data-testid="customer-row" data-user-number={row.userNumber}>
                <TableCell>
                  <div className="font-medium">{row.name}</div>
                  <div className="text-xs text-muted-foreground">{row.email ?? t("noEmail")}</div>
                </TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{localizeDigits(row.userNumber, locale)}</TableCell>
                <TableCell className="font-mono text-xs whitespace-nowrap">{row.userCode}</TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatPhone(row.phone, locale)}</TableCell>
                <TableCell>
                  <div className="flex flex-col items-start gap-1">
                    <CustomerStatusBadge status={row.status} />
                    <KycBadge status={row.kycStatus} />
                  </div>
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap" data-testid="customer-loans">
                  <div>{t("loanCount", { count: row.loans.loanCount })}</div>
                  <div className="text-xs text-muted-foreground">
                    {row.loans.activeLoans > 0 ? t("activeAmount", { amount: formatTaka(row.loans.activeAmount, locale) }) : t("noActiveLoan")}
                  </div>
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">{row.lastActivityAt ? formatDateTime(row.lastActivityAt, locale) : "—"}</TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button asChild size="sm" variant="ghost">
                      <Link href={customersHref(filters, { view: row.userNumber })} scroll={false} data-testid="view-customer" aria-label={t("viewOf", { name: row.name })}>
                        <Eye aria-hidden />
                        {t("view")}
                      </Link>
                    </Button>
                    {canEdit ? (
                      <Button asChild size="sm" variant="ghost">
                        <Link href={customersHref(filters, { edit: row.userNumber })} scroll={false} data-testid="edit-customer" aria-label={t("editOf", { name: row.name })}>
                          <Pencil aria-hidden />
                          {t("edit")}
                        </Link>
                      </Button>
                    ) : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ListPagination
        page={list.page}
        pageCount={list.pageCount}
        summary={t("pageOf", { page: formatNumber(list.page, locale), pages: formatNumber(list.pageCount, locale), total: formatNumber(list.total, locale) })}
        hrefFor={(page) => customersHref(filters, { page })}
      />
    </>
  );
}
