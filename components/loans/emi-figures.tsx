"use client";

import { useEffect, useState } from "react";
import type { Locale } from "@/i18n/config";
import { formatPercent, formatTaka } from "@/lib/format";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import { calculateEmi, type EmiCalculation } from "@/lib/loans/emi";

/** The spec's 100 ms debounce: typing "50000" computes once, not five times. */
export const RECALCULATE_DELAY_MS = 100;

/**
 * The EMI for complete input, recomputed 100 ms after the last change. Incomplete input (null)
 * hides the figures at once; complete input shows the latest debounced result.
 */
export function useDebouncedEmi(input: { principal: number; annualRate: number; months: number } | null) {
  const [computed, setComputed] = useState<EmiCalculation | null>(null);
  const principal = input?.principal;
  const annualRate = input?.annualRate;
  const months = input?.months;
  useEffect(() => {
    if (principal === undefined || annualRate === undefined || months === undefined) return;
    const timer = setTimeout(() => setComputed(calculateEmi({ principal, annualRate, months })), RECALCULATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [principal, annualRate, months]);
  return input ? computed : null;
}

const DASH = "—";

/** Monthly EMI, total payable, total interest and the rate, or dashes while there is no result. */
export function EmiFigures({
  result,
  annualRate,
  locale,
  labels,
  testIdPrefix,
  large = false,
}: {
  result: EmiCalculation | null;
  annualRate: number | null;
  locale: Locale;
  /** effectiveRate: when given, the effective yearly rate is shown under the rate. */
  labels: { emi: string; totalPayable: string; totalInterest: string; rate: string; effectiveRate?: string };
  /** "calc" on /calculator, "apply-calc" in the wizard: calc-emi, calc-total, calc-interest, calc-rate. */
  testIdPrefix: string;
  large?: boolean;
}) {
  const valueClass = large ? "text-base font-semibold" : "font-semibold";
  return (
    <>
      <div>
        <p className="text-muted-foreground text-sm">{labels.emi}</p>
        <p
          data-testid={`${testIdPrefix}-emi`}
          aria-live="polite"
          className={large ? "text-primary text-3xl font-bold md:text-4xl" : "text-primary text-3xl font-bold"}
        >
          {result ? formatTaka(result.emi, locale) : DASH}
        </p>
      </div>
      <dl className={large ? "grid grid-cols-2 gap-4 text-sm" : "grid grid-cols-2 gap-3 text-sm"}>
        <div>
          <dt className="text-muted-foreground">{labels.totalPayable}</dt>
          <dd data-testid={`${testIdPrefix}-total`} className={valueClass}>
            {result ? formatTaka(result.totalPayable, locale) : DASH}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{labels.totalInterest}</dt>
          <dd data-testid={`${testIdPrefix}-interest`} className={valueClass}>
            {result ? formatTaka(result.totalInterest, locale) : DASH}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted-foreground">{labels.rate}</dt>
          <dd data-testid={`${testIdPrefix}-rate`} className={valueClass}>
            {annualRate !== null ? formatPercent(annualRate, locale) : DASH}
          </dd>
          {labels.effectiveRate && annualRate !== null ? (
            <dd data-testid={`${testIdPrefix}-effective-rate`} className="text-xs text-muted-foreground">
              {labels.effectiveRate}: {formatPercent(effectiveAnnualRate(annualRate), locale)}
            </dd>
          ) : null}
        </div>
      </dl>
    </>
  );
}
