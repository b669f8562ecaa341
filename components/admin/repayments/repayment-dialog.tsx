import { getLocale, getTranslations } from "next-intl/server";
import { DetailDialogFrame } from "@/components/admin/detail-dialog-frame";
import { Facts } from "@/components/admin/facts";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Progress } from "@/components/ui/progress";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatDate, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";
import type { Language, LoanType } from "@/lib/generated/prisma/enums";
import type { RepaymentDetail, ScheduleEntry } from "@/lib/repayments/queries";
import { EarlyRepaymentButtons } from "./early-repayment";
import { PaymentReversalControls } from "./payment-reversal";
import { ScheduleChanges } from "./schedule-changes";
import { CallMemberLink, RecordPaymentDialog, SendReminderButton } from "./repayment-actions";
import { REPAYMENT_CLIENT_NAMESPACES, RepaymentStatusBadge } from "./repayment-list";

const POSITION_TONE: Record<ScheduleEntry["position"], PillTone> = { paid: "green", current: "yellow", pending: "grey" };

/** The payment detail dialog (?view=<installmentId>): payment details, the loan's EMI schedule, its payment history. */
export async function RepaymentDetailDialog({
  detail,
  titles,
  closeHref,
  canRecord,
  reversalsBy = null,
}: {
  detail: RepaymentDetail;
  titles: Record<LoanType, Record<Language, string>>;
  closeHref: string;
  canRecord: boolean;
  /** Who is looking, when they may ask for and decide payment reversals; null otherwise. */
  reversalsBy?: { viewerId: string } | null;
}) {
  const [t, tPdf, locale] = await Promise.all([getTranslations("adminRepayments"), getTranslations("loanPdf"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const { installment: inst, loan, member } = detail;
  const loanTitle = titles[loan.loanType]?.[locale] ?? loan.loanType;
  const unpaid = inst.now.state !== "paid";

  const details = (
    <div className="space-y-4" data-testid="repayment-details">
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.member")}</h3>
        <Facts
          rows={[
            [t("dialog.name"), member.name],
            [t("dialog.memberId"), member.userNumber],
            [t("dialog.phone"), formatPhone(member.phone)],
            [t("dialog.email"), member.email ?? "—"],
            [t("dialog.address"), member.address],
            [t("dialog.language"), t(`languages.${loan.language}`)],
          ]}
        />
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.installment")}</h3>
        <Facts
          rows={[
            [t("dialog.status"), <RepaymentStatusBadge key="status" state={inst.now.state} />],
            [t("dialog.emiNumber"), t("emiOf", { n: formatNumber(inst.emiNumber, locale), total: formatNumber(loan.tenure, locale) })],
            [t("dialog.dueDate"), formatCalendarDate(inst.dueDate, locale)],
            ...(inst.now.daysOverdue > 0 ? ([[t("dialog.overdueBy"), t("daysOverdue", { count: inst.now.daysOverdue })]] as [string, string][]) : []),
            [t("dialog.emiAmount"), t("dialog.emiParts", { emi: taka(inst.emiAmount), principal: taka(inst.principalAmount), interest: taka(inst.interestAmount) })],
            [t("dialog.lateFee"), inst.now.lateFee > 0 ? taka(inst.now.lateFee) : t("dialog.noLateFee")],
            [t("dialog.paidAmount"), taka(inst.paidAmount)],
            ...(inst.paidAt ? ([[t("dialog.paidAt"), formatDate(inst.paidAt, locale)]] as [string, string][]) : []),
            ...(unpaid
              ? ([
                  [t("dialog.owed"), taka(inst.now.owed)],
                  ...(inst.owedThrough > inst.now.owed ? [[t("dialog.owedThrough"), taka(inst.owedThrough)]] : []),
                ] as [string, string][])
              : []),
          ]}
        />
      </section>
      <section>
        <h3 className="mb-2 font-semibold">{t("dialog.loanSummary")}</h3>
        <Facts
          rows={[
            [t("dialog.loan"), `${loan.loanNumber} · ${loanTitle}`],
            [t("dialog.disbursed"), loan.disbursedAmount !== null ? taka(loan.disbursedAmount) : "—"],
            [t("dialog.interestRate"), formatPercent(loan.interestRate, locale)],
            [t("dialog.emi"), taka(loan.emi)],
            [
              t("dialog.progress"),
              <div key="progress" className="space-y-1" data-testid="emi-progress">
                <span>{t("dialog.progressText", { paid: formatNumber(loan.paidCount, locale), total: formatNumber(loan.tenure, locale) })}</span>
                <Progress value={loan.tenure > 0 ? (loan.paidCount / loan.tenure) * 100 : 0} aria-label={t("dialog.progress")} />
              </div>,
            ],
            [t("dialog.outstanding"), t("dialog.outstandingText", { amount: taka(loan.outstanding), percent: `${formatNumber(loan.remainingPercent, locale, 1)}%` })],
            [t("dialog.nextDue"), loan.nextDue ? formatCalendarDate(loan.nextDue, locale) : t("dialog.allPaid")],
          ]}
        />
      </section>
      {canRecord && unpaid ? (
        <ClientMessages namespaces={[...REPAYMENT_CLIENT_NAMESPACES]}>
          <div className="flex flex-wrap gap-2 border-t pt-3" data-testid="repayment-dialog-actions">
            <CallMemberLink installmentId={inst.installmentId} phone={member.phone} name={member.name} />
            <SendReminderButton installmentId={inst.installmentId} phone={member.phone} />
            <RecordPaymentDialog prefill={{ memberId: member.userNumber, loanNumber: loan.loanNumber, amount: inst.owedThrough, emiNumber: inst.emiNumber }} />
            {loan.status === "disbursed" ? <EarlyRepaymentButtons loanNumber={loan.loanNumber} prepaymentMode={loan.prepaymentMode} /> : null}
          </div>
        </ClientMessages>
      ) : null}
    </div>
  );

  const schedule = (
    <div className="space-y-4">
      <div className="overflow-x-auto">
      <Table data-testid="emi-schedule">
        <TableHeader>
          <TableRow>
            <TableHead>{t("schedule.emi")}</TableHead>
            <TableHead>{t("schedule.due")}</TableHead>
            <TableHead>{t("schedule.amount")}</TableHead>
            <TableHead>{t("schedule.paid")}</TableHead>
            <TableHead>{t("schedule.state")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {detail.schedule.map((row) => (
            <TableRow key={row.installmentId} data-position={row.position} aria-current={row.installmentId === inst.installmentId ? "true" : undefined} className={row.installmentId === inst.installmentId ? "bg-muted/60" : undefined}>
              <TableCell>{formatNumber(row.emiNumber, locale)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {formatCalendarDate(row.dueDate, locale)}
                {row.now.daysOverdue > 0 ? <div className="text-xs text-red-700">{t("daysOverdue", { count: row.now.daysOverdue })}</div> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {taka(row.emiAmount)}
                {row.now.lateFee > 0 ? <div className="text-xs text-red-700">{t("lateFee", { amount: taka(row.now.lateFee) })}</div> : null}
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {row.paidAmount > 0 ? taka(row.paidAmount) : "—"}
                {row.paidAt ? <div className="text-xs text-muted-foreground">{formatDate(row.paidAt, locale)}</div> : null}
              </TableCell>
              <TableCell>
                <StatusPill tone={POSITION_TONE[row.position]} label={t(`schedule.position.${row.position}`)} status={row.position} testId="schedule-position" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      </div>
      <ScheduleChanges payments={detail.payments} />
    </div>
  );

  const history =
    detail.payments.length === 0 ? (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="payment-history-empty">
        {t("history.none")}
      </p>
    ) : (
      <ClientMessages namespaces={[...REPAYMENT_CLIENT_NAMESPACES]}>
        <div className="overflow-x-auto">
          <Table data-testid="payment-history">
            <TableHeader>
              <TableRow>
                <TableHead>{t("history.receipt")}</TableHead>
                <TableHead>{t("history.amount")}</TableHead>
                <TableHead>{t("history.date")}</TableHead>
                <TableHead>{t("history.method")}</TableHead>
                <TableHead>{t("history.reference")}</TableHead>
                <TableHead>{t("history.collectedBy")}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {detail.payments.flatMap((p) => [
                <TableRow key={p.paymentNumber} data-payment-number={p.paymentNumber}>
                  <TableCell className="font-mono text-xs">
                    {p.paymentNumber}
                    {p.status !== "completed" ? (
                      <div className="font-sans text-xs text-red-700">{t(`history.status.${p.status}`)}</div>
                    ) : (
                      <a href={`/admin/api/payments/${p.paymentNumber}/receipt.pdf`} className="block font-sans text-xs text-primary underline" data-testid="payment-receipt-pdf" target="_blank" rel="noopener">
                        {tPdf("download.receipt")}
                      </a>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{taka(p.amount)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatCalendarDate(p.paymentDate, locale)}</TableCell>
                  <TableCell>{p.method ? t(`methods.${p.method}`) : "—"}</TableCell>
                  <TableCell className="font-mono text-xs break-all">{p.reference ?? "—"}</TableCell>
                  <TableCell className="text-sm">{p.collectedBy ?? "—"}</TableCell>
                </TableRow>,
                // Its reversal on a row of its own, at the table's left edge: seen on a phone without scrolling sideways.
                ...(reversalsBy && p.status === "completed"
                  ? [
                      <TableRow key={`${p.paymentNumber}:reversal`} data-reversal-for={p.paymentNumber} className="border-t-0">
                        <TableCell colSpan={6} className="pt-0">
                          <div className="sticky left-0 max-w-[calc(100vw-5rem)] whitespace-normal sm:max-w-xl">
                            <PaymentReversalControls paymentNumber={p.paymentNumber} pending={p.pendingReversal} viewerId={reversalsBy.viewerId} />
                          </div>
                        </TableCell>
                      </TableRow>,
                    ]
                  : []),
              ])}
            </TableBody>
          </Table>
        </div>
      </ClientMessages>
    );

  return (
    <DetailDialogFrame
      closeLabel={(await getTranslations("adminCommon"))("close")}
      title={t("dialog.title", { n: formatNumber(inst.emiNumber, locale), loan: loan.loanNumber })}
      description={t("dialog.description", { name: member.name, type: loanTitle })}
      closeHref={closeHref}
      testId="repayment-dialog"
      tabs={[
        { value: "details", label: t("dialog.tabs.details"), content: details },
        { value: "schedule", label: t("dialog.tabs.schedule"), content: schedule },
        { value: "history", label: t("dialog.tabs.history"), content: history },
      ]}
    />
  );
}
