"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import { giveMemberLoanAction } from "@/lib/society/actions";
import { defaultFirstDueDate, LOAN_FREQUENCIES, LOAN_METHODS, loanPlan, type LoanFrequency } from "@/lib/society/books/loan-plan";
import type { MemberLoanView } from "@/lib/society/books/queries";
import { memberLoanSchema } from "@/lib/society/books/schemas";
import { SHORT_DATE } from "@/lib/society/rules";
import { newIdempotencyKey } from "@/lib/idempotency/key";
import { loanDue } from "./loan-due";

type Values = z.input<typeof memberLoanSchema>;
type Output = z.output<typeof memberLoanSchema>;

export type MemberLoanGiven = { totalRepayable: number; instalmentAmount: number; instalmentCount: number };

/** Said once a loan is paid out (the form itself goes: one loan at a time). */
export function MemberLoanGivenAlert({ given, locale }: { given: MemberLoanGiven; locale: Locale }) {
  const t = useTranslations("society.memberLoans");
  return (
    <Alert data-testid="member-loan-given">
      <AlertDescription>{t("given", { total: formatTaka(given.totalRepayable, locale), count: formatNumber(given.instalmentCount, locale), amount: formatTaka(given.instalmentAmount, locale) })}</AlertDescription>
    </Alert>
  );
}

/**
 * A member's loan with its plan: what was paid, what is left, what is overdue and since when (loanDue, on `today` as the
 * server read the loan), the next instalment, and the schedule.
 */
export function MemberLoanSummary({ loan, today, locale }: { loan: MemberLoanView; today: string; locale: Locale }) {
  const t = useTranslations("society.memberLoans");
  const taka = (n: number) => formatTaka(n, locale);
  const day = (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE);
  const { standing } = loan;
  const due = loanDue(standing, loan.instalments, today);
  return (
    <div className="space-y-3" data-testid="member-loan">
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5">
        <Item label={t("plan")} value={t("planValue", { principal: taka(loan.principal), method: t(`methods.${loan.method}`), count: formatNumber(loan.instalmentCount, locale), frequency: t(`frequencies.${loan.frequency}`) })} wide />
        <Item label={t("disbursedOn")} value={day(loan.disbursedOn)} />
        <Item label={t("serviceCharge")} value={`${taka(loan.serviceCharge)} (${formatNumber(loan.ratePercent, locale)}%)`} />
        <Item label={t("totalRepayable")} value={taka(loan.totalRepayable)} />
        <Item label={t("paid")} value={taka(standing.paid)} testId="loan-paid" />
        <Item label={t("outstanding")} value={taka(standing.outstanding)} testId="loan-outstanding" />
        <Item label={t("overdue")} value={taka(standing.overdue)} testId="loan-overdue" tone={standing.overdue > 0 ? "bad" : undefined} />
        <Item label={t("daysInArrears")} value={formatNumber(standing.daysInArrears, locale)} testId="loan-arrears" tone={standing.daysInArrears > 0 ? "bad" : undefined} />
        {due.overdueSince ? (
          <Item label={t("oldestOverdue")} value={t("overdueSinceValue", { amount: taka(due.overdueSince.amount), date: day(due.overdueSince.dueDate) })} testId="loan-overdue-since" tone="bad" wide />
        ) : null}
        {due.next ? (
          <Item label={t("next")} value={t("nextValue", { amount: taka(due.next.amount), date: day(due.next.dueDate) })} testId="loan-next" wide />
        ) : due.overdueSince ? null : (
          <Item label={t("next")} value={t("repaid")} testId="loan-next" wide />
        )}
      </dl>
      <details>
        <summary className="cursor-pointer text-sm font-medium">{t("schedule")}</summary>
        <div className="mt-2 max-h-64 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={t("schedule")}>
          <table className="w-full text-xs tabular-nums" data-testid="loan-schedule">
            <thead className="sticky top-0 bg-muted text-left text-muted-foreground">
              <tr>
                <th className="px-2 py-1 font-medium">{t("number")}</th>
                <th className="px-2 py-1 font-medium">{t("dueDate")}</th>
                <th className="px-2 py-1 text-right font-medium">{t("amount")}</th>
                <th className="px-2 py-1 text-right font-medium">{t("principalPart")}</th>
                <th className="px-2 py-1 text-right font-medium">{t("chargePart")}</th>
              </tr>
            </thead>
            <tbody>
              {loan.instalments.map((row) => (
                <tr key={row.number} className="border-t">
                  <td className="px-2 py-1">{formatNumber(row.number, locale)}</td>
                  <td className="px-2 py-1">{day(row.dueDate)}</td>
                  <td className="px-2 py-1 text-right">{taka(row.amount)}</td>
                  <td className="px-2 py-1 text-right">{taka(row.principal)}</td>
                  <td className="px-2 py-1 text-right">{taka(row.charge)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function Item({ label, value, testId, tone, wide }: { label: string; value: string; testId?: string; tone?: "bad"; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={tone === "bad" ? "font-medium text-destructive" : "font-medium"} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * An admin pays a loan out of the society's fund to the member, with its plan. The preview is the same plan the
 * server posts (lib/society/books/loan-plan.ts); the server checks everything again, and refuses while a loan is owed.
 */
export function MemberLoanForm({ societyId, memberId, locale, onDone }: { societyId: string; memberId: string; locale: Locale; onDone: (given: MemberLoanGiven) => void }) {
  const t = useTranslations("society.memberLoans");
  const router = useRouter();
  const initial: Values = { memberId, principal: "", ratePercent: "", method: "flat", frequency: "weekly", instalmentCount: "", firstDueDate: defaultFirstDueDate(dhakaToday(), "weekly"), idempotencyKey: newIdempotencyKey(), confirmCashBelowZero: false };
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(memberLoanSchema), defaultValues: initial });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => giveMemberLoanAction(societyId, values), (data) => {
    form.reset(initial);
    onDone(data);
    router.refresh();
  });
  const errors = form.formState.errors;
  const id = (name: string) => `loan-${name}-${memberId}`;
  const preview = memberLoanSchema.safeParse(useWatch({ control: form.control }));
  const plan = preview.success ? loanPlan(preview.data) : null;
  const taka = (n: number) => formatTaka(n, locale);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="member-loan-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={id("principal")} label={t("principal")} error={errors.principal?.message}>
          <Input id={id("principal")} inputMode="numeric" {...form.register("principal")} aria-invalid={!!errors.principal} />
        </FormField>
        <FormField id={id("rate")} label={t("ratePercent")} error={errors.ratePercent?.message}>
          <Input id={id("rate")} inputMode="numeric" {...form.register("ratePercent")} aria-invalid={!!errors.ratePercent} />
        </FormField>
        <FormField id={id("method")} label={t("method")} error={errors.method?.message}>
          <select id={id("method")} className={compactSelectClassName} {...form.register("method")}>
            {LOAN_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`methods.${m}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={id("frequency")} label={t("frequency")} error={errors.frequency?.message}>
          <select
            id={id("frequency")}
            className={compactSelectClassName}
            {...form.register("frequency", { onChange: (e) => form.setValue("firstDueDate", defaultFirstDueDate(dhakaToday(), e.target.value as LoanFrequency)) })}
          >
            {LOAN_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`frequencies.${f}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={id("count")} label={t("instalmentCount")} error={errors.instalmentCount?.message}>
          <Input id={id("count")} inputMode="numeric" {...form.register("instalmentCount")} aria-invalid={!!errors.instalmentCount} />
        </FormField>
        <FormField id={id("first")} label={t("firstDueDate")} error={errors.firstDueDate?.message}>
          <Input id={id("first")} type="date" min={dhakaToday()} {...form.register("firstDueDate")} aria-invalid={!!errors.firstDueDate} />
        </FormField>
      </div>
      {plan ? (
        <p className="text-sm text-muted-foreground" data-testid="member-loan-preview" aria-live="polite">
          {t("preview", { count: formatNumber(plan.instalments.length, locale), amount: taka(plan.instalmentAmount), total: taka(plan.totalRepayable), charge: taka(plan.serviceCharge) })}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} data-testid="member-loan-submit">
        {t("submit")}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}
