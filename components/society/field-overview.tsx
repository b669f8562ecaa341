import { Smartphone } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatDateTime, formatNumber, formatTaka } from "@/lib/format";
import type { FieldOverview } from "@/lib/society/field/queries";
import { FIELD_DEVICE_STALE_MS } from "@/lib/society/field/schemas";
import { ConfirmHandoverButton, DecideMovedEntryButtons, ReceiveWorkerCash, WorkerAccountSelect } from "./field-overview-controls";

/**
 * The dashboard's field app card: each worker's linked account (an admin links it), last sync and entries still on
 * phones as the phones last reported, and the cash hand-overs an admin has yet to confirm.
 */
export async function FieldOverviewCard({ societyId, data, isAdmin }: { societyId: string; data: FieldOverview; isAdmin: boolean }) {
  const [t, locale] = await Promise.all([getTranslations("society.fieldOverview"), getLocale() as Promise<Locale>]);
  const unconfirmed = data.handovers.reduce((sum, h) => sum + h.counted, 0);
  // What the books hold with workers: cash not handed over, and cash handed over that waits for confirmation.
  const withWorkers = data.workers.reduce((sum, w) => sum + w.cashHeld, 0) + unconfirmed;
  return (
    <Card className="gap-3 py-4" data-testid="field-overview">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Smartphone aria-hidden className="size-4" />
          {t("title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 px-4 text-sm">
        {data.workers.length === 0 ? <p className="text-muted-foreground">{t("noWorkers")}</p> : null}
        <ul className="divide-y">
          {data.workers.map((w) => (
            <li key={w.id} className="grid gap-1 py-2 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="field-overview-worker" data-worker={w.code}>
              <div className="min-w-0">
                <p className="font-medium">
                  {w.code} · {w.name}
                </p>
                <p className="text-xs text-muted-foreground" data-testid="field-overview-sync">
                  {w.lastSyncAt ? t("lastSync", { time: formatDateTime(w.lastSyncAt, locale) }) : t("neverSynced")}
                  {" · "}
                  <span data-testid="field-overview-on-phones" data-count={w.onPhones}>
                    {t("onPhones", { count: formatNumber(w.onPhones, locale) })}
                  </span>
                  {w.onStalePhones > 0 ? (
                    <span data-testid="field-overview-stale-phones" data-count={w.onStalePhones}>
                      {" · "}
                      {t("onStalePhones", { count: formatNumber(w.onStalePhones, locale), days: formatNumber(FIELD_DEVICE_STALE_MS / 86_400_000, locale) })}
                    </span>
                  ) : null}
                  {" · "}
                  <span className="whitespace-nowrap" data-testid="field-overview-held" data-amount={w.cashHeld}>
                    {t("holds", { amount: formatTaka(w.cashHeld, locale) })}
                  </span>
                </p>
              </div>
              {isAdmin ? (
                <div className="flex flex-wrap items-start gap-2">
                  <WorkerAccountSelect societyId={societyId} workerId={w.id} value={w.account?.id ?? ""} accounts={data.accounts} label={t("account", { worker: w.name })} none={t("noAccount")} />
                  <ReceiveWorkerCash societyId={societyId} workerId={w.id} workerName={w.name} held={w.cashHeld} locale={locale} />
                </div>
              ) : (
                <p className="text-xs">{w.account ? w.account.name : t("noAccount")}</p>
              )}
            </li>
          ))}
        </ul>
        <p className="font-semibold">
          {t("withWorkers")}:{" "}
          <span className="whitespace-nowrap tabular-nums" data-testid="field-overview-with-workers">
            {formatTaka(withWorkers, locale)}
          </span>
        </p>
        {data.movedEntries.length > 0 ? (
          <div className="space-y-2" data-testid="field-moved-entries">
            <h3 className="font-semibold">{t("movedTitle")}</h3>
            <p className="text-xs text-muted-foreground">{t("movedHint")}</p>
            <ul className="space-y-2">
              {data.movedEntries.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2" data-testid="field-moved-entry">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium tabular-nums">{formatTaka(m.installment + m.savings, locale)}</p>
                    <p className="text-xs">
                      {t("movedLine", { member: `${m.member.name} (${m.member.memberCode})`, from: `${m.fromWorker.code} · ${m.fromWorker.name}`, to: `${m.toWorker.code} · ${m.toWorker.name}`, date: formatCalendarDate(m.date, locale) })}
                    </p>
                  </div>
                  {isAdmin ? <DecideMovedEntryButtons societyId={societyId} movedEntryId={m.id} /> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="space-y-2">
          <h3 className="font-semibold">
            {t("unconfirmed")}: <span className="tabular-nums" data-testid="field-overview-unconfirmed">{formatTaka(unconfirmed, locale)}</span>
          </h3>
          {data.handovers.length === 0 ? <p className="text-muted-foreground">{t("allConfirmed")}</p> : null}
          <ul className="space-y-2">
            {data.handovers.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-2 rounded-md border p-2" data-testid="field-handover">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {h.worker.code} · {h.worker.name} · {formatCalendarDate(h.date, locale)}
                  </p>
                  <p className="text-xs">
                    {t("expectedCounted", { expected: formatTaka(h.expected, locale), counted: formatTaka(h.counted, locale) })}
                    {h.counted !== h.expected ? ` · ${t("difference", { amount: formatTaka(h.counted - h.expected, locale) })}` : null}
                  </p>
                  {h.note ? <p className="text-xs text-muted-foreground">{h.note}</p> : null}
                </div>
                {isAdmin ? <ConfirmHandoverButton societyId={societyId} handoverId={h.id} /> : null}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
