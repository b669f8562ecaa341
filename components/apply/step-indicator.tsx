"use client";

import { Check } from "@/components/icons";
import { useLocale, useTranslations } from "next-intl";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

export const STEP_KEYS = ["loanDetails", "personalInfo", "employmentInfo", "review"] as const;
export const STEP_COUNT = STEP_KEYS.length;
export type Step = 1 | 2 | 3 | 4;

/** Progress bar plus the four step titles (all on wide screens, numbered dots with the current title on phones). */
export function StepIndicator({ step }: { step: Step }) {
  const t = useTranslations("apply");
  const locale = useLocale();
  const percent = (step / STEP_COUNT) * 100;
  return (
    <div className="space-y-3" data-testid="apply-steps">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-medium" data-testid="apply-step-counter">
          {t("stepOf", { current: formatNumber(step, locale), total: formatNumber(STEP_COUNT, locale) })}
        </p>
        <p className="text-muted-foreground sm:hidden">{t(`steps.${STEP_KEYS[step - 1]!}`)}</p>
      </div>
      {/* The shadcn Progress's look without its Radix primitive, which /apply's first load cannot afford. */}
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("progressLabel")}
        data-testid="apply-progress"
        className="bg-primary/20 relative h-2 w-full overflow-hidden rounded-full"
      >
        <div className="bg-primary h-full w-full transition-all" style={{ transform: `translateX(-${100 - percent}%)` }} />
      </div>
      <ol className="grid grid-cols-4 gap-2">
        {STEP_KEYS.map((key, index) => {
          const number = index + 1;
          const state = number < step ? "done" : number === step ? "current" : "upcoming";
          return (
            <li
              key={key}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-start"
            >
              <span
                className={cn(
                  "flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
                  state === "done" && "bg-primary border-primary text-primary-foreground",
                  state === "current" && "border-primary text-primary ring-primary/20 ring-4",
                  state === "upcoming" && "text-muted-foreground",
                )}
              >
                {state === "done" ? <Check className="size-4" aria-hidden /> : formatNumber(number, locale)}
              </span>
              <span
                className={cn(
                  "sr-only text-xs leading-tight sm:not-sr-only sm:block",
                  state === "current" ? "font-semibold" : "text-muted-foreground",
                )}
              >
                {t(`steps.${key}`)}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
