"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";
import { formatMonthDay } from "@/lib/format";
import { updateWriteOffPolicyAction } from "@/lib/write-offs/actions";
import { MONTH_END_DAYS, writeOffPolicySchema, type WriteOffPolicyValues } from "@/lib/write-offs/schemas";


/** A super admin changes the write-off policy (the regulator's circulars), audited (decision 0267). */
export function WriteOffPolicyForm({ current }: { current: { badForMonths: number; requireFullyProvisioned: boolean; allowedDays: string[] } }) {
  const t = useTranslations("adminWriteOffs.policyForm");
  const tValidation = useTranslations("validation");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const form = useForm<WriteOffPolicyValues, unknown, z.output<typeof writeOffPolicySchema>>({
    resolver: zodResolver(writeOffPolicySchema),
    defaultValues: { badForMonths: String(current.badForMonths), requireFullyProvisioned: current.requireFullyProvisioned, allowedDays: current.allowedDays },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, updateWriteOffPolicyAction, () => {
    announceNotice({ tone: "success", text: t("saved") });
    router.refresh();
  });
  const errors = form.formState.errors;
  const daysError = errors.allowedDays?.message ?? errors.allowedDays?.root?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-3 rounded-md border bg-background p-4" data-testid="write-off-policy-form">
      <h2 className="font-semibold">{t("title")}</h2>
      <p className="text-sm text-muted-foreground">{t("text")}</p>
      <FormField id="write-off-policy-months" label={t("badForMonths")} error={errors.badForMonths?.message}>
        <Input id="write-off-policy-months" inputMode="numeric" autoComplete="off" className="w-28" {...form.register("badForMonths")} aria-invalid={!!errors.badForMonths} />
      </FormField>
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" data-testid="write-off-policy-provisioned" {...form.register("requireFullyProvisioned")} />
        {t("requireFullyProvisioned")}
      </label>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{t("allowedDays")}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {[...new Set([...MONTH_END_DAYS, ...current.allowedDays])].sort().map((day) => (
            <label key={day} className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" value={day} className="size-4" data-testid={`write-off-policy-day-${day}`} {...form.register("allowedDays")} />
              {formatMonthDay(day, locale)}
            </label>
          ))}
        </div>
        {daysError ? (
          <p className="text-sm text-destructive" role="alert">
            {tValidation(toValidationMessageKey(daysError))}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" size="sm" disabled={pending} data-testid="write-off-policy-submit">
        {t("save")}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}
