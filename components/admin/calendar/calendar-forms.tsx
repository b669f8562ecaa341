"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CalendarCheck2, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { ActionButton } from "@/components/admin/action-button";
import { CsvImportForm } from "@/components/admin/csv-import-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Input } from "@/components/ui/input";
import { addHolidayAction, applyCalendarAction, importHolidaysAction, removeHolidayAction } from "@/lib/lending-rules/actions";
import { holidaySchema, MAX_HOLIDAY_CSV_LENGTH, MAX_HOLIDAY_NAME_LENGTH, type HolidayInput, type HolidayValues } from "@/lib/lending-rules/schemas";

/** An office a local holiday may be set for (decision 0259), labelled "code · name" in the reader's language. */
export type HolidayOfficeChoice = { id: string; label: string };

/** Add a holiday: the date, its name in both languages, and whose it is (the whole lender's, or an office's local one). */
export function AddHolidayForm({ offices }: { offices: HolidayOfficeChoice[] }) {
  const t = useTranslations("adminCalendar");
  const router = useRouter();
  const empty: HolidayInput = { date: "", nameBn: "", nameEn: "", officeId: "" };
  const form = useForm<HolidayInput, unknown, HolidayValues>({ resolver: zodResolver(holidaySchema), defaultValues: empty });
  const { onSubmit, error, pending } = useActionSubmit(form, addHolidayAction, () => {
    form.reset(empty);
    announceNotice({ tone: "success", title: t("notices.addedTitle"), text: t("notices.addedText") });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="holiday-add-form">
      <FormField id="holiday-date" label={t("date")} error={errors.date?.message}>
        <Input id="holiday-date" type="date" {...form.register("date")} aria-invalid={!!errors.date} />
      </FormField>
      <FormField id="holiday-office" label={t("appliesTo")} error={errors.officeId?.message} hint={t("appliesToHint")}>
        <select id="holiday-office" className={compactSelectClassName} {...form.register("officeId")} aria-invalid={!!errors.officeId}>
          <option value="">{t("wholeLender")}</option>
          {offices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
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
export function RemoveHolidayButton({ date, officeId, shownDate, name }: { date: string; officeId?: string; shownDate: string; name: string }) {
  const t = useTranslations("adminCalendar");
  return (
    <ActionButton
      run={() => removeHolidayAction({ date, officeId })}
      confirm={t("removeConfirm", { date: shownDate, name })}
      onDone={() => announceNotice({ tone: "success", title: t("notices.removedTitle"), text: t("notices.removedText", { date: shownDate }) })}
      icon={<Trash2 aria-hidden />}
      size="sm"
      variant="ghost"
      testId="holiday-remove"
    >
      {t("remove")}
    </ActionButton>
  );
}

/** Apply the calendar to open loans, after a confirmation: audited; only unpaid instalments not yet due move. */
export function ApplyCalendarButton() {
  const t = useTranslations("adminCalendar");
  return (
    <ActionButton
      run={() => applyCalendarAction({})}
      confirm={t("apply.confirm")}
      onDone={(data) => announceNotice({ tone: "success", title: t("notices.appliedTitle"), text: t("notices.appliedText", { loans: data.loans, count: data.installments }) })}
      icon={<CalendarCheck2 aria-hidden />}
      spinWhilePending
      variant="outline"
      testId="apply-calendar"
      className="space-y-2"
    >
      {t("apply.button")}
    </ActionButton>
  );
}
