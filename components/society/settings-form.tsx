"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { updateSocietySettingsAction } from "@/lib/society/actions";
import { settingsSchema, type SettingsInput, type SettingsValues } from "@/lib/society/schemas";

export function SettingsForm({ societyId, society, disabled }: { societyId: string; society: { name: string; registrationNumber: string | null; address: string | null }; disabled: boolean }) {
  const t = useTranslations("society.settings");
  const router = useRouter();
  const form = useForm<SettingsInput, unknown, SettingsValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: { name: society.name, registrationNumber: society.registrationNumber ?? "", address: society.address ?? "" },
  });
  const errors = form.formState.errors;
  const { onSubmit, error, pending, succeeded } = useActionSubmit(form, (v) => updateSocietySettingsAction(societyId, v), () => router.refresh());
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="society-settings-form">
      <fieldset disabled={disabled} className="space-y-3">
        <FormField id="society-name" label={t("name")} error={errors.name?.message}>
          <Input id="society-name" {...form.register("name")} aria-invalid={!!errors.name} />
        </FormField>
        <FormField id="society-registration" label={t("registrationNumber")} error={errors.registrationNumber?.message}>
          <Input id="society-registration" {...form.register("registrationNumber")} aria-invalid={!!errors.registrationNumber} />
        </FormField>
        <FormField id="society-address" label={t("address")} error={errors.address?.message}>
          <Textarea id="society-address" rows={3} {...form.register("address")} />
        </FormField>
        {disabled ? null : <FormSubmitRow pending={pending} error={error} success={succeeded ? t("saved") : null} successTestId="settings-saved" />}
      </fieldset>
    </form>
  );
}
