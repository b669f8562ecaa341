"use client";

import { CircleHelp, Download, LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { LanguageToggle } from "@/components/layout/language-toggle";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { FIELD_GUIDE_PATH, societyHref } from "@/lib/society/tabs";
import { signOutStaff } from "@/lib/auth/sign-in-actions";
import { clearFieldDataBeforeSignOut } from "./phone-data";

/** Chrome's install prompt, kept until the worker taps "Install app" (not in TypeScript's DOM types). */
type InstallPromptEvent = Event & { prompt: () => Promise<void> };

/** The field screen's header: society, online state, install, the guide, language and sign-out (which clears the phone's copy). */
export function FieldHeader({ accountId, societyId, societyName, online, otherLocale, otherLocaleLabel }: { accountId: string; societyId: string; societyName: string; online: boolean; otherLocale: Locale; otherLocaleLabel: string }) {
  const t = useTranslations("field");
  const [install, setInstall] = useState<InstallPromptEvent | null>(null);
  // Offline, the other language cannot be fetched: the switch says so instead of doing nothing.
  const [languageAsked, setLanguageAsked] = useState(false);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const offer = (event: Event) => {
      event.preventDefault();
      setInstall(event as InstallPromptEvent);
    };
    window.addEventListener("beforeinstallprompt", offer);
    return () => window.removeEventListener("beforeinstallprompt", offer);
  }, []);

  const signOut = () =>
    startTransition(async () => {
      // Imported statically here: the field app's own files are in the service worker's cache.
      if (await clearFieldDataBeforeSignOut(accountId, () => window.confirm(t("signOut.discard")))) await signOutStaff();
    });

  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-xl items-center gap-2 px-3 py-2">
        <div className="min-w-0 flex-1">
          {/* A plain link: the society screen loads as its own page (and with its own security policy). */}
          <a href={societyHref(societyId, "dashboard")} className="block truncate text-xs text-muted-foreground hover:underline">
            {societyName}
          </a>
          <h1 className="text-base font-bold">{t("title")}</h1>
        </div>
        <Badge variant={online ? "secondary" : "outline"} data-testid="field-online" data-online={online ? "true" : "false"}>
          {online ? t("online") : t("offline")}
        </Badge>
        {install ? (
          <Button type="button" size="sm" onClick={() => void install.prompt().finally(() => setInstall(null))} data-testid="field-install">
            <Download aria-hidden />
            <span className="sr-only sm:not-sr-only">{t("install")}</span>
          </Button>
        ) : null}
        {/* A plain link, like the society screen's: the guide is a page of its own (it needs the network). */}
        <a href={FIELD_GUIDE_PATH} className={buttonVariants({ variant: "ghost", size: "icon-sm" })} title={t("guide")} data-testid="field-guide-link">
          <CircleHelp aria-hidden />
          <span className="sr-only">{t("guide")}</span>
        </a>
        {online ? (
          <LanguageToggle targetLocale={otherLocale} label={otherLocaleLabel} />
        ) : (
          <Button type="button" variant="outline" size="sm" className="px-2.5" onClick={() => setLanguageAsked(true)} aria-describedby={languageAsked ? "field-language-offline" : undefined} data-testid="language-toggle">
            <span lang={otherLocale}>{otherLocaleLabel}</span>
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={signOut} disabled={pending} aria-label={t("signOut.button")} data-testid="field-sign-out">
          <LogOut aria-hidden />
        </Button>
      </div>
      {languageAsked && !online ? (
        <p id="field-language-offline" role="status" className="mx-auto max-w-xl px-3 pb-2 text-sm text-amber-900" data-testid="field-language-offline">
          {t("languageNeedsNetwork")}
        </p>
      ) : null}
    </header>
  );
}
