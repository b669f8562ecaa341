"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Banknote, CheckCircle2, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { DecisionFooter, NoteForm, useDecisionDone, type Form } from "@/components/admin/decision-parts";
import { FormField, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatNumber, formatTaka, parseNumberInput } from "@/lib/format";
import { compactSelectClassName } from "@/components/forms/native-select";
import { earliestFirstScheduledDate } from "@/lib/loans/calendar";
import { DISBURSEMENT_CHANNELS, suggestedDisbursementChannel } from "@/lib/loans/disbursement-channel";
import { isRealIsoDate } from "@/lib/validation/fields";
import { calculateEmi } from "@/lib/loans/emi";
import { addLoanNoteAction, approveLoanAction, disburseLoanAction, rejectLoanAction } from "@/lib/loans/actions";
import { addLoanNoteSchema, approveLoanSchema, disburseLoanSchema, MAX_LOAN_NOTE_LENGTH, rejectLoanSchema } from "@/lib/loans/schemas";

/** What the decision dialogs need to know of a loan (plain values: this crosses to the browser). */
export type LoanForDecision = {
  loanNumber: string;
  status: string;
  requestedAmount: number;
  approvedAmount: number | null;
  /** Annual percent. */
  interestRate: number;
  tenure: number;
  product: { minAmount: number; maxAmount: number } | null;
  /** The borrower's account on file, proposed for the disbursement. */
  bankName: string | null;
  bankAccount: string | null;
};

/** Whether the viewer takes credit decisions, and up to which amount (their office's approval limit; null: none). */
export type ApprovalRight = false | { limit: number | null };

function ApproveLoanDialog({ loan, limit }: { loan: LoanForDecision; limit: number | null }) {
  const t = useTranslations("adminLoans");
  const tCommon = useTranslations("adminCommon");
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(false);
  const done = useDecisionDone(setOpen);
  type F = Form<typeof approveLoanSchema>;
  const form = useForm<F["input"], unknown, F["output"]>({
    resolver: zodResolver(approveLoanSchema),
    defaultValues: { loanNumber: loan.loanNumber, amount: String(loan.requestedAmount) },
  });
  const typed = parseNumberInput(String(useWatch({ control: form.control, name: "amount" }) ?? ""));
  const emi = typed && typed > 0 ? calculateEmi({ principal: typed, annualRate: loan.interestRate, months: loan.tenure }).emi : null;
  const { onSubmit, error, pending } = useActionSubmit(form, approveLoanAction, (data) =>
    done(t("notices.approvedTitle"), t("notices.approvedText", { loan: data.loanNumber, amount: formatTaka(data.approvedAmount, locale) })),
  );
  const errors = form.formState.errors;
  const id = `approve-${loan.loanNumber}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="approve-loan">
          <CheckCircle2 aria-hidden />
          {t("approve")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="approve-loan-dialog">
        <DialogHeader>
          <DialogTitle>{t("approveTitle", { loan: loan.loanNumber })}</DialogTitle>
          <DialogDescription>{t("requestedAmount", { amount: formatTaka(loan.requestedAmount, locale) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <FormField
            id={id}
            label={t("approvalAmount")}
            error={errors.amount?.message}
            hint={loan.product ? t("amountRange", { min: formatTaka(loan.product.minAmount, locale), max: formatTaka(Math.min(loan.product.maxAmount, loan.requestedAmount), locale) }) : undefined}
          >
            <Input id={id} inputMode="numeric" autoComplete="off" {...form.register("amount")} aria-invalid={!!errors.amount} />
          </FormField>
          {limit !== null ? (
            <p className="text-sm text-muted-foreground" data-testid="approve-limit">
              {t("approvalLimit", { limit: formatTaka(limit, locale) })}
            </p>
          ) : null}
          <p className="text-sm" data-testid="approve-emi">
            {emi ? t("emiPreview", { emi: formatTaka(emi, locale), months: formatNumber(loan.tenure, locale) }) : "\u00a0"}
          </p>
          <DecisionFooter error={error} pending={pending} label={t("approve")} testId="confirm-approve" onCancel={() => setOpen(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RejectLoanDialog({ loan }: { loan: LoanForDecision }) {
  const t = useTranslations("adminLoans");
  const tCommon = useTranslations("adminCommon");
  const [open, setOpen] = useState(false);
  const done = useDecisionDone(setOpen);
  type F = Form<typeof rejectLoanSchema>;
  const form = useForm<F["input"], unknown, F["output"]>({ resolver: zodResolver(rejectLoanSchema), defaultValues: { loanNumber: loan.loanNumber, reason: "" } });
  const blank = String(useWatch({ control: form.control, name: "reason" }) ?? "").trim() === "";
  const { onSubmit, error, pending } = useActionSubmit(form, rejectLoanAction, (data) => done(t("notices.rejectedTitle"), t("notices.rejectedText", { loan: data.loanNumber })));
  const id = `reject-${loan.loanNumber}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="destructive" data-testid="reject-loan">
          <XCircle aria-hidden />
          {t("reject")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="reject-loan-dialog">
        <DialogHeader>
          <DialogTitle>{t("rejectTitle", { loan: loan.loanNumber })}</DialogTitle>
          <DialogDescription>{t("rejectText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <FormField id={id} label={t("rejectionReason")} error={form.formState.errors.reason?.message}>
            <Textarea id={id} rows={3} maxLength={500} {...form.register("reason")} />
          </FormField>
          <DecisionFooter error={error} pending={pending} disabled={blank} label={t("reject")} testId="confirm-reject" variant="destructive" onCancel={() => setOpen(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What the disbursement dialog applies of the lending rules (lib/lending-rules). */
export type DisbursementRules = { minFirstInstallmentDays: number };

function DisburseLoanDialog({ loan, rules }: { loan: LoanForDecision; rules: DisbursementRules }) {
  const t = useTranslations("adminLoans");
  const tCommon = useTranslations("adminCommon");
  const locale = useLocale() as Locale;
  const [open, setOpen] = useState(false);
  const done = useDecisionDone(setOpen);
  type F = Form<typeof disburseLoanSchema>;
  const form = useForm<F["input"], unknown, F["output"]>({
    resolver: zodResolver(disburseLoanSchema),
    defaultValues: {
      loanNumber: loan.loanNumber,
      bankAccount: loan.bankAccount ?? "",
      bankName: loan.bankName ?? "",
      channel: suggestedDisbursementChannel(loan.bankName),
      scheduledDate: dhakaToday(),
      firstDueDate: earliestFirstScheduledDate(dhakaToday(), rules.minFirstInstallmentDays),
    },
  });
  const channel = useWatch({ control: form.control, name: "channel" });
  // The first instalment follows the disbursement date: never earlier than the rules allow after it.
  const scheduledDate = useWatch({ control: form.control, name: "scheduledDate" });
  const earliest = isRealIsoDate(scheduledDate) ? earliestFirstScheduledDate(scheduledDate, rules.minFirstInstallmentDays) : undefined;
  useEffect(() => {
    if (!earliest) return;
    const chosen = form.getValues("firstDueDate");
    // Follows the disbursement date until the officer picks a date; a picked date is only pushed, never pulled.
    if (!form.getFieldState("firstDueDate").isDirty || !chosen || chosen < earliest) form.setValue("firstDueDate", earliest);
  }, [earliest, form]);
  const { onSubmit, error, pending } = useActionSubmit(form, disburseLoanAction, (data) =>
    done(t("notices.disbursedTitle"), t("notices.disbursedText", { loan: data.loanNumber, amount: formatTaka(data.disbursedAmount, locale), count: formatNumber(data.installments, locale) })),
  );
  const errors = form.formState.errors;
  const id = (field: string) => `disburse-${field}-${loan.loanNumber}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="disburse-loan">
          <Banknote aria-hidden />
          {t("disburse")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="disburse-loan-dialog">
        <DialogHeader>
          <DialogTitle>{t("disburseTitle", { loan: loan.loanNumber })}</DialogTitle>
          <DialogDescription>{t("disburseAmount", { amount: formatTaka(loan.approvedAmount ?? 0, locale) })}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <FormField id={id("channel")} label={t("disburseChannel")} error={errors.channel?.message}>
            <select id={id("channel")} className={compactSelectClassName} {...form.register("channel")} data-testid="disburse-channel">
              {DISBURSEMENT_CHANNELS.map((channel) => (
                <option key={channel} value={channel}>
                  {t(`channels.${channel}`)}
                </option>
              ))}
            </select>
          </FormField>
          {/* Cash is handed over at the branch: no account to pay into. */}
          {channel !== "cash" ? (
            <>
              <FormField id={id("account")} label={t("bankAccount")} error={errors.bankAccount?.message}>
                <Input id={id("account")} autoComplete="off" {...form.register("bankAccount")} aria-invalid={!!errors.bankAccount} />
              </FormField>
              <FormField id={id("bank")} label={t("bankName")} error={errors.bankName?.message}>
                <Input id={id("bank")} {...form.register("bankName")} aria-invalid={!!errors.bankName} />
              </FormField>
            </>
          ) : null}
          <FormField id={id("date")} label={t("scheduledDate")} error={errors.scheduledDate?.message}>
            <Input id={id("date")} type="date" {...form.register("scheduledDate")} aria-invalid={!!errors.scheduledDate} />
          </FormField>
          <FormField
            id={id("first")}
            label={t("firstDueDate")}
            error={errors.firstDueDate?.message}
            hint={t("firstDueHint", { days: formatNumber(rules.minFirstInstallmentDays, locale) })}
          >
            <Input id={id("first")} type="date" min={earliest} data-testid="first-due-date" {...form.register("firstDueDate")} aria-invalid={!!errors.firstDueDate} />
          </FormField>
          <DecisionFooter error={error} pending={pending} label={t("disburse")} testId="confirm-disburse" onCancel={() => setOpen(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The credit decision (pending rows) or the disbursement (approved rows), each in its own small dialog. */
export function LoanDecisionButtons({ loan, canApprove, disbursement }: { loan: LoanForDecision; canApprove: ApprovalRight; disbursement: DisbursementRules | null }) {
  const deciding = canApprove !== false && (loan.status === "pending_approval" || loan.status === "under_review");
  const disbursing = disbursement !== null && loan.status === "approved";
  if (!deciding && !disbursing) return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {deciding ? (
        <>
          <ApproveLoanDialog loan={loan} limit={canApprove.limit} />
          <RejectLoanDialog loan={loan} />
        </>
      ) : null}
      {disbursing ? <DisburseLoanDialog loan={loan} rules={disbursement} /> : null}
    </div>
  );
}

/** The history tab's Add Note box. */
export function LoanNoteForm({ loanNumber }: { loanNumber: string }) {
  const t = useTranslations("adminLoans");
  return (
    <NoteForm
      schema={addLoanNoteSchema}
      action={addLoanNoteAction}
      keyValues={{ loanNumber }}
      id={`note-${loanNumber}`}
      label={t("addNote")}
      buttonLabel={t("addNoteButton")}
      maxLength={MAX_LOAN_NOTE_LENGTH}
      testId="loan-note-form"
    />
  );
}
