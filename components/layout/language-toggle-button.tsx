"use client";

import { Languages } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { Locale } from "@/i18n/config";
import { setLocale } from "@/i18n/actions";

/**
 * Shows the other language's name, written in that language; the choice is stored in the
 * NEXT_LOCALE cookie by the setLocale server action and the page re-renders on the server.
 * Its classes come from LanguageToggle, so no class-merging library reaches the browser.
 */
export function LanguageToggleButton({
  targetLocale,
  label,
  className,
  testId,
}: {
  targetLocale: Locale;
  label: string;
  className: string;
  testId: string;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  return (
    <button
      type="button"
      data-testid={testId}
      aria-busy={pending || undefined}
      disabled={pending}
      className={className}
      onClick={() =>
        startTransition(async () => {
          await setLocale(targetLocale);
          router.refresh();
        })
      }
    >
      <Languages aria-hidden className="hidden sm:block" />
      <span lang={targetLocale}>{label}</span>
    </button>
  );
}
