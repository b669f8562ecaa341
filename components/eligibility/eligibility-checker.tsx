"use client";

import { CircleAlert, CircleCheck } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { applyHref } from "@/components/apply/apply-href";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  DEBT_TO_INCOME_LIMIT,
  amountToApplyFor,
  assessEligibility,
  type EligibilityAssessment,
} from "@/lib/eligibility";
import {
  parseEligibilityForm,
  type EligibilityField,
  type EligibilityFormData,
  type EligibilityFormValues,
  type EligibilityProduct,
  type EmploymentTypeKey,
} from "@/lib/eligibility/form";
import { formatNumber, formatPercent, formatTaka } from "@/lib/format";
import { closestTenure } from "@/lib/loans/tenure";
import { cn } from "@/lib/utils";
import { selectClassName } from "@/components/forms/native-select";
import { ProductOptions } from "@/components/loans/product-options";
import { useProductFromAddress } from "@/components/loans/use-product-from-address";
import type { Locale } from "@/i18n/config";

const FIELD_ORDER: readonly EligibilityField[] = ["income", "existing", "employment", "loanType", "amount", "tenure"];

export function EligibilityChecker({
  products,
  employmentTypes,
}: {
  products: EligibilityProduct[];
  employmentTypes: readonly EmploymentTypeKey[];
}) {
  const t = useTranslations("eligibility");
  const locale = useLocale();
  const ids = useId();
  const resultRef = useRef<HTMLDivElement>(null);

  const [values, setValues] = useState<EligibilityFormValues>({
    income: "",
    existing: "",
    employment: "",
    loanType: "",
    amount: "",
    tenure: "",
  });
  useProductFromAddress(
    products.map((p) => p.key),
    (loanType) => setValues((current) => ({ ...current, loanType })),
  );
  const [touched, setTouched] = useState<Partial<Record<EligibilityField, boolean>>>({});
  // After the first Check the answer follows every edit, so it never shows stale figures.
  const [checked, setChecked] = useState(false);

  const parsed = parseEligibilityForm(values, products, employmentTypes);
  const errors = parsed.ok ? {} : parsed.errors;
  const product = products.find((p) => p.key === values.loanType) ?? null;
  const shownError = (field: EligibilityField) => ((checked || touched[field]) && errors[field]) || null;

  const answer: { data: EligibilityFormData; assessment: EligibilityAssessment } | null =
    checked && parsed.ok
      ? {
          data: parsed.data,
          assessment: assessEligibility({
            monthlyIncome: parsed.data.monthlyIncome,
            existingMonthlyPayments: parsed.data.existingMonthlyPayments,
            annualRate: parsed.data.product.annualRate,
            amount: parsed.data.amount,
            months: parsed.data.months,
            minAmount: parsed.data.product.minAmount,
            maxAmount: parsed.data.product.maxAmount,
          }),
        }
      : null;

  function update(field: EligibilityField, value: string) {
    setValues((current) => {
      const next = { ...current, [field]: value };
      if (field === "loanType") {
        // Keep the tenure if the new product offers it, otherwise move to the nearest one it does.
        const choices = products.find((p) => p.key === value)?.tenures ?? [];
        const months = current.tenure === "" ? null : Number(current.tenure);
        if (months !== null && !choices.includes(months)) next.tenure = String(closestTenure(choices, months) ?? current.tenure);
      }
      return next;
    });
  }

  function touch(field: EligibilityField) {
    setTouched((current) => (current[field] ? current : { ...current, [field]: true }));
  }

  function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (!parsed.ok) {
      const first = FIELD_ORDER.find((field) => parsed.errors[field]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    // On a phone the answer is below the form: bring it into view (on a wide screen it already is).
    requestAnimationFrame(() => {
      const top = resultRef.current?.getBoundingClientRect().top;
      if (top !== undefined && (top < 0 || top > window.innerHeight * 0.6)) {
        resultRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      }
    });
  }

  const limit = formatPercent(DEBT_TO_INCOME_LIMIT * 100, locale);

  function errorText(field: EligibilityField): string | null {
    const key = shownError(field);
    if (!key) return null;
    if (key === "amountOutOfRange" && product) {
      return t("errors.amountOutOfRange", {
        product: product.title,
        min: formatTaka(product.minAmount, locale),
        max: formatTaka(product.maxAmount, locale),
      });
    }
    return t(`errors.${key}`);
  }

  /** Label, control and its message, wired for screen readers. */
  function field(name: EligibilityField, label: string, control: (describedBy: string) => ReactNode, hint?: ReactNode) {
    const message = errorText(name);
    const messageId = `${ids}-${name}-message`;
    return (
      <div className="space-y-2">
        <Label htmlFor={`${ids}-${name}`} className="leading-snug">
          {label}
        </Label>
        {control(messageId)}
        <p
          id={messageId}
          data-testid={message ? `elig-${name === "loanType" ? "loan-type" : name}-error` : undefined}
          className={cn("min-h-5 text-sm", message ? "text-destructive" : "text-muted-foreground")}
        >
          {message ?? hint}
        </p>
      </div>
    );
  }

  const numberInput = (name: "income" | "existing" | "amount", testId: string, placeholder: string) =>
    field(
      name,
      t(name),
      (describedBy) => (
        <Input
          id={`${ids}-${name}`}
          name={name}
          data-testid={testId}
          className="h-10"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={values[name]}
          onChange={(event) => update(name, event.target.value)}
          onBlur={() => touch(name)}
          aria-invalid={shownError(name) ? true : undefined}
          aria-describedby={describedBy}
        />
      ),
      name === "existing"
        ? t("existingHint")
        : name === "amount" && product
          ? t("amountRange", { min: formatTaka(product.minAmount, locale), max: formatTaka(product.maxAmount, locale) })
          : null,
    );

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("formTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={check} className="space-y-3">
            {numberInput("income", "elig-income", t("incomePlaceholder"))}
            {numberInput("existing", "elig-existing", t("existingPlaceholder"))}
            {field("employment", t("employment"), (describedBy) => (
              <select
                id={`${ids}-employment`}
                name="employment"
                data-testid="elig-employment"
                className={selectClassName}
                value={values.employment}
                onChange={(event) => update("employment", event.target.value)}
                onBlur={() => touch("employment")}
                aria-invalid={shownError("employment") ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="" disabled>
                  {t("employmentPlaceholder")}
                </option>
                {employmentTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`employmentTypes.${type}`)}
                  </option>
                ))}
              </select>
            ))}
            {field("loanType", t("loanType"), (describedBy) => (
              <select
                id={`${ids}-loanType`}
                name="loanType"
                data-testid="elig-loan-type"
                className={selectClassName}
                value={values.loanType}
                onChange={(event) => update("loanType", event.target.value)}
                onBlur={() => touch("loanType")}
                aria-invalid={shownError("loanType") ? true : undefined}
                aria-describedby={describedBy}
              >
                <ProductOptions products={products} placeholder={t("loanTypePlaceholder")} />
              </select>
            ))}
            {numberInput("amount", "elig-amount", t("amountPlaceholder"))}
            {field("tenure", t("tenure"), (describedBy) => (
              <select
                id={`${ids}-tenure`}
                name="tenure"
                data-testid="elig-tenure"
                className={selectClassName}
                value={values.tenure}
                disabled={!product}
                onChange={(event) => update("tenure", event.target.value)}
                onBlur={() => touch("tenure")}
                aria-invalid={shownError("tenure") ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="" disabled>
                  {t("tenurePlaceholder")}
                </option>
                {(product?.tenures ?? []).map((months) => (
                  <option key={months} value={months}>
                    {t("tenureOption", { months: formatNumber(months, locale) })}
                  </option>
                ))}
              </select>
            ))}
            <Button type="submit" size="lg" className="w-full" data-testid="elig-submit">
              {t("submit")}
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card ref={resultRef} className="bg-secondary/60 border-primary/20 scroll-mt-20">
        <CardHeader>
          <CardTitle className="text-lg">{t("resultTitle")}</CardTitle>
        </CardHeader>
        <CardContent aria-live="polite">
          {answer ? (
            <EligibilityAnswer data={answer.data} assessment={answer.assessment} limit={limit} />
          ) : (
            <p data-testid="elig-empty" className="text-muted-foreground text-sm">
              {t("empty")}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EligibilityAnswer({
  data,
  assessment,
  limit,
}: {
  data: EligibilityFormData;
  assessment: EligibilityAssessment;
  limit: string;
}) {
  const t = useTranslations("eligibility");
  const locale = useLocale();
  const { eligible, emi, totalMonthlyRepayments, maxMonthlyRepayments, ratio, maxEligibleAmount } = assessment;
  const applyAmount = amountToApplyFor(data.amount, assessment);
  const applyLink = applyHref({
    loanType: data.product.key,
    amount: String(applyAmount),
    tenure: String(data.months),
    monthlyIncome: String(data.monthlyIncome),
    employmentType: data.employmentType,
    existingLoans: String(data.existingMonthlyPayments),
  }, locale as Locale);
  // One decimal is enough to see which side of 40% the figure is on.
  const ratioText = formatPercent(Math.round(ratio * 1000) / 10, locale);

  return (
    <div data-testid="elig-result" className="space-y-5">
      <div
        data-testid={eligible ? "elig-eligible" : "elig-not-eligible"}
        className={cn(
          "flex items-start gap-3 rounded-lg border p-3",
          eligible ? "border-primary/30 bg-background" : "border-destructive/30 bg-background",
        )}
      >
        {eligible ? (
          <CircleCheck aria-hidden className="text-primary mt-0.5 size-5 shrink-0" />
        ) : (
          <CircleAlert aria-hidden className="text-destructive mt-0.5 size-5 shrink-0" />
        )}
        <div>
          <p className={cn("font-semibold", eligible ? "text-primary" : "text-destructive")}>
            {eligible ? t("eligibleTitle") : t("notEligibleTitle")}
          </p>
          <p className="text-muted-foreground mt-1 text-sm leading-relaxed">
            {eligible ? t("eligibleText", { limit }) : t("notEligibleText", { limit })}
          </p>
        </div>
      </div>

      <div>
        <p className="text-muted-foreground text-sm">{t("emi")}</p>
        <p data-testid="elig-emi" className="text-primary text-3xl font-bold">
          {formatTaka(emi, locale)}
        </p>
      </div>

      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-muted-foreground">{t("existingPayments")}</dt>
          <dd className="text-base font-semibold">{formatTaka(data.existingMonthlyPayments, locale)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t("totalRepayments")}</dt>
          <dd data-testid="elig-total" className="text-base font-semibold">
            {formatTaka(totalMonthlyRepayments, locale)}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">{t("monthlyLimit", { limit })}</dt>
          <dd data-testid="elig-limit" className="text-base font-semibold">
            {formatTaka(maxMonthlyRepayments, locale)}
          </dd>
        </div>
      </dl>

      <div className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="text-muted-foreground">{t("ratioLabel")}</span>
          <span data-testid="elig-ratio" className="font-semibold">
            {t("ratioValue", { ratio: ratioText, limit })}
          </span>
        </div>
        <RatioBar ratio={ratio} eligible={eligible} />
      </div>

      <div data-testid="elig-max-amount" className="bg-background rounded-lg border p-3">
        {maxEligibleAmount !== null ? (
          <>
            <p className="text-muted-foreground text-sm">
              {t("maxAmount", { months: formatNumber(data.months, locale) })}
            </p>
            <p data-testid="elig-max-amount-value" className="text-xl font-bold">
              {formatTaka(maxEligibleAmount, locale)}
            </p>
          </>
        ) : data.existingMonthlyPayments >= maxMonthlyRepayments ? (
          // A longer tenure cannot help here, so say what the real obstacle is.
          <p className="text-sm leading-relaxed">
            {t("existingOverLimit", {
              existing: formatTaka(data.existingMonthlyPayments, locale),
              monthlyLimit: formatTaka(maxMonthlyRepayments, locale),
            })}
          </p>
        ) : (
          <p className="text-sm leading-relaxed">
            {t("maxAmountNone", { product: data.product.title, min: formatTaka(data.product.minAmount, locale) })}
          </p>
        )}
      </div>

      <div className="space-y-2">
        {applyAmount !== data.amount && (
          <p data-testid="elig-apply-adjusted" className="text-sm leading-relaxed">
            {t("applyAdjusted", { amount: formatTaka(applyAmount, locale) })}
          </p>
        )}
        <Button asChild size="lg" className="h-auto min-h-10 w-full whitespace-normal py-2">
          <Link href={applyLink} data-testid="elig-apply-link">
            {t("apply")}
          </Link>
        </Button>
      </div>
      <p className="text-muted-foreground text-xs leading-relaxed">{t("disclaimer")}</p>
    </div>
  );
}

/** Repayments as a share of income, with a mark at the 40% limit; the text beside it carries the value. */
function RatioBar({ ratio, eligible }: { ratio: number; eligible: boolean }) {
  const filled = Math.min(Math.max(ratio, 0), 1) * 100;
  return (
    <div aria-hidden className="bg-background relative h-3 w-full overflow-hidden rounded-full border">
      <div
        className={cn("h-full rounded-full", eligible ? "bg-primary" : "bg-destructive")}
        style={{ width: `${filled}%` }}
      />
      <div className="bg-foreground absolute inset-y-0 w-0.5" style={{ left: `${DEBT_TO_INCOME_LIMIT * 100}%` }} />
    </div>
  );
}
