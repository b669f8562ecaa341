"use client";

import { Calculator } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatPercent, formatTaka, parseNumberInput } from "@/lib/format";
import { TENURE_OPTIONS, calculateEmi, type EmiCalculation } from "@/lib/loans/emi";
import type { ApplyProduct, LoanDetailsValues } from "./types";

/** The spec's 100 ms debounce: typing "50000" computes once, not five times. */
const RECALCULATE_DELAY_MS = 100;

/** The step-1 inputs as calculator input, or null while any of them is missing or unusable. */
export function emiInputFrom(
  values: Pick<LoanDetailsValues, "loanType" | "amount" | "tenure">,
  products: readonly ApplyProduct[],
) {
  const product = products.find((p) => p.key === values.loanType);
  const amount = parseNumberInput(values.amount ?? "");
  const months = Number(values.tenure);
  if (!product || amount === null || !Number.isSafeInteger(amount) || amount <= 0) return null;
  if (!(TENURE_OPTIONS as readonly number[]).includes(months)) return null;
  return { principal: amount, annualRate: product.annualRate, months };
}

/** Live EMI for the loan being filled in (the server recomputes it on submission). */
export function ApplyCalculator({
  form,
  products,
}: {
  form: UseFormReturn<LoanDetailsValues>;
  products: readonly ApplyProduct[];
}) {
  const t = useTranslations("apply.calculator");
  const locale = useLocale();
  // watch(), not useWatch(): useWatch misses values that arrive while the page hydrates (typed on a
  // slow phone before the JavaScript ran), watch() re-renders from the form itself.
  const [loanType, amount, tenure] = form.watch(["loanType", "amount", "tenure"]);
  const input = emiInputFrom({ loanType, amount, tenure }, products);
  const product = products.find((p) => p.key === loanType);
  const [computed, setComputed] = useState<EmiCalculation | null>(null);

  const principal = input?.principal;
  const annualRate = input?.annualRate;
  const months = input?.months;
  useEffect(() => {
    if (principal === undefined || annualRate === undefined || months === undefined) return;
    const timer = setTimeout(
      () => setComputed(calculateEmi({ principal, annualRate, months })),
      RECALCULATE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [principal, annualRate, months]);

  // Incomplete input hides the figures at once; complete input shows the latest debounced result.
  const result = input ? computed : null;
  const dash = "—";

  return (
    <Card className="bg-secondary/60 border-primary/20 gap-4" data-testid="apply-calculator">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Calculator className="text-primary size-5" aria-hidden />
          {t("title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div>
          <p className="text-muted-foreground text-sm">{t("emi")}</p>
          <p data-testid="apply-calc-emi" aria-live="polite" className="text-primary text-3xl font-bold">
            {result ? formatTaka(result.emi, locale) : dash}
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("totalPayable")}</dt>
            <dd data-testid="apply-calc-total" className="font-semibold">
              {result ? formatTaka(result.totalPayable, locale) : dash}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("totalInterest")}</dt>
            <dd data-testid="apply-calc-interest" className="font-semibold">
              {result ? formatTaka(result.totalInterest, locale) : dash}
            </dd>
          </div>
          <div className="col-span-2">
            <dt className="text-muted-foreground">{t("rate")}</dt>
            <dd className="font-semibold">
              {product ? formatPercent(product.annualRate, locale) : dash}
            </dd>
          </div>
        </dl>
        <p className="text-muted-foreground text-xs">{result ? t("disclaimer") : t("incomplete")}</p>
      </CardContent>
    </Card>
  );
}
