"use client";

import { Languages } from "@/components/icons";
import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { localeCookie, type Locale } from "@/i18n/config";
import { isPublicPagePath, pathInLocale, splitLocalePrefix } from "@/i18n/paths";

/**
 * Shows the other language's name, written in that language; the choice is stored in the
 * NEXT_LOCALE cookie, written here (i18n/config.ts localeCookie). A public page then opens its address in that language
 * (/loans ↔ /en/loans); a signed-in page, which has one address, re-renders on the server.
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
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();

  return (
    <button
      type="button"
      data-testid={testId}
      aria-busy={pending || undefined}
      disabled={pending}
      className={className}
      onClick={() =>
        startTransition(() => {
          document.cookie = localeCookie(targetLocale);
          if (isPublicPagePath(splitLocalePrefix(pathname).rest)) router.push(`${pathInLocale(pathname, targetLocale)}${window.location.search}`);
          else router.refresh();
        })
      }
    >
      <Languages aria-hidden className="hidden sm:block" />
      <span lang={targetLocale}>{label}</span>
    </button>
  );
}
