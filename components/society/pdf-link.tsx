"use client";

import { BookOpen, CalendarDays, FileText, FileUser, Loader2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { formatNumber } from "@/lib/format";

/** Each document's icon, by name: a server component cannot hand a component to this client one. */
const PDF_ICONS = { file: FileText, passbook: BookOpen, calendar: CalendarDays, profile: FileUser } as const;

/**
 * Opens a server-made PDF in a new tab. It is a plain link (works without script); with script, the
 * button shows "Preparing…" with the seconds waited while the server renders, instead of a button
 * that seems frozen, and an error message if the PDF could not be made.
 */
export function PdfLink({ href, children, compact, icon = "file", testId }: { href: string; children: ReactNode; compact?: boolean; icon?: keyof typeof PDF_ICONS; testId?: string }) {
  const Icon = PDF_ICONS[icon];
  const t = useTranslations("society.reports");
  const locale = useLocale() as Locale;
  const [seconds, setSeconds] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (seconds !== null) return;
    // Opened now, inside the click, so pop-up blockers allow it; filled when the PDF arrives.
    const tab = window.open("", "_blank");
    setFailed(false);
    setSeconds(0);
    const started = Date.now();
    timer.current = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      if (tab) tab.location.href = url;
      else window.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setFailed(true);
    } finally {
      if (timer.current) clearInterval(timer.current);
      setSeconds(null);
    }
  }

  const busy = seconds !== null;
  return (
    <span className="inline-flex flex-col">
      <Button asChild variant="outline" size={compact ? "icon" : "sm"} aria-busy={busy}>
        <a href={href} target="_blank" rel="noopener" onClick={open} data-testid={testId} aria-label={compact ? String(children) : undefined} title={compact ? String(children) : undefined}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Icon aria-hidden className="size-4" />}
          {compact ? null : busy ? t("preparing", { seconds: formatNumber(seconds, locale) }) : children}
        </a>
      </Button>
      {failed ? (
        <span role="alert" className="mt-1 text-xs text-destructive">
          {t("pdfFailed")}
        </span>
      ) : null}
    </span>
  );
}
