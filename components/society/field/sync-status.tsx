"use client";

import { CloudOff, RefreshCw } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";
import type { WireProblem } from "./sync";

/** What waits on the phone, when it last synced, what went wrong, and "Sync now". */
export function SyncStatus({
  waiting,
  lastSync,
  busy,
  online,
  problem,
  notice,
  onSync,
}: {
  waiting: number;
  lastSync: string | null;
  busy: boolean;
  online: boolean;
  problem: WireProblem | null;
  notice: string | null;
  onSync: () => void;
}) {
  const t = useTranslations("field");
  const locale = useLocale() as Locale;
  return (
    <section className="space-y-2 rounded-lg border bg-background p-3" aria-live="polite">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className={waiting > 0 ? "font-semibold text-amber-800" : "font-semibold"} data-testid="field-waiting" data-count={waiting}>
            {t("waiting", { count: waiting })}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="field-last-sync">
            {lastSync ? t("lastSync", { time: formatDateTime(lastSync, locale) }) : t("neverSynced")}
          </p>
        </div>
        <Button type="button" size="lg" variant="outline" className="h-11" onClick={onSync} disabled={busy || !online} data-testid="field-sync">
          {online ? <RefreshCw aria-hidden className={busy ? "animate-spin" : undefined} /> : <CloudOff aria-hidden />}
          {busy ? t("syncing") : t("syncNow")}
        </Button>
      </div>
      {problem ? (
        <p className="rounded-md bg-muted p-2 text-sm" role="status" data-testid="field-problem" data-problem={problem}>
          {t(`problems.${problem}`)}
          {problem === "signedOut" ? (
            <>
              {" "}
              <Link className="font-medium underline" href="/admin/login">
                {t("signIn")}
              </Link>
            </>
          ) : null}
        </p>
      ) : notice ? (
        <p className="text-sm text-emerald-800" role="status" data-testid="field-notice">
          {notice}
        </p>
      ) : null}
    </section>
  );
}
