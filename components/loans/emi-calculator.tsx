"use client";

import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { useId, useState } from "react";
import { applyHref } from "@/components/apply/apply-href";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatNumber, formatTaka, parseNumberInput } from "@/lib/format";
import type { LoanType } from "@/lib/generated/prisma/enums";
import { TENURE_OPTIONS } from "@/lib/loans/emi";
import { closestTenure, tenuresWithin } from "@/lib/loans/tenure";
import { cn } from "@/lib/utils";
import { selectClassName } from "@/components/forms/native-select";
import { EmiFigures, useDebouncedEmi } from "@/components/loans/emi-figures";
import { ProductOptions } from "@/components/loans/product-options";
import { useProductFromAddress } from "@/components/loans/use-product-from-address";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

type Range = { min: number; max: number };

/** What the calculator needs to know about a loan product (ranges are null for the built-in fallback). */
export type CalculatorProduct = {
  key: LoanType;
  title: string;
  annualRate: number;
  amount: Range | null;
  tenure: Range | null;
};

/** The fixed tenures that fall inside the product's range; all of them if none does (or no range is known). */
function tenureChoicesFor(product: CalculatorProduct | null): readonly number[] {
  const inRange = product?.tenure ? tenuresWithin(product.tenure.min, product.tenure.max) : [];
  return inRange.length > 0 ? inRange : TENURE_OPTIONS;
}

export function EmiCalculator({
  products,
}: {
  products: CalculatorProduct[];
}) {
  const t = useTranslations("calculator");
  const locale = useLocale();
  const ids = useId();

  const [typeKey, setTypeKey] = useState<string>("");
  useProductFromAddress(
    products.map((p) => p.key),
    setTypeKey,
  );
  const [amountText, setAmountText] = useState("");
  const [tenureText, setTenureText] = useState("");

  const product = products.find((p) => p.key === typeKey) ?? null;
  const tenureChoices = tenureChoicesFor(product);
  const parsedAmount = parseNumberInput(amountText);
  const amount = parsedAmount !== null && Number.isInteger(parsedAmount) && parsedAmount > 0 ? parsedAmount : null;
  const amountInvalid = amountText.trim() !== "" && amount === null;
  const tenure = tenureText === "" ? null : Number(tenureText);
  const annualRate = product?.annualRate ?? null;
  const result = useDebouncedEmi(
    annualRate !== null && amount !== null && tenure !== null ? { principal: amount, annualRate, months: tenure } : null,
  );
  const outOfRange =
    product?.amount && amount !== null && (amount < product.amount.min || amount > product.amount.max)
      ? product.amount
      : null;

  function changeType(nextKey: string) {
    setTypeKey(nextKey);
    // Keep the chosen tenure if the new product offers it, otherwise move to the nearest one it does.
    const nextProduct = products.find((p) => p.key === nextKey) ?? null;
    const choices = tenureChoicesFor(nextProduct);
    if (tenure !== null && !choices.includes(tenure)) setTenureText(String(closestTenure(choices, tenure) ?? tenure));
  }

  const amountHintId = `${ids}-amount-hint`;

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("formTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="space-y-2">
            <Label htmlFor={`${ids}-type`}>{t("loanType")}</Label>
            <select
              id={`${ids}-type`}
              data-testid="calc-loan-type"
              className={selectClassName}
              value={typeKey}
              onChange={(event) => changeType(event.target.value)}
            >
              <ProductOptions products={products} placeholder={t("loanTypePlaceholder")} />
            </select>
          </div>

          <div className="space-y-2">
            <Label htmlFor={`${ids}-amount`}>{t("amount")}</Label>
            <Input
              id={`${ids}-amount`}
              data-testid="calc-amount"
              className="h-10"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={t("amountPlaceholder")}
              value={amountText}
              onChange={(event) => setAmountText(event.target.value)}
              aria-invalid={amountInvalid || outOfRange !== null || undefined}
              aria-describedby={amountHintId}
            />
            <p
              id={amountHintId}
              data-testid="calc-amount-hint"
              aria-live="polite"
              className={cn(
                "min-h-5 text-sm",
                amountInvalid || outOfRange ? "text-destructive" : "text-muted-foreground",
              )}
            >
              {amountInvalid
                ? t("amountInvalid")
                : outOfRange && product
                  ? t("amountOutOfRange", {
                      product: product.title,
                      min: formatTaka(outOfRange.min, locale),
                      max: formatTaka(outOfRange.max, locale),
                    })
                  : product?.amount
                    ? t("amountRange", {
                        min: formatTaka(product.amount.min, locale),
                        max: formatTaka(product.amount.max, locale),
                      })
                    : null}
            </p>
          </div>

          <div className="space-y-2">
            <Label htmlFor={`${ids}-tenure`}>{t("tenure")}</Label>
            <select
              id={`${ids}-tenure`}
              data-testid="calc-tenure"
              className={selectClassName}
              value={tenureText}
              onChange={(event) => setTenureText(event.target.value)}
            >
              <option value="" disabled>
                {t("tenurePlaceholder")}
              </option>
              {tenureChoices.map((months) => (
                <option key={months} value={months}>
                  {t("tenureOption", { months: formatNumber(months, locale) })}
                </option>
              ))}
            </select>
          </div>
        </CardContent>
      </Card>

      <Card className="bg-secondary/60 border-primary/20">
        <CardHeader>
          <CardTitle className="text-lg">{t("resultTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <EmiFigures
            result={result}
            annualRate={annualRate}
            locale={locale}
            labels={{
              emi: t("emi"),
              totalPayable: t("totalPayable"),
              totalInterest: t("totalInterest"),
              rate: t("interestRate"),
              effectiveRate: t("effectiveRate"),
            }}
            testIdPrefix="calc"
            large
          />
          <p className="text-muted-foreground text-sm">{result ? t("disclaimer") : t("incomplete")}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button asChild className="h-10 sm:flex-1">
              <Link
                href={applyHref({ loanType: product?.key, amount: amount !== null ? String(amount) : undefined, tenure: tenure !== null ? String(tenure) : undefined }, locale as Locale)}
                data-testid="calc-apply"
              >
                {t("apply")}
              </Link>
            </Button>
            <Button asChild variant="outline" className="h-10 sm:flex-1">
              <Link href={localizedPath("/loans", locale as Locale)}>{t("viewProducts")}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
