import { buttonVariants } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { cn } from "@/lib/utils";
import { LanguageToggleButton } from "./language-toggle-button";

/** The language switch of every header: an outline button naming the other language. */
export function LanguageToggle({
  targetLocale,
  label,
  className,
  testId = "language-toggle",
}: {
  targetLocale: Locale;
  label: string;
  className?: string;
  testId?: string;
}) {
  return (
    <LanguageToggleButton
      targetLocale={targetLocale}
      label={label}
      testId={testId}
      className={cn(buttonVariants({ variant: "outline", size: "sm" }), "gap-1.5 px-2.5", className)}
    />
  );
}
