"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { createSocietyAction } from "@/lib/society/admin-actions";
import { createSocietySchema, type SettingsInput, type SettingsValues } from "@/lib/society/schemas";

export function CreateSocietyForm() {
  const t = useTranslations("adminSocieties");
  const router = useRouter();
  const form = useForm<SettingsInput, unknown, SettingsValues>({ resolver: zodResolver(createSocietySchema), defaultValues: { name: "", registrationNumber: "", address: "" } });
  const errors = form.formState.errors;
  const { onSubmit, error, pending, succeeded } = useActionSubmit(form, createSocietyAction, () => {
    form.reset();
    router.refresh();
  });
  return (
    <Card className="h-fit gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-base">{t("create")}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="create-society-form">
          <FormField id="new-society-name" label={t("name")} error={errors.name?.message}>
            <Input id="new-society-name" {...form.register("name")} aria-invalid={!!errors.name} />
          </FormField>
          <FormField id="new-society-registration" label={t("registrationNumber")} error={errors.registrationNumber?.message}>
            <Input id="new-society-registration" {...form.register("registrationNumber")} />
          </FormField>
          <FormField id="new-society-address" label={t("address")} error={errors.address?.message}>
            <Input id="new-society-address" {...form.register("address")} />
          </FormField>
          <FormSubmitRow pending={pending} error={error} success={succeeded ? t("created") : null} />
        </form>
      </CardContent>
    </Card>
  );
}
