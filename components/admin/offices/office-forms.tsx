"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Lock, Pencil } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionButton } from "@/components/admin/action-button";
import { ActionErrorAlert, FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { closeOfficeAction, createOfficeAction, editOfficeAction } from "@/lib/offices/actions";
import {
  CREATABLE_OFFICE_LEVELS,
  createOfficeSchema,
  editOfficeSchema,
  MAX_OFFICE_NAME_LENGTH,
  MAX_PLACE_LENGTH,
  type CreateOfficeInput,
  type CreateOfficeValues,
  type EditOfficeInput,
  type EditOfficeValues,
} from "@/lib/offices/schemas";

/** An office a new or moved office may sit under: open, and not a branch. */
export type ParentChoice = { id: string; label: string };

type PlaceFields = "nameBn" | "nameEn" | "division" | "district" | "upazila";

function NameAndPlace<F extends { [K in PlaceFields]?: unknown }>({ idPrefix, register, errors }: {
  idPrefix: string;
  register: (name: PlaceFields) => object;
  errors: Partial<Record<keyof F, { message?: string }>>;
}) {
  const t = useTranslations("adminOffices");
  const field = (name: PlaceFields, max: number, lang?: "bn" | "en") => (
    <FormField id={`${idPrefix}-${name}`} label={t(`fields.${name}`)} error={errors[name]?.message}>
      <Input id={`${idPrefix}-${name}`} lang={lang} maxLength={max} {...register(name)} aria-invalid={!!errors[name]} />
    </FormField>
  );
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {field("nameBn", MAX_OFFICE_NAME_LENGTH, "bn")}
        {field("nameEn", MAX_OFFICE_NAME_LENGTH, "en")}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {field("division", MAX_PLACE_LENGTH)}
        {field("district", MAX_PLACE_LENGTH)}
        {field("upazila", MAX_PLACE_LENGTH)}
      </div>
    </>
  );
}

/** The office's approval limit (taka; blank: none of its own), typed as digits in either script. */
function ApprovalLimitField({ id, register, error }: { id: string; register: () => object; error?: string }) {
  const t = useTranslations("adminOffices");
  return (
    <FormField id={id} label={t("fields.approvalLimit")} error={error} hint={t("approvalLimitHint")}>
      <Input id={id} inputMode="numeric" autoComplete="off" {...register()} aria-invalid={!!error} />
    </FormField>
  );
}

const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;

/** The office's own weekly days off (decision 0259): none ticked keeps the days off of the office above, or the lender's. */
function WeeklyDaysOffField({ idPrefix, register, error }: { idPrefix: string; register: () => object; error?: string }) {
  const t = useTranslations("adminOffices");
  const tCalendar = useTranslations("adminCalendar");
  const tValidation = useTranslations("validation");
  return (
    <fieldset className="space-y-2" aria-describedby={`${idPrefix}-days-off-hint`}>
      <legend className="text-sm font-medium">{t("fields.weeklyDaysOff")}</legend>
      <p id={`${idPrefix}-days-off-hint`} className="text-xs text-muted-foreground">
        {t("weeklyDaysOffHint")}
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {WEEKDAYS.map((day) => (
          <label key={day} className="flex min-h-6 items-center gap-2 text-sm">
            <input type="checkbox" value={day} className="size-4" data-testid={`office-day-off-${day}`} {...register()} />
            {tCalendar(`weekdays.${day}`)}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {tValidation(toValidationMessageKey(error))}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Opens an office: its code, level, parent, names in both languages, address and opening date. */
export function CreateOfficeForm({ parents, today }: { parents: ParentChoice[]; today: string }) {
  const t = useTranslations("adminOffices");
  const router = useRouter();
  const empty: CreateOfficeInput = { code: "", level: "branch", parentId: parents[0]?.id ?? "", openedOn: today, nameBn: "", nameEn: "", division: "", district: "", upazila: "", approvalLimit: "" };
  const form = useForm<CreateOfficeInput, unknown, CreateOfficeValues>({ resolver: zodResolver(createOfficeSchema), defaultValues: empty });
  const { onSubmit, error, pending } = useActionSubmit(form, createOfficeAction, (office) => {
    form.reset(empty);
    announceNotice({ tone: "success", title: t("notices.createdTitle"), text: t("notices.createdText", { code: office.code }) });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="office-create-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField id="office-code" label={t("fields.code")} error={errors.code?.message} hint={t("codeHint")}>
          <Input id="office-code" autoCapitalize="characters" maxLength={12} {...form.register("code")} aria-invalid={!!errors.code} />
        </FormField>
        <FormField id="office-level" label={t("fields.level")} error={errors.level?.message}>
          <select id="office-level" className={compactSelectClassName} {...form.register("level")}>
            {CREATABLE_OFFICE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {t(`levels.${level}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="office-opened" label={t("fields.openedOn")} error={errors.openedOn?.message}>
          <Input id="office-opened" type="date" {...form.register("openedOn")} aria-invalid={!!errors.openedOn} />
        </FormField>
      </div>
      <FormField id="office-parent" label={t("fields.parent")} error={errors.parentId?.message}>
        <select id="office-parent" className={compactSelectClassName} {...form.register("parentId")} aria-invalid={!!errors.parentId}>
          {parents.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </FormField>
      <NameAndPlace<CreateOfficeInput> idPrefix="office" register={(name) => form.register(name)} errors={errors} />
      <ApprovalLimitField id="office-approval-limit" register={() => form.register("approvalLimit")} error={errors.approvalLimit?.message} />
      <FormSubmitRow pending={pending} error={error && error.code !== "validation" ? error : null} success={null} />
    </form>
  );
}

export type EditableOffice = {
  id: string;
  code: string;
  parentId: string | null;
  nameBn: string;
  nameEn: string;
  division: string | null;
  district: string | null;
  upazila: string | null;
  approvalLimit: number | null;
  weeklyDaysOff: number[];
};

/** Renames an office, corrects its address or moves it under another office (the head office stays the root). */
export function EditOfficeDialog({ office, parents }: { office: EditableOffice; parents: ParentChoice[] }) {
  const t = useTranslations("adminOffices");
  const tCommon = useTranslations("adminCommon");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const values: EditOfficeInput = {
    id: office.id,
    parentId: office.parentId ?? "",
    nameBn: office.nameBn,
    nameEn: office.nameEn,
    division: office.division ?? "",
    district: office.district ?? "",
    upazila: office.upazila ?? "",
    approvalLimit: office.approvalLimit === null ? "" : String(office.approvalLimit),
    weeklyDaysOff: office.weeklyDaysOff.map(String),
  };
  const form = useForm<EditOfficeInput, unknown, EditOfficeValues>({ resolver: zodResolver(editOfficeSchema), defaultValues: values });
  const { onSubmit, error, pending } = useActionSubmit(form, editOfficeAction, () => {
    setOpen(false);
    announceNotice({ tone: "success", title: t("notices.savedTitle"), text: t("notices.savedText", { code: office.code }) });
    router.refresh();
  });
  const errors = form.formState.errors;
  const idPrefix = `office-edit-${office.code}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) form.reset(values);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" data-testid="office-edit">
          <Pencil aria-hidden />
          {t("edit")}
          <span className="sr-only">{office.code}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{t("editTitle", { code: office.code })}</DialogTitle>
          <DialogDescription>{t("editText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="office-edit-form">
          {office.parentId !== null ? (
            <FormField id={`${idPrefix}-parent`} label={t("fields.parent")} error={errors.parentId?.message}>
              <select id={`${idPrefix}-parent`} className={compactSelectClassName} {...form.register("parentId")} aria-invalid={!!errors.parentId}>
                {parents
                  .filter((p) => p.id !== office.id)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
              </select>
            </FormField>
          ) : null}
          <NameAndPlace<EditOfficeInput> idPrefix={idPrefix} register={(name) => form.register(name)} errors={errors} />
          <ApprovalLimitField id={`${idPrefix}-approval-limit`} register={() => form.register("approvalLimit")} error={errors.approvalLimit?.message} />
          {office.parentId !== null ? <WeeklyDaysOffField idPrefix={idPrefix} register={() => form.register("weeklyDaysOff")} error={errors.weeklyDaysOff?.message} /> : null}
          <ActionErrorAlert error={error && error.code !== "validation" ? error : null} reasonsFrom="adminOffices" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? tCommon("saving") : tCommon("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Closes an office today, after a confirmation; the server refuses while anything still works there. */
export function CloseOfficeButton({ id, code, name, today }: { id: string; code: string; name: string; today: string }) {
  const t = useTranslations("adminOffices");
  return (
    <ActionButton
      run={() => closeOfficeAction({ id, closedOn: today })}
      confirm={t("closeConfirm", { code, name })}
      onDone={() => announceNotice({ tone: "success", title: t("notices.closedTitle"), text: t("notices.closedText", { code }) })}
      icon={<Lock aria-hidden />}
      size="sm"
      variant="ghost"
      testId="office-close"
      reasonsFrom="adminOffices"
    >
      {t("close")}
      <span className="sr-only">{code}</span>
    </ActionButton>
  );
}
