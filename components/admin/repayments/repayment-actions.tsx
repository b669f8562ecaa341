"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Banknote, BellRing, Loader2, Phone } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import type { ActionError } from "@/lib/auth/action-result";
import { dhakaToday, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { logCallAction, sendReminderAction } from "@/lib/repayments/collection-actions";
import { PAYMENT_METHODS, recordPaymentSchema } from "@/lib/repayments/schemas";

/**
 * Call Member: a tel: link (the phone or the desk's softphone dials) that also logs the call as a collection
 * activity of the signed-in staff member. The link is followed whatever the log's outcome; a refused log shows here.
 */
export function CallMemberLink({ installmentId, phone, name, compact }: { installmentId: string; phone: string; name: string; compact?: boolean }) {
  const t = useTranslations("adminRepayments");
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const log = () =>
    startTransition(async () => {
      const result = await logCallAction({ installmentId });
      if (!result.ok) return setError(result.error);
      setError(null);
      announceNotice({ tone: "success", title: t("notices.callTitle"), text: t("notices.callText", { name, phone: formatPhone(phone) }) });
      router.refresh();
    });
  return (
    <>
      <Button asChild size="sm" variant="outline">
        <a href={`tel:${phone}`} onClick={log} aria-disabled={pending} data-testid="call-member">
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Phone aria-hidden />}
          {compact ? t("call") : t("callMember")}
        </a>
      </Button>
      <ActionErrorAlert error={error} />
    </>
  );
}

/** Send Reminder: queues one SMS in the borrower's language (at most one per instalment a day). */
export function SendReminderButton({ installmentId, phone }: { installmentId: string; phone: string }) {
  const t = useTranslations("adminRepayments");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const send = () =>
    startTransition(async () => {
      const result = await sendReminderAction({ installmentId });
      if (!result.ok) return setError(result.error);
      setError(null);
      announceNotice({
        tone: "success",
        title: t("notices.reminderTitle"),
        text: t("notices.reminderText", { phone: formatPhone(phone), language: t(`languages.${result.data.language}`), amount: formatTaka(result.data.amountDue, locale) }),
      });
      router.refresh();
    });
  return (
    <>
      <Button type="button" size="sm" variant="outline" onClick={send} disabled={pending} data-testid="send-reminder">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <BellRing aria-hidden />}
        {t("sendReminder")}
      </Button>
      <ActionErrorAlert error={error} />
    </>
  );
}

/** The payment method select of every payment form (cash, bKash, Nagad, Rocket, bank transfer, card). */
export function PaymentMethodField({ id, registration, error, disabled }: { id: string; registration: UseFormRegisterReturn; error?: string; disabled: boolean }) {
  const t = useTranslations("adminRepayments");
  return (
    <FormField id={id} label={t("record.method")} error={error}>
      <select id={id} className={compactSelectClassName} {...registration} aria-invalid={!!error} disabled={disabled}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`methods.${m}`)}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/** What a row (or the detail dialog) fills in: its member, loan and the amount that clears its instalment. */
export type PaymentPrefill = { memberId: string; loanNumber: string; amount: number; emiNumber: number };

type PaymentForm = { input: z.input<typeof recordPaymentSchema>; output: z.output<typeof recordPaymentSchema> };

function RecordPaymentForm({ prefill, onClose, onRecorded }: { prefill: PaymentPrefill | null; onClose: () => void; onRecorded: () => void }) {
  const t = useTranslations("adminRepayments");
  const tCommon = useTranslations("adminCommon");
  const locale = useLocale() as Locale;
  // One key per opening of the form: a double submit (or a retry after a lost answer) records one payment.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [recorded, setRecorded] = useState<{ paymentNumber: string; loanClosed: boolean } | null>(null);
  const form = useForm<PaymentForm["input"], unknown, PaymentForm["output"]>({
    resolver: zodResolver(recordPaymentSchema),
    defaultValues: {
      memberId: prefill?.memberId ?? "",
      loanNumber: prefill?.loanNumber ?? "",
      amount: prefill && prefill.amount > 0 ? String(prefill.amount) : "",
      method: "cash",
      paymentDate: dhakaToday(),
      reference: "",
      notes: "",
      idempotencyKey,
    },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, recordPaymentAction, (data) => {
    setRecorded(data);
    const values = form.getValues();
    announceNotice({
      tone: "success",
      title: t("notices.paymentTitle"),
      text: t("notices.paymentText", { receipt: data.paymentNumber, loan: String(values.loanNumber ?? "").toUpperCase() }),
    });
    // The list refreshes when the dialog closes: refreshing now could move the paid instalment out of this tab
    // and take the dialog, receipt number and all, with its row.
    onRecorded();
  });
  const errors = form.formState.errors;
  const owed = typeof error?.details?.owed === "number" ? error.details.owed : null;
  const id = (field: string) => `record-${field}-${idempotencyKey}`;
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="record-payment-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id("member")} label={t("record.memberId")} error={errors.memberId?.message}>
          <Input id={id("member")} autoComplete="off" {...form.register("memberId")} aria-invalid={!!errors.memberId} readOnly={!!recorded} />
        </FormField>
        <FormField id={id("loan")} label={t("record.loanId")} error={errors.loanNumber?.message}>
          <Input id={id("loan")} autoComplete="off" placeholder="LN-000123" {...form.register("loanNumber")} aria-invalid={!!errors.loanNumber} readOnly={!!recorded} />
        </FormField>
        <FormField
          id={id("amount")}
          label={t("record.amount")}
          error={errors.amount?.message}
          hint={prefill && prefill.amount > 0 ? t("record.amountHint", { n: formatNumber(prefill.emiNumber, locale), amount: formatTaka(prefill.amount, locale) }) : undefined}
        >
          <Input id={id("amount")} inputMode="numeric" autoComplete="off" {...form.register("amount")} aria-invalid={!!errors.amount} readOnly={!!recorded} />
        </FormField>
        <PaymentMethodField id={id("method")} registration={form.register("method")} error={errors.method?.message} disabled={!!recorded} />
        <FormField id={id("date")} label={t("record.paymentDate")} error={errors.paymentDate?.message}>
          <Input id={id("date")} type="date" max={dhakaToday()} {...form.register("paymentDate")} aria-invalid={!!errors.paymentDate} readOnly={!!recorded} />
        </FormField>
        <FormField id={id("reference")} label={t("record.reference")} error={errors.reference?.message} hint={t("record.referenceHint")}>
          <Input id={id("reference")} autoComplete="off" maxLength={60} {...form.register("reference")} aria-invalid={!!errors.reference} readOnly={!!recorded} />
        </FormField>
      </div>
      <FormField id={id("notes")} label={t("record.notes")} error={errors.notes?.message}>
        <Textarea id={id("notes")} rows={2} maxLength={500} {...form.register("notes")} readOnly={!!recorded} />
      </FormField>
      {owed !== null && errors.amount ? <p className="text-sm text-muted-foreground">{t("record.owed", { amount: formatTaka(owed, locale) })}</p> : null}
      <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
      {recorded ? (
        <Alert role="status" data-testid="payment-recorded">
          <AlertDescription>
            {t("record.recorded", { receipt: recorded.paymentNumber })}
            {recorded.loanClosed ? ` ${t("record.loanClosed")}` : ""}
          </AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {recorded ? tCommon("close") : tCommon("cancel")}
        </Button>
        {recorded ? null : (
          <Button type="submit" disabled={pending} data-testid="confirm-payment">
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            {t("record.submit")}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}

/**
 * A dialog holding one payment form: the form is mounted per opening (a new idempotency key and today's date each
 * time), and the list refreshes when the dialog closes after it recorded something, not under the receipt being read.
 */
export function PaymentFormDialog({
  trigger,
  title,
  description,
  testId,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  testId: string;
  children: (close: () => void, recorded: () => void) => ReactNode;
}) {
  const tCommon = useTranslations("adminCommon");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [recorded, setRecorded] = useState(false);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next && recorded) {
      setRecorded(false);
      router.refresh();
    }
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl" data-testid={testId} closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? children(() => changeOpen(false), () => setRecorded(true)) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Record Manual Payment (admin spec section 6): the existing schema and server action; from a row the member,
 * loan and the amount that clears that instalment are filled in (payments go to the oldest instalment first).
 */
export function RecordPaymentDialog({ prefill, compact }: { prefill: PaymentPrefill | null; compact?: boolean }) {
  const t = useTranslations("adminRepayments");
  return (
    <PaymentFormDialog
      testId="record-payment-dialog"
      title={t("record.title")}
      description={prefill ? t("record.descriptionFor", { loan: prefill.loanNumber }) : t("record.description")}
      trigger={
        <Button size="sm" variant={prefill ? "default" : "outline"} data-testid="record-payment">
          <Banknote aria-hidden />
          {compact ? t("record.short") : t("recordPayment")}
        </Button>
      }
    >
      {(close, recorded) => <RecordPaymentForm prefill={prefill} onClose={close} onRecorded={recorded} />}
    </PaymentFormDialog>
  );
}
