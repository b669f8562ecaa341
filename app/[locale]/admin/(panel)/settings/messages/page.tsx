import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { MailCheck } from "lucide-react";
import { ListPagination } from "@/components/admin/list-pagination";
import { EmptyState, FilterForm, FilterSelect, ListTable } from "@/components/admin/list-parts";
import { ResendMessageButton } from "@/components/admin/messages/resend-button";
import { carriesSecret } from "@/lib/outbox/templates";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { formatDateTime, formatNumber, formatPhone } from "@/lib/format";
import { listOutboxMessages } from "@/lib/outbox/queries";
import { OUTBOX_STATUS_FILTERS, outboxFiltersSchema, type OutboxFilters } from "@/lib/outbox/schemas";
import { MAX_DELIVERY_ATTEMPTS } from "@/lib/outbox/service";
import type { OutboxTemplate } from "@/lib/outbox/templates";
import { listHref } from "@/lib/validation/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminMessages"))("metaTitle") };
}

const PATH = "/admin/settings/messages";
const hrefFor = (filters: OutboxFilters, page: number) => listHref(PATH, { status: filters.status, page }, { status: "failed" });
/** Each kind of message and its label's key (message keys cannot hold dots). */
const TEMPLATE_LABELS: Record<OutboxTemplate, `templates.${"application_rejected" | "kyc_resubmission" | "repayment_reminder" | "society_receipt" | "borrower_sign_in_code"}`> = {
  "application.rejected": "templates.application_rejected",
  "kyc.resubmission": "templates.kyc_resubmission",
  "repayment.reminder": "templates.repayment_reminder",
  "society.receipt": "templates.society_receipt",
  "borrower.sign-in-code": "templates.borrower_sign_in_code",
};
const templateLabel = (template: string) => (template in TEMPLATE_LABELS ? TEMPLATE_LABELS[template as OutboxTemplate] : null);

/** The outbox for admins: what could not be delivered (first), what waits, what went out; send a failed one again. */
export default async function MessagesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requirePermission("settings.messages", PATH);
  const filters = outboxFiltersSchema.parse(await searchParams);
  const [t, locale, list] = await Promise.all([getTranslations("adminMessages"), getLocale() as Promise<Locale>, listOutboxMessages(filters, ctx.scope)]);
  return (
    <>
      <PageHeader title={t("title")} description={t("description", { attempts: formatNumber(MAX_DELIVERY_ATTEMPTS, locale) })} />
      <FilterForm action={PATH} testId="message-filters" label={t("statusFilter")} submitLabel={t("show")}>
        <FilterSelect
          name="status"
          value={filters.status}
          label={t("statusFilter")}
          className="sm:w-56"
          options={OUTBOX_STATUS_FILTERS.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
        />
      </FilterForm>
      {list.rows.length === 0 ? (
        <EmptyState icon={MailCheck} title={t("emptyTitle")} text={t("emptyText")} testId="messages-empty" />
      ) : (
        <>
          <ListTable
            testId="messages-table"
            columns={[t("columns.recipient"), t("columns.message"), t("columns.attempts"), t("columns.lastError"), t("columns.when"), t("columns.actions")]}
          >
            <ClientMessages namespaces={["adminMessages", "adminCommon"]}>
              {list.rows.map((row) => (
                <TableRow key={row.id} data-testid="message-row" data-status={row.status}>
                  <TableCell>
                    <div className="text-sm whitespace-nowrap">{row.channel === "sms" ? formatPhone(row.recipient) : row.recipient}</div>
                    <div className="text-xs text-muted-foreground">{t(`channels.${row.channel}`)}</div>
                  </TableCell>
                  <TableCell className="text-sm">
                    <div>{templateLabel(row.template) ? t(templateLabel(row.template)!) : row.template}</div>
                    <div className="text-xs text-muted-foreground">{t(`statuses.${row.status}`)}</div>
                    {row.branch ? (
                      <div className="text-xs text-muted-foreground" data-testid="message-branch">
                        <span className="font-mono">{row.branch.code}</span> {locale === "bn" ? row.branch.nameBn : row.branch.nameEn}
                      </div>
                    ) : null}
                  </TableCell>
                  <TableCell className="text-sm">{t("attemptsValue", { count: formatNumber(row.attempts, locale) })}</TableCell>
                  <TableCell className="max-w-xs font-mono text-xs break-words whitespace-normal" lang="en">
                    {row.lastError ?? t("noError")}
                  </TableCell>
                  <TableCell className="text-sm whitespace-nowrap">
                    <div>{formatDateTime(row.createdAt, locale)}</div>
                    <div className="text-xs text-muted-foreground">
                      {row.status === "sent" && row.sentAt
                        ? t("sentAt", { time: formatDateTime(row.sentAt, locale) })
                        : row.status === "pending"
                          ? t("nextAttempt", { time: formatDateTime(row.nextAttemptAt, locale) })
                          : null}
                    </div>
                  </TableCell>
                  <TableCell className="text-right">{row.status === "failed" && !carriesSecret(row.template) ? <ResendMessageButton id={row.id} /> : null}</TableCell>
                </TableRow>
              ))}
            </ClientMessages>
          </ListTable>
          <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => hrefFor(filters, page)} />
        </>
      )}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
