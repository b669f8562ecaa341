"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { HandCoins, Loader2, PiggyBank } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { useForm, useWatch, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { PaymentFormDialog, PaymentMethodField } from "./repayment-actions";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatNumber, formatTaka } from "@/lib/format";
import type { ActionError } from "@/lib/auth/action-result";
import type { PrepaymentMode } from "@/lib/generated/prisma/enums";
import { prepayLoanAction, quoteSettlementAction, settleLoanAction } from "@/lib/repayments/actions";
import type { SettlementFigures } from "@/lib/repayments/early-repayment";
import { prepayLoanSchema, settleLoanSchema } from "@/lib/repayments/schemas";

type SettleForm = z.input<typeof settleLoanSchema>;
type PrepayForm = z.input<typeof prepayLoanSchema>;

function defaults(loanNumber: string, idempotencyKey: string) {
  return { loanNumber, amount: "", method: "cash" as const, paymentDate: dhakaToday(), reference: "", notes: "", idempotencyKey };
}

/** How, when and which reference: the fields every payment form shares. */
function ReceiptFields({ form, prefix, readOnly }: { form: UseFormReturn<SettleForm, unknown, z.output<typeof settleLoanSchema>>; prefix: string; readOnly: boolean }) {
  const t = useTranslations("adminRepayments");
  const f = form;
  const errors = f.formState.errors;
  const id = (field: string) => `${prefix}-${field}`;
  return (
    <>
      <FormField id={id("date")} label={t("record.paymentDate")} error={errors.paymentDate?.message}>
        <Input id={id("date")} type="date" max={dhakaToday()} {...f.register("paymentDate")} aria-invalid={!!errors.paymentDate} readOnly={readOnly} />
      </FormField>
      <PaymentMethodField id={id("method")} registration={f.register("method")} error={errors.method?.message} disabled={readOnly} />
      <FormField id={id("reference")} label={t("record.reference")} error={errors.reference?.message} hint={t("record.referenceHint")}>
        <Input id={id("reference")} autoComplete="off" maxLength={60} {...f.register("reference")} aria-invalid={!!errors.reference} readOnly={readOnly} />
      </FormField>
      <FormField id={id("notes")} label={t("record.notes")} error={errors.notes?.message}>
        <Textarea id={id("notes")} rows={2} maxLength={500} {...f.register("notes")} readOnly={readOnly} />
      </FormField>
    </>
  );
}

function SubmitRow({ done, pending, disabled = false, onClose, label, testId }: { done: boolean; pending: boolean; disabled?: boolean; onClose: () => void; label: string; testId: string }) {
  const tCommon = useTranslations("adminCommon");
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onClose}>
        {done ? tCommon("close") : tCommon("cancel")}
      </Button>
      {done ? null : (
        <Button type="submit" disabled={pending || disabled} data-testid={testId}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {label}
        </Button>
      )}
    </DialogFooter>
  );
}

/** The settlement figures for the chosen date, asked of the server whenever the date changes. */
function SettlementFiguresList({ quote }: { quote: SettlementFigures }) {
  const t = useTranslations("adminRepayments.early");
  const locale = useLocale() as Locale;
  const rows: [string, number, string][] = [
    [t("principal"), quote.principal, "principal"],
    [t("interestToDate"), quote.interest, "interest"],
    [t("lateFees"), quote.lateFees, "late-fees"],
  ];
  return (
    <div className="space-y-1 rounded-md border p-3 text-sm" data-testid="settlement-figures">
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
      {rows.map(([label, value, key]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right tabular-nums">{formatTaka(value, locale)}</dd>
        </div>
      ))}
      <div className="contents">
        <dt className="border-t pt-1 font-semibold">{t("total")}</dt>
        <dd className="border-t pt-1 text-right font-semibold tabular-nums" data-testid="settlement-total" data-amount={quote.total}>
          {formatTaka(quote.total, locale)}
        </dd>
      </div>
    </dl>
    <p className="text-xs text-muted-foreground">{t("waived", { amount: formatTaka(quote.interestWaived, locale) })}</p>
    </div>
  );
}

function SettleLoanForm({ loanNumber, onClose, onDone }: { loanNumber: string; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("adminRepayments.early");
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [quote, setQuote] = useState<SettlementFigures | null>(null);
  const [quoteError, setQuoteError] = useState<ActionError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<SettleForm, unknown, z.output<typeof settleLoanSchema>>({ resolver: zodResolver(settleLoanSchema), defaultValues: defaults(loanNumber, idempotencyKey) });
  const onDate = useWatch({ control: form.control, name: "paymentDate" });
  // Bumped when the server says the figure moved (a payment or the date): the quote is asked for again.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(onDate ?? "")) return;
    let live = true;
    void quoteSettlementAction({ loanNumber, onDate: onDate! }).then((answer) => {
      if (!live) return;
      setQuoteError(answer.ok || answer.error.fieldErrors ? null : answer.error);
      if (answer.ok) {
        setQuote(answer.data);
        form.setValue("amount", String(answer.data.total));
        form.clearErrors("paymentDate");
      } else {
        setQuote(null);
        form.setValue("amount", "");
        const message = answer.error.fieldErrors?.paymentDate ?? answer.error.fieldErrors?.onDate;
        if (message) form.setError("paymentDate", { message });
      }
    });
    return () => {
      live = false;
    };
  }, [onDate, loanNumber, form, asked]);
  const settle = useCallback(async (values: SettleForm) => {
    const result = await settleLoanAction(values);
    if (!result.ok && result.error.reason === "settlementChanged") setAsked((n) => n + 1);
    return result;
  }, []);
  const { onSubmit, error, pending } = useActionSubmit(form, settle, (data) => {
    setDone(data.paymentNumber);
    announceNotice({ tone: "success", title: t("settledTitle"), text: t("settled", { receipt: data.paymentNumber, loan: loanNumber }) });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="settle-form">
      <ReceiptFields form={form} prefix={`settle-${idempotencyKey}`} readOnly={!!done} />
      {quote ? <SettlementFiguresList quote={quote} /> : null}
      <ActionErrorAlert error={quoteError} />
      <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
      {done ? (
        <Alert role="status" data-testid="settlement-recorded">
          <AlertDescription>{t("settled", { receipt: done, loan: loanNumber })}</AlertDescription>
        </Alert>
      ) : null}
      <SubmitRow done={!!done} pending={pending} disabled={!quote} onClose={onClose} label={t("confirmSettle")} testId="confirm-settlement" />
    </form>
  );
}

function PrepayLoanForm({ loanNumber, mode, onClose, onDone }: { loanNumber: string; mode: PrepaymentMode; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("adminRepayments.early");
  const tRecord = useTranslations("adminRepayments.record");
  const locale = useLocale() as Locale;
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<{ paymentNumber: string; nextEmi?: number; instalments?: number } | null>(null);
  const form = useForm<PrepayForm, unknown, z.output<typeof prepayLoanSchema>>({ resolver: zodResolver(prepayLoanSchema), defaultValues: defaults(loanNumber, idempotencyKey) });
  const { onSubmit, error, pending } = useActionSubmit(form, prepayLoanAction, (data) => {
    setDone(data);
    announceNotice({ tone: "success", title: t("prepaidTitle"), text: t("prepaid", { receipt: data.paymentNumber, loan: loanNumber }) });
    onDone();
  });
  const errors = form.formState.errors;
  const maxAmount = typeof error?.details?.maxAmount === "number" ? error.details.maxAmount : null;
  const minAmount = typeof error?.details?.minAmount === "number" ? error.details.minAmount : null;
  const amountHint =
    maxAmount !== null && maxAmount > 0 ? t("maxAmount", { amount: formatTaka(maxAmount, locale) }) : minAmount !== null ? t("minAmount", { amount: formatTaka(minAmount, locale) }) : undefined;
  const amountId = `prepay-${idempotencyKey}-amount`;
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="prepay-form">
      <p className="text-sm" data-testid="prepayment-mode">
        {t(`mode.${mode}`)}
      </p>
      <FormField id={amountId} label={tRecord("amount")} error={errors.amount?.message} hint={amountHint}>
        <Input id={amountId} inputMode="numeric" autoComplete="off" {...form.register("amount")} aria-invalid={!!errors.amount} readOnly={!!done} />
      </FormField>
      <ReceiptFields form={form} prefix={`prepay-${idempotencyKey}`} readOnly={!!done} />
      <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
      {done ? (
        <Alert role="status" data-testid="prepayment-recorded">
          <AlertDescription>
            {t("prepaid", { receipt: done.paymentNumber, loan: loanNumber })}{" "}
            {done.nextEmi !== undefined && done.instalments !== undefined ? t("newSchedule", { emi: formatTaka(done.nextEmi, locale), count: formatNumber(done.instalments, locale) }) : null}
          </AlertDescription>
        </Alert>
      ) : null}
      <SubmitRow done={!!done} pending={pending} onClose={onClose} label={t("confirmPrepay")} testId="confirm-prepayment" />
    </form>
  );
}

/**
 * Early settlement and partial prepayment (issue 50, point 5; decision 0266) from a loan's payment dialog: the
 * settlement amount for a date comes from the server and is confirmed as shown; a prepayment says what the product does
 * to the instalments after it, and the new instalment once recorded.
 */
export function EarlyRepaymentButtons({ loanNumber, prepaymentMode }: { loanNumber: string; prepaymentMode: PrepaymentMode }) {
  const t = useTranslations("adminRepayments.early");
  return (
    <>
      <PaymentFormDialog
        testId="settle-dialog"
        title={t("settleTitle", { loan: loanNumber })}
        description={t("settleDescription")}
        trigger={
          <Button size="sm" variant="outline" data-testid="settle-loan">
            <HandCoins aria-hidden />
            {t("settle")}
          </Button>
        }
      >
        {(close, done) => <SettleLoanForm loanNumber={loanNumber} onClose={close} onDone={done} />}
      </PaymentFormDialog>
      <PaymentFormDialog
        testId="prepay-dialog"
        title={t("prepayTitle", { loan: loanNumber })}
        description={t("prepayDescription")}
        trigger={
          <Button size="sm" variant="outline" data-testid="prepay-loan">
            <PiggyBank aria-hidden />
            {t("prepay")}
          </Button>
        }
      >
        {(close, done) => <PrepayLoanForm loanNumber={loanNumber} mode={prepaymentMode} onClose={close} onDone={done} />}
      </PaymentFormDialog>
    </>
  );
}
