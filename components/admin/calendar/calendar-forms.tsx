"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck2, Loader2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { CsvImportForm } from "@/components/admin/csv-import-form";
import { ActionErrorAlert, FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionError } from "@/lib/auth/action-result";
import { addHolidayAction, applyCalendarAction, importHolidaysAction, removeHolidayAction } from "@/lib/lending-rules/actions";
import { holidaySchema, MAX_HOLIDAY_CSV_LENGTH, MAX_HOLIDAY_NAME_LENGTH, type HolidayInput, type HolidayValues } from "@/lib/lending-rules/schemas";

/** Add a government holiday: the date and its name in both languages. */
export function AddHolidayForm() {
  const t = useTranslations("adminCalendar");
  const router = useRouter();
  const form = useForm<HolidayInput, unknown, HolidayValues>({ resolver: zodResolver(holidaySchema), defaultValues: { date: "", nameBn: "", nameEn: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, addHolidayAction, () => {
    form.reset({ date: "", nameBn: "", nameEn: "" });
    announceNotice({ tone: "success", title: t("notices.addedTitle"), text: t("notices.addedText") });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="holiday-add-form">
      <FormField id="holiday-date" label={t("date")} error={errors.date?.message}>
        <Input id="holiday-date" type="date" {...form.register("date")} aria-invalid={!!errors.date} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="holiday-name-bn" label={t("nameBn")} error={errors.nameBn?.message}>
          <Input id="holiday-name-bn" lang="bn" maxLength={MAX_HOLIDAY_NAME_LENGTH} {...form.register("nameBn")} aria-invalid={!!errors.nameBn} />
        </FormField>
        <FormField id="holiday-name-en" label={t("nameEn")} error={errors.nameEn?.message}>
          <Input id="holiday-name-en" lang="en" maxLength={MAX_HOLIDAY_NAME_LENGTH} {...form.register("nameEn")} aria-invalid={!!errors.nameEn} />
        </FormField>
      </div>
      <FormSubmitRow pending={pending} error={error && error.reason !== "holidayTaken" ? error : null} success={null} />
    </form>
  );
}

/** CSV import of holidays (lib/lending-rules/csv-import.ts checks every row). */
export function ImportHolidaysForm() {
  // The server counts characters; a Bengali character is up to 3 bytes of the file.
  return <CsvImportForm namespace="adminCalendar" action={importHolidaysAction} maxBytes={MAX_HOLIDAY_CSV_LENGTH * 3} testId="holiday-import" />;
}

/** Remove a holiday, after a confirmation. */
export function RemoveHolidayButton({ date, shownDate, name }: { date: string; shownDate: string; name: string }) {
  const t = useTranslations("adminCalendar");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        disabled={pending}
        data-testid="holiday-remove"
        onClick={() => {
          if (!window.confirm(t("removeConfirm", { date: shownDate, name }))) return;
          startTransition(async () => {
            const result = await removeHolidayAction({ date });
            if (!result.ok) return setError(result.error);
            announceNotice({ tone: "success", title: t("notices.removedTitle"), text: t("notices.removedText", { date: shownDate }) });
            router.refresh();
          });
        }}
      >
        <Trash2 aria-hidden />
        {t("remove")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}

/** Apply the calendar to open loans, after a confirmation: audited; only unpaid instalments not yet due move. */
export function ApplyCalendarButton() {
  const t = useTranslations("adminCalendar");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        disabled={pending}
        data-testid="apply-calendar"
        onClick={() => {
          if (!window.confirm(t("apply.confirm"))) return;
          startTransition(async () => {
            const result = await applyCalendarAction({});
            if (!result.ok) return setError(result.error);
            announceNotice({ tone: "success", title: t("notices.appliedTitle"), text: t("notices.appliedText", { loans: result.data.loans, count: result.data.installments }) });
            router.refresh();
          });
        }}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <CalendarCheck2 aria-hidden />}
        {t("apply.button")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}
