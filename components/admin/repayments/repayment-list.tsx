import { ReceiptText } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { ListPagination } from "@/components/admin/list-pagination";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { StatusTypeFilters } from "@/components/admin/status-type-filters";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EmptyState, FilterForm, ListTable, ListTabs, StatCards, ViewLink } from "@/components/admin/list-parts";
import { Input } from "@/components/ui/input";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatDate, formatDateTime, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import { listHref } from "@/lib/validation/search-params";
import type { CollectionActivityStatus, InstallmentStatus, Language, LoanType } from "@/lib/generated/prisma/enums";
import type { ActivityWording } from "@/lib/repayments/activity-wording";
import { COLLECTION_RATE_WINDOW_DAYS, type CollectionList, type RepaymentList, type RepaymentStats } from "@/lib/repayments/queries";
import { REPAYMENT_STATUS_FILTERS, REPAYMENT_TABS, REPAYMENT_TYPE_FILTERS, type RepaymentListFilters } from "@/lib/repayments/list-schemas";
import { CallMemberLink, RecordPaymentDialog } from "./repayment-actions";

type Titles = Record<LoanType, Record<Language, string>>;

/** The spec's repayment colours: green paid, yellow due today, blue upcoming, red overdue, orange partial. */
const STATE_TONE: Record<InstallmentStatus, PillTone> = { paid: "green", due_today: "yellow", upcoming: "blue", overdue: "red", partial: "orange" };
const ACTIVITY_TONE: Record<CollectionActivityStatus, PillTone> = { completed: "green", scheduled: "blue", failed: "red" };

/** Client components of this screen need these namespaces. */
export const REPAYMENT_CLIENT_NAMESPACES = ["adminRepayments", "adminCommon", "validation"] as const;

export async function RepaymentStatusBadge({ state }: { state: InstallmentStatus }) {
  const t = await getTranslations("adminRepayments");
  return <StatusPill tone={STATE_TONE[state]} label={t(`status.${state}`)} status={state} testId="repayment-status" />;
}

/** The list's URL with some parameters changed (the other filters kept, so the back button works). */
export function repaymentsHref(filters: RepaymentListFilters, change: Partial<RepaymentListFilters> & { view?: string }): string {
  const { tab, q, status, loanType, page } = { ...filters, ...change };
  return listHref("/admin/repayments", { tab, q, status, loanType, page, view: change.view }, { tab: "due_today", status: "any", loanType: "any" });
}

export async function RepaymentStatsCards({ stats }: { stats: RepaymentStats }) {
  const [t, locale] = await Promise.all([getTranslations("adminRepayments"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const change = stats.changeOnYesterday;
  const rate = stats.collectionRate;
  const cards: { key: string; label: string; value: string; note: string; tone?: string }[] = [
    {
      key: "dueToday",
      label: t("stats.dueToday"),
      value: formatNumber(stats.dueToday.count, locale),
      note: t("stats.dueTodayNote", { amount: taka(stats.dueToday.emiTotal) }),
    },
    {
      key: "overdue",
      label: t("stats.overdue"),
      value: formatNumber(stats.overdue.count, locale),
      note: t("stats.overdueNote", { emi: taka(stats.overdue.emiTotal), fees: taka(stats.overdue.lateFeeTotal), total: taka(stats.overdue.emiTotal + stats.overdue.lateFeeTotal) }),
      tone: stats.overdue.count > 0 ? "text-red-700" : undefined,
    },
    {
      key: "collectedToday",
      label: t("stats.collectedToday"),
      value: taka(stats.collectedToday),
      note:
        change === null
          ? t("stats.noYesterday")
          : t("stats.changeOnYesterday", { change: `${change > 0 ? "+" : ""}${formatNumber(change, locale, 1)}%`, amount: taka(stats.collectedYesterday) }),
    },
    {
      key: "collectionRate",
      label: t("stats.collectionRate"),
      value: rate.percent === null ? "—" : `${formatNumber(rate.percent, locale, 1)}%`,
      note:
        rate.due === 0
          ? t("stats.noneDue", { days: formatNumber(COLLECTION_RATE_WINDOW_DAYS, locale) })
          : t("stats.collectionRateNote", { paid: formatNumber(rate.paid, locale), due: formatNumber(rate.due, locale), days: formatNumber(COLLECTION_RATE_WINDOW_DAYS, locale) }),
    },
  ];
  return <StatCards cards={cards} testIdPrefix="repayment-stat-" />;
}

/** Tabs as links (each a filtered URL), then the filters as a plain GET form that keeps the tab. */
export async function RepaymentFilters({ filters, titles }: { filters: RepaymentListFilters; titles: Titles }) {
  const [t, locale] = await Promise.all([getTranslations("adminRepayments"), getLocale() as Promise<Locale>]);
  return (
    <>
      <ListTabs
        label={t("tabsLabel")}
        testId="repayment-tabs"
        tabs={REPAYMENT_TABS.map((tab) => ({ key: tab, label: t(`tabs.${tab}`), href: repaymentsHref({ ...filters, status: "any", page: 1 }, { tab }), current: filters.tab === tab }))}
      />
      <FilterForm action="/admin/repayments" testId="repayment-filters" label={t("searchLabel")} submitLabel={t("search")}>
        {filters.tab !== "due_today" ? <input type="hidden" name="tab" value={filters.tab} /> : null}
        <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-xs" />
        <StatusTypeFilters
          status={
            filters.tab !== "collections"
              ? { value: filters.status, filters: REPAYMENT_STATUS_FILTERS, label: t("statusFilter"), anyLabel: t("allStatuses"), labelOf: (s) => t(`status.${s}`) }
              : null
          }
          loanType={{ value: filters.loanType, filters: REPAYMENT_TYPE_FILTERS, label: t("typeFilter"), anyLabel: t("allTypes"), titles, locale }}
        />
      </FilterForm>
    </>
  );
}

async function EmptyList({ text, testId }: { text: string; testId: string }) {
  const t = await getTranslations("adminRepayments");
  return <EmptyState icon={ReceiptText} title={t("emptyTitle")} text={text} testId={testId} />;
}

export async function RepaymentTable({ list, filters, titles, canRecord }: { list: RepaymentList; filters: RepaymentListFilters; titles: Titles; canRecord: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("adminRepayments"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  if (list.rows.length === 0) return <EmptyList text={t(`empty.${filters.tab as "paid"}`)} testId="repayment-empty" />;
  return (
    <>
      <ListTable testId="repayment-table" columns={[t("columns.member"), t("columns.loan"), t("columns.amount"), t("columns.due"), t("columns.status"), t("columns.outstanding"), t("columns.actions")]}>
        <ClientMessages namespaces={[...REPAYMENT_CLIENT_NAMESPACES]}>
          {list.rows.map((row) => (
            <TableRow key={row.installmentId} data-testid="repayment-row" data-installment-id={row.installmentId} data-state={row.now.state}>
              <TableCell>
                <div className="font-medium">{row.member.name}</div>
                <div className="text-xs text-muted-foreground">{formatPhone(row.member.phone)}</div>
              </TableCell>
              <TableCell>
                <div className="text-sm">{titles[row.loan.loanType]?.[locale] ?? row.loan.loanType}</div>
                <div className="font-mono text-xs">{row.loan.loanNumber}</div>
                <div className="text-xs text-muted-foreground">
                  {t("emiOf", { n: formatNumber(row.emiNumber, locale), total: formatNumber(row.totalEmis, locale) })}
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="font-medium">{taka(row.emiAmount)}</div>
                {row.now.lateFee > 0 ? <div className="text-xs text-red-700">{t("lateFee", { amount: taka(row.now.lateFee) })}</div> : null}
                {row.paidAmount > 0 ? <div className="text-xs text-green-700">{t("paidAmount", { amount: taka(row.paidAmount) })}</div> : null}
              </TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {row.now.state === "paid" && row.paidAt ? (
                  <div>{t("paidOn", { date: formatDate(row.paidAt, locale) })}</div>
                ) : (
                  <div>{formatCalendarDate(row.dueDate, locale)}</div>
                )}
                {row.now.daysOverdue > 0 ? <div className="text-xs text-red-700">{t("daysOverdue", { count: row.now.daysOverdue })}</div> : null}
                {row.now.state === "paid" ? <div className="text-xs text-muted-foreground">{t("dueOn", { date: formatCalendarDate(row.dueDate, locale) })}</div> : null}
              </TableCell>
              <TableCell>
                <RepaymentStatusBadge state={row.now.state} />
              </TableCell>
              <TableCell className="whitespace-nowrap">
                <div className="font-medium">{taka(row.loan.outstanding)}</div>
                <div className="text-xs text-muted-foreground">{t("remaining", { percent: `${formatNumber(row.loan.remainingPercent, locale, 1)}%` })}</div>
              </TableCell>
              <TableCell className="text-right">
                <div className="flex flex-col items-end gap-1">
                  <ViewLink href={repaymentsHref(filters, { view: row.installmentId })} label={t("view")} testId="view-repayment" />
                  {canRecord && row.now.state !== "paid" ? (
                    <>
                      <CallMemberLink installmentId={row.installmentId} phone={row.member.phone} name={row.member.name} compact />
                      <RecordPaymentDialog
                        prefill={{ memberId: row.member.userNumber, loanNumber: row.loan.loanNumber, amount: row.owedThrough, emiNumber: row.emiNumber }}
                        compact
                      />
                    </>
                  ) : null}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </ClientMessages>
      </ListTable>
      <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => repaymentsHref(filters, { page })} />
    </>
  );
}

/** An activity's facts formatted for the reader: numbers and dates in their digits, an SMS's language by name. */
function wordingValues(wording: ActivityWording, locale: Locale, languageName: (language: Language) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(wording.values)) {
    if (name === "due" || name === "date") out[name] = formatCalendarDate(value as string, locale);
    else if (name === "amount") out[name] = formatTaka(value as number, locale);
    else if (name === "language") out[name] = languageName(value as Language);
    else out[name] = formatNumber(value as number, locale);
  }
  return out;
}

/** The Collections tab: the collection log, newest first. */
export async function CollectionTable({ list, filters, titles }: { list: CollectionList; filters: RepaymentListFilters; titles: Titles }) {
  const [t, locale] = await Promise.all([getTranslations("adminRepayments"), getLocale() as Promise<Locale>]);
  if (list.rows.length === 0) return <EmptyList text={t("empty.collections")} testId="collection-empty" />;
  return (
    <>
      <ListTable testId="collection-table" columns={[t("columns.activity"), t("columns.member"), t("columns.loan"), t("columns.performer"), t("columns.status")]}>
        {list.rows.map((row) => (
          <TableRow key={row.id} data-testid="collection-row" data-activity={row.activity}>
            <TableCell className="max-w-md">
              <div className="text-xs font-medium text-muted-foreground">{t(`activity.${row.activity}`)}</div>
              {row.wording && <div className="text-sm whitespace-normal">{t(`activityText.${row.wording.key}`, wordingValues(row.wording, locale, (language) => t(`languages.${language}`)))}</div>}
              {row.note && <div className="text-sm whitespace-normal">{row.note}</div>}
              <div className="text-xs text-muted-foreground">{formatDateTime(row.createdAt, locale)}</div>
            </TableCell>
            <TableCell>
              <div className="font-medium">{row.member.name}</div>
              <div className="text-xs text-muted-foreground">{formatPhone(row.member.phone)}</div>
            </TableCell>
            <TableCell>
              <div className="font-mono text-xs">{row.loanNumber}</div>
              <div className="text-xs text-muted-foreground">{titles[row.loanType]?.[locale] ?? row.loanType}</div>
            </TableCell>
            <TableCell className="text-sm">{row.performer ?? t(row.activity === "auto_collection" ? "performer.automatic" : "performer.system")}</TableCell>
            <TableCell>
              <StatusPill tone={ACTIVITY_TONE[row.status]} label={t(`activityStatus.${row.status}`)} status={row.status} testId="activity-status" />
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ListPagination list={list} summary={(n) => t("activitiesPageOf", n)} hrefFor={(page) => repaymentsHref(filters, { page })} />
    </>
  );
}
