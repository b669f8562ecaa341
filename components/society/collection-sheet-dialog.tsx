"use client";

import { ClipboardList } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/i18n/config";
import { dhakaToday } from "@/lib/format";
import type { ActionError } from "@/lib/auth/action-result";
import { formatNumber, formatTaka, parseNumberInput } from "@/lib/format";
import { loadCollectionSheetAction, saveCollectionSheetAction } from "@/lib/society/actions";
import { collectionSheetSchema } from "@/lib/society/schemas";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { FormDialog } from "./form-dialog";
import { WorkerSelect, type WorkerOption } from "./worker-select";
import { newIdempotencyKey } from "@/lib/idempotency/key";

type Sheet = Extract<Awaited<ReturnType<typeof loadCollectionSheetAction>>, { ok: true }>["data"];
type Entry = { installment: string; savings: string };

const asText = (n: number | null) => (n === null ? "" : String(n));
const amountOf = (text: string) => {
  const n = parseNumberInput(text);
  return n !== null && n > 0 ? n : 0;
};

/**
 * The day's collection sheet for one worker (spec): every active member of the worker with an instalment
 * and a savings input, empty meaning not collected. Saved all or nothing; saving the same worker and day
 * again updates that sheet.
 */
export function CollectionSheetDialog({ societyId, workers, disabled }: { societyId: string; workers: WorkerOption[]; disabled: boolean }) {
  const t = useTranslations("society");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [workerId, setWorkerId] = useState("");
  const [date, setDate] = useState(dhakaToday());
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<ActionError | null>(null);
  // One key per sheet as loaded: a retried save posts once; the next save (a correction) gets a new one.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [loading, startLoading] = useTransition();
  const [saving, startSaving] = useTransition();

  const load = (worker: string, day: string) => {
    setSheet(null);
    setFieldErrors({});
    setError(null);
    if (!worker) return;
    startLoading(async () => {
      const result = await loadCollectionSheetAction(societyId, { workerId: worker, date: day });
      if (!result.ok) return setError(result.error);
      setSheet(result.data);
      setIdempotencyKey(newIdempotencyKey());
      setEntries(Object.fromEntries(result.data.rows.map((r) => [r.id, { installment: asText(r.installment), savings: asText(r.savings) }])));
    });
  };

  const rows = sheet?.rows ?? [];
  const values = { workerId, date, idempotencyKey, rows: rows.map((r) => ({ memberId: r.id, ...(entries[r.id] ?? { installment: "", savings: "" }) })) };
  const total = values.rows.reduce((sum, r) => sum + amountOf(r.installment) + amountOf(r.savings), 0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = collectionSheetSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error));
      return;
    }
    startSaving(async () => {
      const result = await saveCollectionSheetAction(societyId, values);
      if (!result.ok) {
        setFieldErrors(result.error.fieldErrors ?? {});
        return setError(result.error);
      }
      setOpen(false);
      setSheet(null);
      setWorkerId("");
      router.refresh();
    });
  };

  const set = (memberId: string, field: keyof Entry, value: string) => setEntries((e) => ({ ...e, [memberId]: { ...(e[memberId] ?? { installment: "", savings: "" }), [field]: value } }));

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("dialogs.sheet.title")}
      onSubmit={submit}
      pending={saving}
      ready={!loading && !!sheet}
      error={error}
      testId="collection-sheet-form"
      wide
      trigger={
        <Button disabled={disabled} data-testid="open-collection-sheet">
          <ClipboardList aria-hidden />
          {t("collection.sheet")}
        </Button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="sheet-worker">{t("dialogs.sheet.worker")}</Label>
          <WorkerSelect
            id="sheet-worker"
            workers={workers}
            placeholder={t("dialogs.sheet.chooseWorker")}
            value={workerId}
            aria-invalid={!!fieldErrors.workerId}
            onChange={(e) => {
              setWorkerId(e.target.value);
              load(e.target.value, date);
            }}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="sheet-date">{t("dialogs.sheet.date")}</Label>
          <Input
            id="sheet-date"
            type="date"
            max={dhakaToday()}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              load(workerId, e.target.value);
            }}
          />
        </div>
      </div>
      {loading ? <p className="text-sm text-muted-foreground">{t("dialogs.sheet.loading")}</p> : null}
      {sheet?.savedAt ? <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">{t("dialogs.sheet.savedBefore")}</p> : null}
      {sheet && rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("dialogs.sheet.empty")}</p> : null}
      {rows.length > 0 ? (
        <ul className="divide-y rounded-md border" data-testid="sheet-rows">
          {rows.map((r, i) => (
            <li key={r.id} className="grid grid-cols-[1fr_5.5rem_5.5rem] items-center gap-2 px-2 py-2" data-testid="sheet-row">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{r.name}</p>
                <p className="text-xs text-muted-foreground">
                  {r.memberCode} · {t("dialogs.sheet.expected", { amount: formatTaka(r.installmentAmount + r.savingsAmount, locale) })}
                </p>
              </div>
              <Input
                inputMode="numeric"
                aria-label={`${t("dialogs.sheet.installment")}: ${r.name}`}
                placeholder={formatNumber(r.installmentAmount, locale)}
                value={entries[r.id]?.installment ?? ""}
                aria-invalid={!!fieldErrors[`rows.${i}.installment`]}
                onChange={(e) => set(r.id, "installment", e.target.value)}
                data-testid="sheet-installment"
              />
              <Input
                inputMode="numeric"
                aria-label={`${t("dialogs.sheet.savings")}: ${r.name}`}
                placeholder={formatNumber(r.savingsAmount, locale)}
                value={entries[r.id]?.savings ?? ""}
                aria-invalid={!!fieldErrors[`rows.${i}.savings`]}
                onChange={(e) => set(r.id, "savings", e.target.value)}
                data-testid="sheet-savings"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <p className="flex justify-between rounded-md bg-muted p-2 text-sm">
          <span>
            {t("dialogs.sheet.installment")} + {t("dialogs.sheet.savings")}
          </span>
          <strong className="tabular-nums" data-testid="sheet-total">
            {formatTaka(total, locale)}
          </strong>
        </p>
      ) : null}
    </FormDialog>
  );
}
