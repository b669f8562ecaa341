"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { ActionButton } from "@/components/admin/action-button";
import { CsvImportForm } from "@/components/admin/csv-import-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Input } from "@/components/ui/input";
import { addBlacklistEntryAction, importBlacklistAction, removeBlacklistEntryAction } from "@/lib/blacklist/actions";
import { BLACKLIST_KINDS, MAX_BLACKLIST_CSV_LENGTH, MAX_BLACKLIST_REASON_LENGTH, blacklistEntrySchema, type BlacklistEntryInput, type BlacklistEntryValues } from "@/lib/blacklist/schemas";

/** Add to blacklist: NID or phone (any usual form, Bengali digits too) and why. */
export function AddBlacklistForm() {
  const t = useTranslations("adminBlacklist");
  const router = useRouter();
  const form = useForm<BlacklistEntryInput, unknown, BlacklistEntryValues>({ resolver: zodResolver(blacklistEntrySchema), defaultValues: { kind: "nid", value: "", reason: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, addBlacklistEntryAction, () => {
    form.reset({ kind: form.getValues("kind"), value: "", reason: "" });
    announceNotice({ tone: "success", title: t("notices.addedTitle"), text: t("notices.addedText") });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="blacklist-add-form">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id="blacklist-kind" label={t("kind")} error={errors.kind?.message}>
          <select id="blacklist-kind" className={compactSelectClassName} {...form.register("kind")}>
            {BLACKLIST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="blacklist-value" label={t("value")} error={errors.value?.message} hint={t("valueHint")}>
          <Input id="blacklist-value" inputMode="numeric" autoComplete="off" {...form.register("value")} aria-invalid={!!errors.value} />
        </FormField>
      </div>
      <FormField id="blacklist-reason" label={t("reason")} error={errors.reason?.message}>
        <Input id="blacklist-reason" maxLength={MAX_BLACKLIST_REASON_LENGTH} {...form.register("reason")} aria-invalid={!!errors.reason} />
      </FormField>
      <FormSubmitRow pending={pending} error={error && error.reason !== "alreadyListed" ? error : null} success={null} />
    </form>
  );
}

/** CSV import of entries (lib/blacklist/csv-import.ts checks every row). */
export function ImportBlacklistForm() {
  return <CsvImportForm namespace="adminBlacklist" action={importBlacklistAction} maxBytes={MAX_BLACKLIST_CSV_LENGTH} testId="blacklist-import" />;
}

/** Remove, after a confirmation: a listed person may be applying right now. */
export function RemoveBlacklistButton({ id, value }: { id: string; value: string }) {
  const t = useTranslations("adminBlacklist");
  return (
    <ActionButton
      run={() => removeBlacklistEntryAction({ id })}
      confirm={t("removeConfirm", { value })}
      onDone={() => announceNotice({ tone: "success", title: t("notices.removedTitle"), text: t("notices.removedText", { value }) })}
      icon={<Trash2 aria-hidden />}
      size="sm"
      variant="ghost"
      testId="blacklist-remove"
    >
      {t("remove")}
    </ActionButton>
  );
}
