"use client";

import { Calculator } from "@/components/icons";
import { useLocale, useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EmiFigures, useDebouncedEmi } from "@/components/loans/emi-figures";
import { parseNumberInput } from "@/lib/format";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import type { ApplyProduct, LoanDetailsValues } from "./types";

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
  const result = useDebouncedEmi(input);

  return (
    <Card className="bg-secondary/60 border-primary/20 gap-4" data-testid="apply-calculator">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Calculator className="text-primary size-5" aria-hidden />
          {t("title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <EmiFigures
          result={result}
          annualRate={product?.annualRate ?? null}
          locale={locale}
          labels={{ emi: t("emi"), totalPayable: t("totalPayable"), totalInterest: t("totalInterest"), rate: t("rate") }}
          testIdPrefix="apply-calc"
        />
        <p className="text-muted-foreground text-xs">{result ? t("disclaimer") : t("incomplete")}</p>
      </CardContent>
    </Card>
  );
}
