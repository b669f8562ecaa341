"use client";

import { Languages } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { setLocale } from "@/i18n/actions";
import { cn } from "@/lib/utils";

/**
 * Shows the other language's name, written in that language; the choice is stored in the
 * NEXT_LOCALE cookie by the setLocale server action and the page re-renders on the server.
 */
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
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      data-testid={testId}
      aria-busy={pending || undefined}
      disabled={pending}
      className={cn("gap-1.5 px-2.5", className)}
      onClick={() =>
        startTransition(async () => {
          await setLocale(targetLocale);
          router.refresh();
        })
      }
    >
      <Languages aria-hidden className="hidden sm:block" />
      <span lang={targetLocale}>{label}</span>
    </Button>
  );
}
