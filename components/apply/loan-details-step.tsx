"use client";

import { useLocale, useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { formatNumber, formatPercent, formatTaka, parseNumberInput } from "@/lib/format";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import { closestTenure, tenuresWithin } from "@/lib/loans/tenure";
import { selectClassName } from "@/components/forms/native-select";
import { FormField, describedBy, useFieldRegistration } from "./fields";
import type { ApplyProduct, LoanDetailsValues } from "./types";
import { ProductOptions } from "@/components/loans/product-options";

/** The fixed tenures inside the product's range (all of them before a product is chosen). */
function tenureChoicesFor(product: ApplyProduct | undefined): readonly number[] {
  return product ? tenuresWithin(product.minTenure, product.maxTenure) : TENURE_OPTIONS;
}

export function LoanDetailsStep({
  form,
  products,
}: {
  form: UseFormReturn<LoanDetailsValues>;
  products: readonly ApplyProduct[];
}) {
  const t = useTranslations("apply.fields");
  const locale = useLocale();
  const { formState, watch, getValues, setValue, getFieldState, trigger } = form;
  const field = useFieldRegistration(form);
  const errors = formState.errors;
  const loanType = watch("loanType");
  const product = products.find((p) => p.key === loanType);
  const tenureChoices = tenureChoicesFor(product);

  // A new product changes which amounts and tenures are allowed: keep a tenure it offers (the nearest
  // one), and re-check an amount the applicant already typed.
  function onLoanTypeChange(nextKey: string) {
    const next = products.find((p) => p.key === nextKey);
    const tenure = Number(getValues("tenure"));
    if (getValues("tenure") !== "" && !tenureChoicesFor(next).includes(tenure)) {
      setValue("tenure", String(closestTenure(tenureChoicesFor(next), tenure) ?? ""), { shouldDirty: true });
    }
    const touched = (["amount", "tenure"] as const).filter((name) => getFieldState(name).isTouched);
    if (touched.length > 0) void trigger(touched);
  }

  // The shared schema checks the product's range only once every step-1 field is valid (zod runs an
  // object's refinements after its fields pass); say it as soon as the amount itself is complete.
  const typedAmount = parseNumberInput(watch("amount"));
  const amountError =
    errors.amount?.message ??
    (product &&
    formState.touchedFields.amount &&
    typedAmount !== null &&
    Number.isInteger(typedAmount) &&
    typedAmount > 0 &&
    (typedAmount < product.minAmount || typedAmount > product.maxAmount)
      ? "amountOutOfRange"
      : undefined);

  const amountHint = product
    ? t("amountRange", { min: formatTaka(product.minAmount, locale), max: formatTaka(product.maxAmount, locale) })
    : undefined;

  return (
    <div className="space-y-5">
      <FormField
        name="loanType"
        label={t("loanType")}
        error={errors.loanType?.message}
        hint={
          product
            ? t("productSummary", {
                min: formatTaka(product.minAmount, locale),
                max: formatTaka(product.maxAmount, locale),
                rate: formatPercent(product.annualRate, locale),
              })
            : undefined
        }
      >
        <select
          {...field("loanType", { onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onLoanTypeChange(event.target.value) })}
          {...describedBy("loanType", { error: errors.loanType?.message, hint: Boolean(product) })}
          data-testid="apply-loan-type"
          className={selectClassName}
        >
          <ProductOptions products={products} placeholder={t("loanTypePlaceholder")} />
        </select>
      </FormField>

      <FormField name="amount" label={t("amount")} error={amountError} hint={amountHint}>
        <Input
          {...field("amount")}
          {...describedBy("amount", { error: amountError, hint: Boolean(amountHint) })}
          data-testid="apply-amount"
          className="h-10"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("amountPlaceholder")}
        />
      </FormField>

      <FormField name="tenure" label={t("tenure")} error={errors.tenure?.message}>
        <select
          {...field("tenure")}
          {...describedBy("tenure", { error: errors.tenure?.message })}
          data-testid="apply-tenure"
          className={selectClassName}
        >
          <option value="" disabled>
            {t("tenurePlaceholder")}
          </option>
          {tenureChoices.map((months) => (
            <option key={months} value={String(months)}>
              {t("tenureOption", { months: formatNumber(months, locale) })}
            </option>
          ))}
        </select>
      </FormField>

      <FormField name="purpose" label={t("purpose")} error={errors.purpose?.message}>
        <Textarea
          {...field("purpose")}
          {...describedBy("purpose", { error: errors.purpose?.message })}
          data-testid="apply-purpose"
          rows={3}
          maxLength={500}
          placeholder={t("purposePlaceholder")}
        />
      </FormField>
    </div>
  );
}
