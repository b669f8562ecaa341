import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { DetailDialogFrame } from "@/components/admin/detail-dialog-frame";
import { Facts } from "@/components/admin/facts";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { ProposeWriteOff } from "@/components/admin/write-offs/write-off-forms";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { debtToIncomePercent, emiToIncomePercent } from "@/lib/applications/review";
import { dhakaToday, formatDate, formatDateTime, formatNumber, formatPercent, formatPhone, formatTaka, localizeDigits } from "@/lib/format";
import type { DocumentVerificationStatus, EmploymentType, InstallmentStatus, KycStatus, Language, LoanType } from "@/lib/generated/prisma/enums";
import type { LoanDetail } from "@/lib/loans/queries";
import { LoanDecisionButtons, LoanNoteForm, type ApprovalRight, type DisbursementRules } from "./loan-actions";
import { LoanStatusBadge, RiskBadge } from "./loan-list";

const DOCUMENT_TONE: Record<DocumentVerificationStatus, PillTone> = { pending: "yellow", verified: "green", rejected: "red" };
const INSTALLMENT_TONE: Record<InstallmentStatus, PillTone> = { paid: "green", due_today: "yellow", upcoming: "blue", overdue: "red", partial: "orange" };

/** The loan's detail dialog (?view=LN-…): application, documents, assessment, schedule once disbursed, history. */
export async function LoanDetailDialog({
  loan,
  titles,
  closeHref,
  canApprove,
  disbursement,
  canNote,
  canSeeApplication,
  canSeeBooks = false,
  writeOffDay = null,
}: {
  loan: LoanDetail;
  titles: Record<LoanType, Record<Language, string>>;
  closeHref: string;
  canApprove: ApprovalRight;
  /** The disbursement rules, for staff who may disburse; null for the others. */
  disbursement: DisbursementRules | null;
  canNote: boolean;
  canSeeApplication: boolean;
  /** Whether the staff member reads the lender's books (accounting.read): the loan's entries are linked. */
  canSeeBooks?: boolean;
  /** For staff who may propose write-offs: the policy's latest write-off day (the proposal's default); null otherwise. */
  writeOffDay?: string | null;
}) {
  const [t, tPdf, locale] = await Promise.all([getTranslations("adminLoans"), getTranslations("loanPdf"), getLocale() as Promise<Locale>]);
  const taka = (v: number) => formatTaka(v, locale);
  const rate = loan.interestRate.toNumber();
  const c = loan.customer;
  const employmentType = loan.application?.employmentType ?? c.employmentType;

  const application = (
    <div className="space-y-4">
      <Facts
        rows={[
          [t("dialog.loanType"), titles[loan.loanType]?.[locale] ?? loan.loanType],
          [t("dialog.requested"), taka(loan.requestedAmount)],
          ...(loan.approvedAmount !== null ? ([[t("dialog.approved"), taka(loan.approvedAmount)]] as [string, string][]) : []),
          [t("dialog.tenure"), t("months", { count: formatNumber(loan.tenure, locale) })],
          [t("dialog.interest"), formatPercent(rate, locale)],
          [t("dialog.emi"), taka(loan.emi)],
          [t("dialog.purpose"), loan.purpose],
          [t("dialog.submitted"), formatDateTime(loan.submittedAt, locale)],
          ...(loan.application && canSeeApplication ? ([[t("dialog.application"), loan.application.applicationId]] as [string, string][]) : []),
        ]}
      />
      <h3 className="font-semibold">{t("dialog.applicant")}</h3>
      <Facts
        rows={[
          [t("dialog.name"), c.name],
          [t("dialog.customerNumber"), c.userNumber],
          [t("dialog.phone"), formatPhone(c.phone)],
          [t("dialog.email"), c.email ?? "—"],
          [t("dialog.dob"), c.dateOfBirth ? formatDate(c.dateOfBirth, locale) : "—"],
          [t("dialog.nid"), c.nid],
          [t("dialog.address"), c.address],
          [t("dialog.employment"), employmentType ? t(`employment.${employmentType}`) : "—"],
          [t("dialog.employer"), loan.application?.employer ?? c.employer ?? "—"],
          [t("dialog.income"), taka(loan.monthlyIncome)],
          [t("dialog.existingLoans"), loan.existingLoans ? taka(loan.existingLoans) : t("dialog.none")],
        ]}
      />
    </div>
  );

  const documents = (
    <ul className="divide-y rounded-md border" data-testid="loan-documents">
      {loan.documents.map((doc) => {
        const image = doc.documentId && loan.application && doc.documentId === loan.application.nidImageId && canSeeApplication;
        return (
          <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div>
              <p className="font-medium">{t(`documents.${doc.type}`)}</p>
              <p className="text-xs text-muted-foreground">{t("documents.uploaded", { date: formatDateTime(doc.uploadedAt, locale) })}</p>
            </div>
            <div className="flex items-center gap-2">
              {image ? (
                <a className="text-primary underline" href={`/admin/api/applications/${loan.application!.applicationId}/nid-image`} target="_blank" rel="noreferrer">
                  {t("documents.open")}
                </a>
              ) : null}
              <StatusPill tone={DOCUMENT_TONE[doc.status]} label={t(`documents.status.${doc.status}`)} status={doc.status} />
            </div>
          </li>
        );
      })}
      {loan.documents.length === 0 ? <li className="p-3 text-sm text-muted-foreground">{t("documents.none")}</li> : null}
    </ul>
  );

  // The loan's score at assessment if one was taken, else the one staff keep on the customer record.
  const score = loan.creditScore ?? c.creditScore;
  const emiRatio = emiToIncomePercent(loan.emi, loan.monthlyIncome);
  const debtRatio = debtToIncomePercent(loan.emi, loan.existingLoans, loan.monthlyIncome);
  const reasonText = (reason: LoanDetail["risk"]["reasons"][number]) => {
    switch (reason.rule) {
      case "existingLoans":
        return t("assessment.rules.existingLoans", { count: Number(reason.value) });
      case "kyc":
        return t("assessment.rules.kyc", { value: t(`kyc.${reason.value as KycStatus}`) });
      case "employment":
        return t("assessment.rules.employment", { value: t(`employment.${reason.value as EmploymentType}`) });
      default:
        // An empty ratio: no income to divide by.
        return reason.value === "" ? t("assessment.rules.noIncome") : t(`assessment.rules.${reason.rule}`, { value: localizeDigits(reason.value, locale) });
    }
  };
  const assessment = (
    <div className="space-y-4" data-testid="loan-assessment">
      <Facts
        rows={[
          [t("assessment.riskStored"), <RiskBadge key="stored" level={loan.riskLevel} />],
          [t("assessment.riskNow"), <RiskBadge key="now" level={loan.risk.level} />],
          [t("assessment.creditScore"), score === null ? t("assessment.notAssessed") : formatNumber(score, locale)],
          [t("assessment.emiToIncome"), emiRatio === null ? "—" : formatPercent(emiRatio, locale)],
          [t("assessment.debtToIncome"), debtRatio === null ? "—" : formatPercent(debtRatio, locale)],
        ]}
      />
      <div>
        <h3 className="mb-2 font-semibold">{t("assessment.reasons")}</h3>
        {loan.risk.reasons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("assessment.noReasons")}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="risk-reasons">
            {loan.risk.reasons.map((reason) => (
              <li key={reason.rule} className="flex items-start gap-2" data-rule={reason.rule}>
                <RiskBadge level={reason.level} />
                <span>{reasonText(reason)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-xs text-muted-foreground">{t("assessment.ruleNote")}</p>
      </div>
    </div>
  );

  const paidTotal = loan.installments.reduce((sum, i) => sum + i.paidAmount, 0);
  // Each instalment's state and late fee as of today, as the repayments screen shows them (getLoanDetail).
  const scheduleRows = loan.installments.map((row) => ({ ...row, status: row.state }));
  const schedule = (
    <div className="space-y-3">
      {loan.installments.length > 0 ? (
        <a href={`/admin/api/loans/${loan.loanNumber}/schedule.pdf`} className="text-sm text-primary underline" data-testid="loan-schedule-pdf" target="_blank" rel="noopener">
          {tPdf("download.schedule")}
        </a>
      ) : null}
      {canSeeBooks && loan.disbursedAt ? (
        // The journal from the disbursement's day on, narrowed to this loan (the books of the branches the reader sees).
        <Link href={`/admin/accounting?view=journal&loan=${loan.loanNumber}&from=${dhakaToday(loan.disbursedAt)}`} className="ml-4 text-sm text-primary underline" data-testid="loan-books-entries">
          {t("booksEntries")}
        </Link>
      ) : null}
      <p className="text-sm" data-testid="schedule-summary">
        {t("schedule.summary", {
          paid: formatNumber(scheduleRows.filter((row) => row.status === "paid").length, locale),
          total: formatNumber(loan.installments.length, locale),
          received: taka(paidTotal),
        })}
      </p>
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid="loan-schedule">
          <TableHeader>
            <TableRow>
              <TableHead>#</TableHead>
              <TableHead>{t("schedule.due")}</TableHead>
              <TableHead className="text-right">{t("schedule.emi")}</TableHead>
              <TableHead className="text-right">{t("schedule.principal")}</TableHead>
              <TableHead className="text-right">{t("schedule.interest")}</TableHead>
              <TableHead className="text-right">{t("schedule.lateFee")}</TableHead>
              <TableHead className="text-right">{t("schedule.paid")}</TableHead>
              <TableHead>{t("schedule.status")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {scheduleRows.map(({ status, ...row }) => {
              return (
                <TableRow key={row.emiNumber} data-testid="schedule-row" data-status={status}>
                  <TableCell>{formatNumber(row.emiNumber, locale)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDate(row.dueDate, locale, { day: "numeric", month: "short", year: "numeric" })}</TableCell>
                  <TableCell className="text-right">{taka(row.emiAmount)}</TableCell>
                  <TableCell className="text-right">{taka(row.principalAmount)}</TableCell>
                  <TableCell className="text-right">{taka(row.interestAmount)}</TableCell>
                  <TableCell className="text-right">{row.lateFee ? taka(row.lateFee) : "—"}</TableCell>
                  <TableCell className="text-right">{taka(row.paidAmount)}</TableCell>
                  <TableCell>
                    <StatusPill tone={INSTALLMENT_TONE[status]} label={t(`installment.${status}`)} status={status} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );

  // What happened to the loan, oldest first: from its own columns (who and when of every decision).
  const events: { what: string; at: Date; by: string | null }[] = [{ what: t("history.submitted"), at: loan.submittedAt, by: null }];
  const app = loan.application;
  if (app?.reviewedAt && canSeeApplication) events.push({ what: t("history.reviewed"), at: app.reviewedAt, by: app.reviewedBy?.name ?? null });
  if (loan.approvedAt) events.push({ what: t("history.approved", { amount: taka(loan.approvedAmount ?? 0) }), at: loan.approvedAt, by: loan.approvedBy?.name ?? null });
  if (loan.rejectedAt) events.push({ what: t("history.rejected", { reason: loan.rejectionReason ?? "" }), at: loan.rejectedAt, by: loan.rejectedBy?.name ?? null });
  if (loan.disbursedAt) {
    const amount = taka(loan.disbursedAmount ?? 0);
    const what = loan.disbursementBankName ? t("history.disbursed", { amount, bank: loan.disbursementBankName }) : t("history.disbursedCash", { amount });
    events.push({ what, at: loan.disbursedAt, by: loan.disbursedBy?.name ?? null });
  }
  if (loan.closedAt) events.push({ what: t("history.closed"), at: loan.closedAt, by: null });
  const history = (
    <div className="space-y-4">
      <ol className="space-y-2 text-sm" data-testid="loan-events">
        {events.map(({ what, at, by }) => (
          <li key={`${what}-${at.toISOString()}`}>
            <span className="font-medium">{what}</span>
            <span className="text-muted-foreground"> · {formatDateTime(at, locale)}{by ? ` · ${by}` : ""}</span>
          </li>
        ))}
      </ol>
      <div>
        <h3 className="mb-2 font-semibold">{t("history.notes")}</h3>
        <ul className="space-y-2" data-testid="loan-notes">
          {loan.notes.map((note) => (
            <li key={note.id} className="rounded-md border p-2 text-sm">
              <p className="whitespace-pre-wrap">{note.content}</p>
              <p className="text-xs text-muted-foreground">
                {note.author?.name ?? t("history.system")} · {formatDateTime(note.createdAt, locale)}
              </p>
            </li>
          ))}
        </ul>
      </div>
      {canNote ? (
        <ClientMessages namespaces={["adminLoans", "adminCommon", "validation"]}>
          <LoanNoteForm loanNumber={loan.loanNumber} />
        </ClientMessages>
      ) : null}
    </div>
  );

  const tabs = [
    { value: "application", label: t("dialog.tabs.application"), content: application },
    { value: "documents", label: t("dialog.tabs.documents"), content: documents },
    { value: "assessment", label: t("dialog.tabs.assessment"), content: assessment },
    ...(loan.installments.length ? [{ value: "schedule", label: t("dialog.tabs.schedule"), content: schedule }] : []),
    { value: "history", label: t("dialog.tabs.history"), content: history },
  ];
  return (
    <DetailDialogFrame
      closeLabel={(await getTranslations("adminCommon"))("close")}
      testId="loan-dialog"
      title={`${loan.loanNumber} · ${c.name}`}
      description={t("dialog.description", { status: t(`status.${loan.status}`) })}
      closeHref={closeHref}
      tabs={[
        {
          ...tabs[0]!,
          content: (
            <div className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <LoanStatusBadge status={loan.status} />
                <ClientMessages namespaces={["adminLoans", "adminCommon", "validation"]}>
                  <LoanDecisionButtons
                    loan={{
                      loanNumber: loan.loanNumber,
                      status: loan.status,
                      requestedAmount: loan.requestedAmount,
                      approvedAmount: loan.approvedAmount,
                      interestRate: rate,
                      tenure: loan.tenure,
                      product: loan.product,
                      bankName: c.bankName,
                      bankAccount: c.bankAccountNumber,
                    }}
                    canApprove={canApprove}
                    disbursement={disbursement}
                  />
                </ClientMessages>
              </div>
              {writeOffDay && loan.status === "disbursed" ? (
                <ClientMessages namespaces={["adminWriteOffs", "adminCommon", "validation"]}>
                  <div className="rounded-md border p-3" data-testid="loan-write-off">
                    <ProposeWriteOff loanNumber={loan.loanNumber} writeOffDay={writeOffDay} />
                  </div>
                </ClientMessages>
              ) : null}
              {tabs[0]!.content}
            </div>
          ),
        },
        ...tabs.slice(1),
      ]}
    />
  );
}
