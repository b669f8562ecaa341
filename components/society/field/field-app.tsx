"use client";

import { useLiveQuery } from "dexie-react-hooks";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import { cashInHand, heldCash, memberRows, recordedCash, type MemberRow } from "@/lib/society/field/outbox";
import { membersCollectedTwice } from "@/lib/society/field/collected-twice";
import type { FieldSheet } from "@/lib/society/field/queries";
import { WorkerSelect } from "@/components/society/worker-select";
import { FieldHeader } from "./field-header";
import { MemberList } from "./member-list";
import { AttentionList, DayClose, loadFormParts, RecordDialog } from "./lazy-parts";
import { SyncStatus } from "./sync-status";
import { keepAppShell } from "@/components/pwa/keep-app-shell";
import { SERVICE_WORKER_SCOPE } from "@/lib/society/field/app-shell";
import { accountEntries, fieldDb, lastSyncKey, recordCollection, sheetKey } from "./store";
import { refreshSheet, syncOutbox, type WireProblem } from "./sync";
import { useOnline } from "@/components/pwa/use-online";

const EMPTY: never[] = [];

/**
 * The field screen, made for a 360 px phone and one thumb. Everything it shows comes from IndexedDB (the last
 * sheet the server sent, and the outbox), so it works the same with or without a signal; the network only
 * refreshes the sheet and empties the outbox, on opening, when the signal returns, after each collection, and on
 * "Sync now".
 */
export function FieldApp({ accountId, societyId, societyName, admin, otherLocale, otherLocaleLabel }: { accountId: string; societyId: string; societyName: string; admin: boolean; otherLocale: Locale; otherLocaleLabel: string }) {
  const t = useTranslations("field");
  const locale = useLocale() as Locale;
  const online = useOnline();
  const [chosenWorker, setChosenWorker] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<WireProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shellKept, setShellKept] = useState(false);
  const [recording, setRecording] = useState<MemberRow | null>(null);
  const today = dhakaToday();

  const stored = useLiveQuery(() => fieldDb.sheets.get(sheetKey(accountId, societyId, admin ? chosenWorker : null)), [accountId, societyId, admin, chosenWorker]);
  const outbox = useLiveQuery(() => accountEntries(accountId, societyId).toArray(), [accountId, societyId]) ?? EMPTY;
  const lastSync = useLiveQuery(() => fieldDb.meta.get(lastSyncKey(societyId)), [societyId]);

  const sheet: FieldSheet | undefined = stored?.sheet;
  const worker = sheet?.worker ?? null;
  const isToday = sheet?.date === today;
  const todaySheet = useMemo(
    // Flagged: as the server says, and what the phone itself sees collected twice since (merged receipts).
    () => (sheet ? { ...sheet, collections: isToday ? sheet.collections : [], flagged: isToday ? [...new Set([...sheet.flagged, ...membersCollectedTwice(sheet.collections)])] : [] } : null),
    [sheet, isToday],
  );
  const mine = useMemo(() => outbox.filter((e) => worker && e.workerId === worker.id && e.date === today), [outbox, worker, today]);
  const rows = useMemo(() => (todaySheet ? memberRows(todaySheet, mine) : []), [todaySheet, mine]);
  const waiting = outbox.filter((e) => e.state === "waiting").length;
  const attention = outbox.filter((e) => e.state === "attention");

  // One sync at a time from this screen; a request made meanwhile (a new collection, a resend, another worker
  // chosen) runs once more when the current one ends, so nothing waits for the next trigger.
  const running = useRef(false);
  const again = useRef<{ report: boolean } | null>(null);
  const sync = useCallback(
    async (options: { report?: boolean } = {}) => {
      if (!navigator.onLine) return;
      if (running.current) {
        again.current = { report: (again.current?.report ?? false) || !!options.report };
        return;
      }
      running.current = true;
      setBusy(true);
      try {
        let next: { report: boolean } | null = { report: !!options.report };
        while (next) {
          again.current = null;
          const report = await syncOutbox(accountId, societyId, next);
          const fresh = await refreshSheet(accountId, societyId, admin ? chosenWorker : null);
          setProblem(!report.ok ? report.problem : !fresh.ok ? fresh.problem : null);
          if (report.ok && report.recorded + report.refused > 0) setNotice(t("synced", { recorded: report.recorded }));
          next = again.current;
        }
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [accountId, societyId, admin, chosenWorker, t],
  );

  // Opening the screen (or choosing another worker): keep the shell for offline starts, then sync; and again
  // whenever the signal returns.
  // Kept means ready to open offline: the shell and the form parts loaded apart (fetched here, so the service worker
  // keeps them) are both in the phone's cache.
  useEffect(() => {
    void Promise.all([keepAppShell(SERVICE_WORKER_SCOPE), loadFormParts()]).then(([kept]) => setShellKept(kept), () => setShellKept(false));
  }, []);
  useEffect(() => {
    const start = setTimeout(() => void sync(), 0);
    const reconnected = () => void sync();
    window.addEventListener("online", reconnected);
    return () => {
      clearTimeout(start);
      window.removeEventListener("online", reconnected);
    };
  }, [sync]);

  const saveCollection = async (row: MemberRow, amounts: { installment: number; savings: number }) => {
    if (!worker) return;
    await recordCollection({ accountId, societyId, workerId: worker.id, memberId: row.id, memberName: row.name, date: today, ...amounts });
    setRecording(null);
    setNotice(t("record.saved", { amount: formatTaka(amounts.installment + amounts.savings, locale), member: row.name }));
    if (navigator.onLine) void sync();
  };

  const cash = todaySheet ? cashInHand(todaySheet, mine) : 0;
  const held = heldCash(mine);
  const paid = rows.filter((r) => r.status !== "due").length;
  const left = rows.filter((r) => r.status === "due").reduce((sum, r) => sum + r.installment + r.savings, 0);

  return (
    <div className="min-h-dvh bg-muted/30 pb-10" data-testid="field-app" data-shell-kept={shellKept ? "true" : "false"}>
      <FieldHeader accountId={accountId} societyId={societyId} societyName={societyName} online={online} otherLocale={otherLocale} otherLocaleLabel={otherLocaleLabel} />
      <main className="mx-auto max-w-xl space-y-3 px-3 py-3">
        <SyncStatus
          waiting={waiting}
          lastSync={lastSync?.value ?? null}
          busy={busy}
          online={online}
          problem={online ? problem : "offline"}
          notice={notice}
          onSync={() => void sync({ report: true })}
        />
        {admin && sheet && sheet.workers.length > 0 ? (
          <WorkerChoice workers={sheet.workers} value={chosenWorker ?? worker?.id ?? ""} onChange={setChosenWorker} />
        ) : null}
        {attention.length > 0 ? <AttentionList entries={attention} onResent={() => void sync()} onDiscarded={() => void sync({ report: true })} /> : null}
        {!sheet ? (
          <p className="rounded-lg border bg-background p-4 text-sm" data-testid="field-no-sheet">
            {t("noSheet")}
          </p>
        ) : (
          <>
            {!isToday ? (
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" role="status">
                {t("staleSheet", { date: formatCalendarDate(sheet.date, locale) })}
              </p>
            ) : null}
            <section className="grid grid-cols-2 gap-2" aria-label={t("cashInHand")}>
              <div className="rounded-lg border bg-background p-3">
                <p className="text-xs text-muted-foreground">{t("cashInHand")}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid="field-cash">
                  {formatTaka(cash, locale)}
                </p>
                {held > 0 ? (
                  <p className="text-sm font-medium text-red-800" data-testid="field-cash-held" title={t("heldHint")}>
                    {t("held", { amount: formatTaka(held, locale) })}
                  </p>
                ) : null}
                <p className="text-xs text-muted-foreground">{t("cashInHandHint")}</p>
              </div>
              <div className="rounded-lg border bg-background p-3">
                <p className="text-xs text-muted-foreground">{t("sheetDate", { date: formatCalendarDate(sheet.date, locale) })}</p>
                <p className="text-sm font-medium" data-testid="field-progress">
                  {t("progress", { paid: formatNumber(paid, locale), total: formatNumber(rows.length, locale) })}
                </p>
                <p className="text-xs text-muted-foreground">{t("left", { amount: formatTaka(left, locale) })}</p>
              </div>
            </section>
            {worker ? <MemberList rows={rows} onOpen={setRecording} /> : null}
            {worker && rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("noMembers")}</p> : null}
            {worker && isToday ? (
              <DayClose
                societyId={societyId}
                date={today}
                recorded={todaySheet ? recordedCash(todaySheet) : 0}
                handedOver={sheet.handedOver ?? sheet.handover?.expected ?? 0}
                heldBack={held}
                waiting={mine.filter((e) => e.state === "waiting").length}
                handover={sheet.handover}
                ownSheet={!admin || !chosenWorker}
                onDone={() => void sync()}
              />
            ) : null}
          </>
        )}
      </main>
      {recording && sheet ? (
        <RecordDialog
          row={recording}
          society={sheet.society.name}
          waiting={mine.filter((e) => e.memberId === recording.id)}
          collections={(todaySheet?.collections ?? []).filter((c) => c.memberId === recording.id)}
          onSave={(amounts) => saveCollection(recording, amounts)}
          onClose={() => setRecording(null)}
        />
      ) : null}
    </div>
  );
}

function WorkerChoice({ workers, value, onChange }: { workers: FieldSheet["workers"]; value: string; onChange: (id: string | null) => void }) {
  const t = useTranslations("field");
  return (
    <label className="block space-y-1 text-sm">
      <span className="font-medium">{t("worker")}</span>
      <WorkerSelect workers={workers} placeholder={t("chooseWorker")} value={value} onChange={(e) => onChange(e.target.value || null)} className="h-11 w-full rounded-md border bg-background px-3" data-testid="field-worker" />
    </label>
  );
}
