"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { dhakaToday } from "@/lib/format";
import { addIncomeExpenseAction } from "@/lib/society/actions";
import { incomeExpenseSchema, type IncomeExpenseInput, type IncomeExpenseValues } from "@/lib/society/schemas";
import { FormDialog } from "./form-dialog";
import { useDialogForm } from "./use-dialog-form";
import { newIdempotencyKey } from "@/lib/idempotency/key";

export function IncomeExpenseDialog({ societyId }: { societyId: string }) {
  const t = useTranslations("society");
  const form = useForm<IncomeExpenseInput, unknown, IncomeExpenseValues>({
    resolver: zodResolver(incomeExpenseSchema),
    defaultValues: { type: "income", category: "", amount: "", description: "", date: dhakaToday(), idempotencyKey: newIdempotencyKey(), confirmCashBelowZero: false },
  });
  const errors = form.formState.errors;
  const { open, setOpen, onSubmit, error, pending } = useDialogForm(form, (v) => addIncomeExpenseAction(societyId, v));
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("dialogs.incomeExpense.title")}
      onSubmit={onSubmit}
      pending={pending}
      error={error}
      testId="income-expense-form"
      trigger={
        <Button size="sm" variant="outline" data-testid="add-income-expense">
          <Plus aria-hidden />
          {t("dashboard.add")}
        </Button>
      }
    >
      <FormField id="ie-type" label={t("dialogs.incomeExpense.type")} error={errors.type?.message}>
        <select id="ie-type" className={compactSelectClassName} {...form.register("type")}>
          <option value="income">{t("dialogs.incomeExpense.income")}</option>
          <option value="expense">{t("dialogs.incomeExpense.expense")}</option>
        </select>
      </FormField>
      <FormField id="ie-category" label={t("dialogs.incomeExpense.category")} error={errors.category?.message}>
        <Input id="ie-category" {...form.register("category")} aria-invalid={!!errors.category} />
      </FormField>
      <FormField id="ie-amount" label={t("dialogs.incomeExpense.amount")} error={errors.amount?.message}>
        <Input id="ie-amount" inputMode="numeric" {...form.register("amount")} aria-invalid={!!errors.amount} />
      </FormField>
      <FormField id="ie-date" label={t("dialogs.incomeExpense.date")} error={errors.date?.message}>
        <Input id="ie-date" type="date" max={dhakaToday()} {...form.register("date")} aria-invalid={!!errors.date} />
      </FormField>
      <FormField id="ie-description" label={t("dialogs.incomeExpense.description")} error={errors.description?.message}>
        <Input id="ie-description" {...form.register("description")} />
      </FormField>
    </FormDialog>
  );
}
