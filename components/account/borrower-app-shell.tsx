"use client";

import { WifiOff } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { keepAppShell } from "@/components/pwa/keep-app-shell";
import { useOnline } from "@/components/pwa/use-online";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";

/**
 * The borrower's page as an app: keeps this page (the last one seen) for starts with no network, and, when there is
 * none, says that what shows is what she saw at the time the page was made.
 */
export function BorrowerAppShell({ scope, renderedAt }: { scope: string; renderedAt: string | null }) {
  const t = useTranslations("account.offline");
  const locale = useLocale() as Locale;
  const online = useOnline();
  useEffect(() => {
    keepAppShell(scope).catch(() => false);
  }, [scope]);
  if (online || !renderedAt) return null;
  return (
    <Alert role="status" className="mb-4 border-amber-300 bg-amber-50" data-testid="account-offline">
      <WifiOff aria-hidden />
      <AlertDescription>{t("notice", { time: formatDateTime(renderedAt, locale) })}</AlertDescription>
    </Alert>
  );
}
