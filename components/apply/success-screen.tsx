"use client";

import { CheckCircle2, Home, PlusCircle, Search } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

/** Shown after a stored submission: the application ID, home, status lookup, and a fresh start. */
export function SuccessScreen({ applicationId, onNewApplication }: { applicationId: string; onNewApplication: () => void }) {
  const t = useTranslations("apply.success");
  const locale = useLocale() as Locale;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Card className="mx-auto max-w-xl text-center" data-testid="apply-success">
      <CardContent className="flex flex-col items-center gap-4">
        <CheckCircle2 className="size-14 text-emerald-600" aria-hidden />
        <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          {t("title")}
        </h2>
        <p className="text-muted-foreground">{t("text")}</p>
        <div className="bg-secondary w-full rounded-lg p-4">
          <p className="text-muted-foreground text-sm">{t("idLabel")}</p>
          {/* Kept in ASCII digits: it is a reference people type into /status or read out on the phone. */}
          <p
            data-testid="application-id"
            className="text-primary mt-1 font-mono text-xl font-bold break-all select-all sm:text-2xl sm:tracking-wider"
          >
            {applicationId}
          </p>
        </div>
        <p className="text-muted-foreground text-sm">{t("keepId")}</p>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild variant="outline" className="h-10">
            <Link href={localizedPath("/", locale)}>
              <Home aria-hidden />
              {t("home")}
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-10">
            <Link href={localizedPath(`/status?id=${encodeURIComponent(applicationId)}`, locale)} data-testid="apply-check-status">
              <Search aria-hidden />
              {t("checkStatus")}
            </Link>
          </Button>
          <Button type="button" className="h-10" data-testid="apply-new-application" onClick={onNewApplication}>
            <PlusCircle aria-hidden />
            {t("newApplication")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
