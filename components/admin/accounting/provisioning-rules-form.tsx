"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateProvisioningRulesAction } from "@/lib/accounting/actions";
import { provisioningRulesSchema, type ProvisioningRulesValues } from "@/lib/accounting/schemas";

type Field = Exclude<keyof ProvisioningRulesValues, "base">;
const PROVISIONING_BASES = ["principal", "principal_and_accrued_interest"] as const;
const RATE_FIELDS = ["regular", "watchful", "substandard", "doubtful", "bad"] as const;
const DAY_FIELDS = ["watchfulTo", "substandardTo", "doubtfulTo"] as const;

/** A super admin changes the categories' last days overdue and their rates (the regulator's circulars), audited. */
export function ProvisioningRulesForm({ current }: { current: ProvisioningRulesValues }) {
  const t = useTranslations("adminAccounting.provisioning");
  const router = useRouter();
  const form = useForm<ProvisioningRulesValues, unknown, z.output<typeof provisioningRulesSchema>>({ resolver: zodResolver(provisioningRulesSchema), defaultValues: current });
  const { onSubmit, error, pending } = useActionSubmit(form, updateProvisioningRulesAction, () => {
    announceNotice({ tone: "success", text: t("rulesSaved") });
    router.refresh();
  });
  const errors = form.formState.errors;
  const field = (name: Field, label: string) => (
    <FormField key={name} id={`provisioning-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`provisioning-${name}`} inputMode="decimal" autoComplete="off" className="w-28" {...form.register(name)} aria-invalid={!!errors[name]} />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="mb-6 space-y-3 rounded-md border bg-background p-4" data-testid="provisioning-rules-form">
      <h3 className="font-semibold">{t("editRules")}</h3>
      <p className="text-sm text-muted-foreground">{t("editRulesText")}</p>
      <div className="flex flex-wrap gap-3">{DAY_FIELDS.map((name) => field(name, t(`lastDay.${name}`)))}</div>
      <div className="flex flex-wrap gap-3">{RATE_FIELDS.map((name) => field(name, t("rateOf", { category: t(`categories.${name}`) })))}</div>
      <FormField id="provisioning-base" label={t("base")} error={errors.base?.message}>
        <select id="provisioning-base" className={compactSelectClassName} {...form.register("base")}>
          {PROVISIONING_BASES.map((base) => (
            <option key={base} value={base}>
              {t(`bases.${base}`)}
            </option>
          ))}
        </select>
      </FormField>
      <Button type="submit" size="sm" disabled={pending} data-testid="provisioning-rules-submit">
        {t("saveRules")}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}
