import { Eye, Pencil, UserSearch } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EmptyState, FilterForm, FilterSelect, ListTable, type StatCard, StatCards } from "@/components/admin/list-parts";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { CustomerList, CustomerStats } from "@/lib/customers/queries";
import { CUSTOMER_SEARCH_FIELDS, CUSTOMER_STATUS_FILTERS, KYC_STATUS_FILTERS, type CustomerListFilters } from "@/lib/customers/schemas";
import { formatDateTime, formatNumber, formatPhone, formatTaka } from "@/lib/format";
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
  const card = (key: "total" | "results" | "kycVerified" | "activeLoans", raw: number): StatCard => ({
    key,
    label: t(`stats.${key}`),
    value: formatNumber(raw, locale),
    raw,
    note: t(`stats.${key}Note`),
  });
  const cards: StatCard[] = [
    card("total", stats.total),
    card("results", results),
    card("kycVerified", stats.kycVerified),
    ...(stats.activeLoans !== null ? [card("activeLoans", stats.activeLoans)] : []),
  ];
  return <StatCards cards={cards} testIdPrefix="customer-stat-" />;
}

/** Search-by, term, status and KYC as a plain GET form: works before (and without) JavaScript. */
export async function CustomerFilters({ filters }: { filters: CustomerListFilters }) {
  const t = await getTranslations("adminCustomers");
  const placeholders = Object.fromEntries(CUSTOMER_SEARCH_FIELDS.map((by) => [by, t(`placeholders.${by}`)])) as Record<(typeof CUSTOMER_SEARCH_FIELDS)[number], string>;
  return (
    <FilterForm action={CUSTOMERS_PATH} testId="customer-filters" label={t("searchLabel")} submitLabel={t("search")}>
      <ClientMessages namespaces={["adminCustomers"]}>
        <SearchTermInput by={filters.by} q={filters.q} placeholders={placeholders} />
      </ClientMessages>
      <FilterSelect
        name="status"
        value={filters.status}
        label={t("statusFilter")}
        className="sm:w-40"
        options={CUSTOMER_STATUS_FILTERS.map((s) => ({ value: s, label: s === "any" ? t("allStatuses") : t(`status.${s}`) }))}
      />
      <FilterSelect
        name="kyc"
        value={filters.kyc}
        label={t("kycFilter")}
        className="sm:w-40"
        options={KYC_STATUS_FILTERS.map((k) => ({ value: k, label: k === "any" ? t("allKyc") : t(`kyc.${k}`) }))}
      />
    </FilterForm>
  );
}

export async function CustomerTable({ list, filters, canEdit }: { list: CustomerList; filters: CustomerListFilters; canEdit: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("adminCustomers"), getLocale() as Promise<Locale>]);
  const showLoans = list.rows.some((row) => row.loans !== null);
  if (list.rows.length === 0) {
    return <EmptyState icon={UserSearch} title={t("emptyTitle")} text={t("emptyText")} testId="customer-empty" />;
  }
  return (
    <>
      <ListTable
        testId="customer-table"
        columns={[
          t("columns.user"),
          t("columns.userNumber"),
          t("columns.userCode"),
          t("columns.contact"),
          t("columns.status"),
          ...(showLoans ? [t("columns.loans")] : []),
          t("columns.lastActivity"),
          t("columns.actions"),
        ]}
      >
        {list.rows.map((row) => (
          <TableRow key={row.userNumber} data-testid="customer-row" data-user-number={row.userNumber}>
            <TableCell>
              <div className="font-medium">{row.name}</div>
              <div className="text-xs text-muted-foreground">{row.email ?? t("noEmail")}</div>
            </TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{row.userNumber}</TableCell>
            <TableCell className="font-mono text-xs whitespace-nowrap">{row.userCode}</TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatPhone(row.phone)}</TableCell>
            <TableCell>
              <div className="flex flex-col items-start gap-1">
                <CustomerStatusBadge status={row.status} />
                <KycBadge status={row.kycStatus} />
              </div>
            </TableCell>
            {row.loans ? (
              <TableCell className="text-sm whitespace-nowrap" data-testid="customer-loans">
                <div>{t("loanCount", { count: row.loans.loanCount })}</div>
                <div className="text-xs text-muted-foreground">
                  {row.loans.activeLoans > 0 ? t("activeAmount", { amount: formatTaka(row.loans.activeAmount, locale) }) : t("noActiveLoan")}
                </div>
              </TableCell>
            ) : null}
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
      </ListTable>
      <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => customersHref(filters, { page })} />
    </>
  );
}
