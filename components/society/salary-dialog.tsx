"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Wallet } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { dhakaToday } from "@/lib/format";
import { formatTaka, parseNumberInput } from "@/lib/format";
import { paySalaryAction } from "@/lib/society/actions";
import { salaryTotal } from "@/lib/society/rules";
import { salarySchema, type SalaryInput, type SalaryValues } from "@/lib/society/schemas";
import { FormDialog } from "./form-dialog";
import { WorkerSelect, type WorkerOption } from "./worker-select";
import { useDialogForm } from "./use-dialog-form";
import { newIdempotencyKey } from "@/lib/idempotency/key";


const amount = (v: unknown) => {
  const n = typeof v === "string" ? parseNumberInput(v) : null;
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : 0;
};

export function SalaryDialog({ societyId, workers }: { societyId: string; workers: WorkerOption[] }) {
  const t = useTranslations("society");
  const locale = useLocale() as Locale;
  const form = useForm<SalaryInput, unknown, SalaryValues>({
    resolver: zodResolver(salarySchema),
    defaultValues: { workerId: "", month: dhakaToday().slice(0, 7), baseSalary: "", bonus: "", deductions: "", idempotencyKey: newIdempotencyKey(), confirmCashBelowZero: false },
  });
  const errors = form.formState.errors;
  const [base, bonus, deductions] = useWatch({ control: form.control, name: ["baseSalary", "bonus", "deductions"] });
  const { open, setOpen, onSubmit, error, pending } = useDialogForm(form, (v) => paySalaryAction(societyId, v));
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("dialogs.salary.title")}
      description={t("dialogs.salary.expenseNote")}
      onSubmit={onSubmit}
      pending={pending}
      error={error}
      testId="salary-form"
      trigger={
        <Button size="sm" variant="outline" disabled={workers.length === 0} data-testid="pay-salary">
          <Wallet aria-hidden />
          {t("dashboard.paySalary")}
        </Button>
      }
    >
      <FormField id="salary-worker" label={t("dialogs.salary.worker")} error={errors.workerId?.message}>
        <WorkerSelect id="salary-worker" workers={workers} placeholder={t("dialogs.salary.chooseWorker")} {...form.register("workerId")} aria-invalid={!!errors.workerId} />
      </FormField>
      <FormField id="salary-month" label={t("dialogs.salary.month")} error={errors.month?.message}>
        <Input id="salary-month" type="month" {...form.register("month")} aria-invalid={!!errors.month} />
      </FormField>
      <FormField id="salary-base" label={t("dialogs.salary.base")} error={errors.baseSalary?.message}>
        <Input id="salary-base" inputMode="numeric" {...form.register("baseSalary")} aria-invalid={!!errors.baseSalary} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="salary-bonus" label={t("dialogs.salary.bonus")} error={errors.bonus?.message}>
          <Input id="salary-bonus" inputMode="numeric" {...form.register("bonus")} />
        </FormField>
        <FormField id="salary-deductions" label={t("dialogs.salary.deductions")} error={errors.deductions?.message}>
          <Input id="salary-deductions" inputMode="numeric" {...form.register("deductions")} aria-invalid={!!errors.deductions} />
        </FormField>
      </div>
      <p className="flex justify-between rounded-md bg-muted p-2 text-sm">
        <span>{t("dialogs.salary.total")}</span>
        <strong className="tabular-nums" data-testid="salary-total">
          {formatTaka(salaryTotal(amount(base), amount(bonus), amount(deductions)), locale)}
        </strong>
      </p>
    </FormDialog>
  );
}
