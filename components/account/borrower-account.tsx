import { AlertTriangle, FileDown } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import type { BorrowerAccountView } from "@/lib/borrower/types";
import { formatCalendarDate, formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka } from "@/lib/format";

type Loan = BorrowerAccountView["loans"][number];
type Application = BorrowerAccountView["applications"][number];
export type PayTo = { bkash: string | null; nagad: string | null; supportPhone: string };

const STATUS_VARIANT = { paid: "secondary", partial: "outline", overdue: "destructive", due_today: "default", upcoming: "outline" } as const;

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

async function ApplicationCard({ application: a, locale }: { application: Application; locale: Locale }) {
  const [t, ts] = await Promise.all([getTranslations("account"), getTranslations("status")]);
  return (
    <Card data-testid="account-application">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{t("applications.item", { id: a.applicationId })}</CardTitle>
        <Badge variant={a.status === "rejected" ? "destructive" : a.status === "approved" ? "default" : "outline"} data-testid="account-application-status">
          {ts(`statuses.${a.status}`)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">{ts(`statusText.${a.status}`)}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={ts("loanType")} value={ts(`loanTypes.${a.loanType}`)} />
          <Fact label={ts("amount")} value={formatTaka(a.amount, locale)} />
          <Fact label={ts("tenure")} value={ts("tenureValue", { months: formatNumber(a.tenure, locale) })} />
          <Fact label={ts("submitted")} value={formatDateTime(a.submittedAt, locale)} />
        </dl>
        {a.rejectionReason ? (
          <p className="text-sm" data-testid="account-application-reason">
            <span className="font-medium">{ts("reason")}: </span>
            {a.rejectionReason}
          </p>
        ) : null}
        {a.kycResubmission ? (
          <Alert data-testid="account-kyc-request">
            <AlertTriangle aria-hidden />
            <AlertTitle>{ts("kycResubmission.title")}</AlertTitle>
            <AlertDescription className="space-y-2">
              {a.kycResubmission.reason ? <p>{t("applications.kycReason", { reason: a.kycResubmission.reason })}</p> : null}
              {a.kycResubmission.link ? (
                <Button asChild size="sm">
                  <a href={a.kycResubmission.link}>{t("applications.kycLink")}</a>
                </Button>
              ) : (
                <p>{ts("kycResubmission.text")}</p>
              )}
            </AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

async function LoanCard({ loan, locale, payTo }: { loan: Loan; locale: Locale; payTo: PayTo }) {
  const [t, ts, tp] = await Promise.all([getTranslations("account"), getTranslations("status"), getTranslations("loanPdf")]);
  const taka = (v: number) => formatTaka(v, locale);
  const date = (iso: string) => formatCalendarDate(iso, locale);
  const live = loan.status === "disbursed";
  return (
    <Card data-testid="account-loan">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{t("loans.item", { loan: loan.loanNumber, type: ts(`loanTypes.${loan.loanType}`) })}</CardTitle>
        <Badge variant={live ? "default" : "outline"} data-testid="account-loan-status">
          {t(`loans.statuses.${loan.status}`)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t("loans.amount")} value={taka(loan.amount)} />
          <Fact label={t("loans.rate")} value={t("loans.rateValue", { rate: formatPercent(loan.annualRate, locale) })} />
          <Fact label={t("loans.emi")} value={taka(loan.emi)} />
          {loan.disbursedOn ? <Fact label={t("loans.disbursedOn")} value={date(loan.disbursedOn)} /> : null}
          {live || loan.status === "closed" ? <Fact label={t("loans.outstanding")} value={taka(loan.outstanding)} testId="account-outstanding" /> : null}
        </dl>

        {live && loan.next ? (
          <Alert variant={loan.next.overdue ? "destructive" : "default"} data-testid="account-next">
            <AlertTitle>{loan.next.overdue ? t("loans.nextOverdue") : t("loans.next")}</AlertTitle>
            <AlertDescription>
              {t("loans.nextText", { number: formatNumber(loan.next.emiNumber, locale), date: date(loan.next.date), amount: taka(loan.next.amount) })}
            </AlertDescription>
          </Alert>
        ) : null}

        {live && loan.settlementToday ? (
          <section aria-labelledby={`settle-${loan.loanNumber}`} className="space-y-1 rounded-md border p-3 text-sm" data-testid="account-settlement" data-amount={loan.settlementToday.total}>
            <h3 id={`settle-${loan.loanNumber}`} className="font-semibold">
              {t("loans.settlementTitle", { amount: taka(loan.settlementToday.total) })}
            </h3>
            <p className="text-muted-foreground">
              {t("loans.settlementText", { principal: taka(loan.settlementToday.principal), interest: taka(loan.settlementToday.interest), fees: taka(loan.settlementToday.lateFees) })}
            </p>
          </section>
        ) : null}

        {live ? (
          <section aria-labelledby={`pay-${loan.loanNumber}`} className="space-y-1 text-sm">
            <h3 id={`pay-${loan.loanNumber}`} className="font-semibold">
              {t("pay.title")}
            </h3>
            {payTo.bkash ? <p>{t("pay.bkash", { number: formatPhone(`+88${payTo.bkash}`), reference: loan.loanNumber })}</p> : null}
            {payTo.nagad ? <p>{t("pay.nagad", { number: formatPhone(`+88${payTo.nagad}`), reference: loan.loanNumber })}</p> : null}
            <p>{t(payTo.bkash || payTo.nagad ? "pay.office" : "pay.officeOnly", { phone: formatPhone(payTo.supportPhone) })}</p>
          </section>
        ) : null}

        {loan.installments.length > 0 ? (
          <section className="space-y-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t("loans.schedule", { count: formatNumber(loan.installments.length, locale) })}</h3>
              <Button asChild variant="outline" size="sm">
                <a href={`/account/api/loans/${encodeURIComponent(loan.loanNumber)}/schedule.pdf`} download data-testid="account-schedule-pdf">
                  <FileDown aria-hidden />
                  {tp("download.schedule")}
                </a>
              </Button>
            </div>
            <Table data-testid="account-schedule">
              <TableHeader>
                <TableRow>
                  <TableHead>{ts("schedule.columns.number")}</TableHead>
                  <TableHead>{ts("schedule.columns.due")}</TableHead>
                  <TableHead className="text-right">{ts("schedule.columns.amount")}</TableHead>
                  <TableHead className="hidden sm:table-cell">{ts("schedule.columns.status")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {loan.installments.map((i) => (
                  <TableRow key={i.emiNumber} data-status={i.status}>
                    <TableCell>{formatNumber(i.emiNumber, locale)}</TableCell>
                    <TableCell>
                      <span className="whitespace-nowrap">{date(i.scheduledDate)}</span>
                      {/* On a phone the status goes under the date: four columns do not fit 360 px in Bengali. */}
                      <Badge variant={STATUS_VARIANT[i.status]} className="mt-1 flex w-fit sm:hidden">
                        {ts(`schedule.statuses.${i.status}`)}
                      </Badge>
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      {taka(i.emiAmount + i.lateFee)}
                      {i.lateFee > 0 ? <span className="text-muted-foreground block text-xs">{t("loans.lateFee", { fee: taka(i.lateFee) })}</span> : null}
                      {i.paid > 0 && i.status !== "paid" ? <span className="text-muted-foreground block text-xs">{t("loans.paidSoFar", { paid: taka(i.paid) })}</span> : null}
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <Badge variant={STATUS_VARIANT[i.status]}>{ts(`schedule.statuses.${i.status}`)}</Badge>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </section>
        ) : null}

        {loan.payments.length > 0 ? (
          <section className="space-y-2">
            <h3 className="font-semibold">{t("loans.payments")}</h3>
            <ul className="divide-y rounded-md border text-sm" data-testid="account-payments">
              {loan.payments.map((p) => (
                <li key={p.paymentNumber} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="account-payment">
                  <div>
                    <p className="font-medium">
                      {taka(p.amount)} · {date(p.paymentDate)}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {[p.method ? tp(`methods.${p.method}`) : null, p.reference, p.paymentNumber, p.status === "completed" ? null : t(`loans.paymentStatuses.${p.status}`)]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </div>
                  {p.status === "completed" ? (
                    <Button asChild variant="outline" size="sm">
                      <a href={`/account/api/payments/${encodeURIComponent(p.paymentNumber)}/receipt.pdf`} download data-testid="account-receipt-pdf">
                        <FileDown aria-hidden />
                        {tp("download.receipt")}
                      </a>
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The signed-in borrower's page: applications, loans with schedules and payments, how to pay, messages sent to them. */
export async function BorrowerAccount({ view, locale, payTo }: { view: BorrowerAccountView; locale: Locale; payTo: PayTo }) {
  const t = await getTranslations("account");
  return (
    <div className="space-y-8" data-testid="account-page">
      <section className="space-y-3" aria-labelledby="account-loans">
        <h2 id="account-loans" className="text-lg font-semibold">
          {t("loans.title")}
        </h2>
        {view.loans.length === 0 ? <p className="text-muted-foreground text-sm">{t("loans.none")}</p> : null}
        {view.loans.map((loan) => (
          <LoanCard key={loan.loanNumber} loan={loan} locale={locale} payTo={payTo} />
        ))}
      </section>
      <section className="space-y-3" aria-labelledby="account-applications">
        <h2 id="account-applications" className="text-lg font-semibold">
          {t("applications.title")}
        </h2>
        {view.applications.length === 0 ? <p className="text-muted-foreground text-sm">{t("applications.none")}</p> : null}
        {view.applications.map((a) => (
          <ApplicationCard key={a.applicationId} application={a} locale={locale} />
        ))}
      </section>
      <section className="space-y-3" aria-labelledby="account-messages">
        <h2 id="account-messages" className="text-lg font-semibold">
          {t("messages.title")}
        </h2>
        {view.messages.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("messages.none")}</p>
        ) : (
          <ul className="divide-y rounded-md border text-sm" data-testid="account-messages-list">
            {view.messages.map((m) => (
              <li key={m.id} className="space-y-1 p-3">
                <p className="text-muted-foreground text-xs">
                  {formatDateTime(m.createdAt, locale)} · {t(`messages.channels.${m.channel}`)}
                </p>
                <p className="break-words" lang={m.language}>
                  {m.body}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
