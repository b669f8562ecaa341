"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import { selectClassName } from "@/components/forms/native-select";
import { FormField, describedBy, useFieldRegistration } from "./fields";
import type { EmploymentInfoValues } from "./types";

export function EmploymentInfoStep({ form }: { form: UseFormReturn<EmploymentInfoValues> }) {
  const t = useTranslations("apply");
  const { formState } = form;
  const field = useFieldRegistration(form);
  const errors = formState.errors;

  return (
    <div className="space-y-5">
      <FormField name="employmentType" label={t("fields.employmentType")} error={errors.employmentType?.message}>
        <select
          {...field("employmentType")}
          {...describedBy("employmentType", { error: errors.employmentType?.message })}
          data-testid="apply-employment-type"
          className={selectClassName}
        >
          <option value="" disabled>
            {t("fields.employmentTypePlaceholder")}
          </option>
          {EMPLOYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`employmentTypes.${type}`)}
            </option>
          ))}
        </select>
      </FormField>

      <FormField name="employer" label={t("fields.employer")} error={errors.employer?.message}>
        <Input
          {...field("employer")}
          {...describedBy("employer", { error: errors.employer?.message })}
          data-testid="apply-employer"
          className="h-10"
          autoComplete="organization"
          maxLength={200}
        />
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField name="monthlyIncome" label={t("fields.monthlyIncome")} error={errors.monthlyIncome?.message}>
          <Input
            {...field("monthlyIncome")}
            {...describedBy("monthlyIncome", { error: errors.monthlyIncome?.message })}
            data-testid="apply-monthly-income"
            className="h-10"
            type="text"
            inputMode="numeric"
            autoComplete="off"
          />
        </FormField>

        <FormField
          name="existingLoans"
          label={t("fields.existingLoans")}
          error={errors.existingLoans?.message}
          hint={t("fields.existingLoansHint")}
        >
          <Input
            {...field("existingLoans")}
            {...describedBy("existingLoans", { error: errors.existingLoans?.message, hint: true })}
            data-testid="apply-existing-loans"
            className="h-10"
            type="text"
            inputMode="numeric"
            autoComplete="off"
          />
        </FormField>
      </div>
    </div>
  );
}
