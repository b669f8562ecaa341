"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type Notice = { tone: "success" | "error"; title?: string; text: string };
type ShownNotice = Notice & { id: number };

/** How long a notice stays before it goes by itself (long enough to read a sentence twice). */
const NOTICE_LIFETIME_MS = 8_000;
const MAX_NOTICES = 3;

// One list for the page: a table row may vanish on the refresh that follows its decision (another status
// filter, another page), so its outcome is announced here rather than inside the row.
let notices: ShownNotice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: ShownNotice[] = [];

function publish(next: ShownNotice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

export function announceNotice(notice: Notice): void {
  publish([...notices, { ...notice, id: nextId++ }].slice(-MAX_NOTICES));
}

function dismiss(id: number) {
  publish(notices.filter((n) => n.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One decision's outcome: the spec's toast as an inline alert (role="status" announces it). */
export function NoticeAlert({ notice, onDismiss, className }: { notice: Notice; onDismiss?: () => void; className?: string }) {
  const t = useTranslations("adminCommon");
  return (
    <Alert variant={notice.tone === "error" ? "destructive" : "default"} role="status" data-testid="decision-notice" className={className}>
      {notice.title ? <AlertTitle>{notice.title}</AlertTitle> : null}
      <AlertDescription>{notice.text}</AlertDescription>
      {onDismiss ? (
        <Button type="button" variant="ghost" size="icon" className="absolute top-1 right-1 size-7" onClick={onDismiss} aria-label={t("dismiss")}>
          <X aria-hidden />
        </Button>
      ) : null}
    </Alert>
  );
}

function TimedNotice({ notice }: { notice: ShownNotice }) {
  useEffect(() => {
    const timer = setTimeout(() => dismiss(notice.id), NOTICE_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  return <NoticeAlert notice={notice} onDismiss={() => dismiss(notice.id)} className="bg-background pr-10 shadow-lg" />;
}

/** Where the table rows' decisions report back: bottom of the screen, full width on a phone. */
export function NoticeRegion() {
  const shown = useSyncExternalStore(subscribe, () => notices, () => EMPTY);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col gap-2 sm:left-auto sm:w-96">
      {shown.map((notice) => (
        <div key={notice.id} className="pointer-events-auto">
          <TimedNotice notice={notice} />
        </div>
      ))}
    </div>
  );
}
