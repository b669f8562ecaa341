"use client";

import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { formatNumber, localizeDigits } from "@/lib/format";
import { BACKUP_MAX_BYTES, backupFileText, checkBackup, planCounts, type BackupProblem } from "@/lib/society/backup/format";
import { societyDownloads } from "@/lib/society/tabs";

type Counts = ReturnType<typeof planCounts>;

/** Problems whose value is a count on the society's books (the others name a record, a code or a name: kept as typed). */
const COUNTED: ReadonlySet<BackupProblem["code"]> = new Set(["withdrawalsMissing", "memberLoansMissing", "handoversMissing", "openingMissing"]);
type State =
  | { step: "idle" }
  | { step: "checking" }
  | { step: "problems"; problems: BackupProblem[] }
  | { step: "preview"; file: File; counts: Counts }
  | { step: "restoring" }
  | { step: "done" }
  | { step: "failed" };

/**
 * Backup restore: read the file here and check it with the server's own checks (preview with counts
 * and every problem, naming the record), confirm "all current data will be replaced", then upload it;
 * the server checks again and replaces everything in one transaction. Society admins only.
 */
export function RestoreBackup({ societyId, isAdmin, current }: { societyId: string; isAdmin: boolean; current: { workers: number; members: number; collections: number } }) {
  const t = useTranslations("society.backup");
  const tSociety = useTranslations("society");
  const locale = useLocale() as Locale;
  const count = (n: number) => formatNumber(n, locale);
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "idle" });
  const [denied, setDenied] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    setState({ step: "checking" });
    if (file.size > BACKUP_MAX_BYTES) {
      setState({ step: "problems", problems: [{ code: "tooLarge" }] });
      return;
    }
    let read: Awaited<ReturnType<typeof backupFileText>>;
    try {
      read = await backupFileText(new Uint8Array(await file.arrayBuffer()));
    } catch {
      read = { ok: false, problems: [{ code: "readError" }] };
    }
    if (!read.ok) {
      setState({ step: "problems", problems: read.problems });
      return;
    }
    const checked = checkBackup(read.text, file.size);
    setState(checked.ok ? { step: "preview", file, counts: planCounts(checked.plan) } : { step: "problems", problems: checked.problems });
  }

  async function restore(file: File) {
    setState({ step: "restoring" });
    try {
      const response = await fetch(societyDownloads.backup(societyId), { method: "POST", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } });
      const outcome = (await response.json().catch(() => null)) as { ok: boolean; problems?: BackupProblem[] } | null;
      if (outcome?.ok) {
        setState({ step: "done" });
        router.refresh();
      } else if (outcome?.problems?.length) setState({ step: "problems", problems: outcome.problems });
      else setState({ step: "failed" });
    } catch {
      setState({ step: "failed" });
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  // Counts, a version and a record's position ("#3") take the screen's digits; ids, codes and names stay as in the file.
  const problemText = (p: BackupProblem) => {
    const value = p.value ?? "";
    const shownValue = COUNTED.has(p.code) && /^\d+$/.test(value) ? count(Number(value)) : p.code === "unsupportedVersion" ? localizeDigits(value, locale) : value;
    const record = p.record === undefined ? "" : /^#\d+$/.test(p.record) ? localizeDigits(p.record, locale) : p.record;
    return t(`problems.${p.code}`, { list: t(`lists.${p.list ?? "society"}`), record, field: p.field ?? "", value: shownValue });
  };

  return (
    <section className="space-y-2 border-t pt-3" aria-labelledby="restore-title" data-testid="restore-backup">
      <p id="restore-title" className="font-medium">
        {t("restoreTitle")}
      </p>
      <p className="text-xs text-muted-foreground">{t("restoreNote")}</p>
      <input ref={input} type="file" accept=".json,.gz,application/json,application/gzip" className="sr-only" id="backup-file" aria-labelledby="restore-title" data-testid="backup-file" onChange={(e) => void choose(e.target.files?.[0])} disabled={!isAdmin} />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={state.step === "checking" || state.step === "restoring"}
        onClick={() => (isAdmin ? input.current?.click() : setDenied(true))}
        data-testid="backup-upload"
      >
        <Upload aria-hidden className="size-4" />
        {state.step === "checking" ? t("checking") : t("chooseFile")}
      </Button>
      {denied && !isAdmin ? (
        <Alert variant="destructive">
          <AlertDescription>{tSociety("adminOnly")}</AlertDescription>
        </Alert>
      ) : null}
      {state.step === "problems" ? (
        <Alert variant="destructive" data-testid="backup-problems">
          <AlertDescription>
            <p className="font-medium">{t("problemsTitle")}</p>
            <ul className="mt-1 list-disc pl-5">
              {state.problems.map((p, i) => (
                <li key={i}>{problemText(p)}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {state.step === "preview" ? (
        <div className="space-y-2 rounded-md border p-3" data-testid="backup-preview">
          <p>{t("preview", { workers: count(state.counts.workers), members: count(state.counts.members), collections: count(state.counts.collections) })}</p>
          <p className="text-xs text-muted-foreground">
            {state.counts.incomeExpenses === null || state.counts.salaries === null
              ? t("previewPrototype")
              : t("previewExtra", { incomeExpenses: count(state.counts.incomeExpenses), salaries: count(state.counts.salaries) })}
          </p>
          <p className="text-xs text-muted-foreground">{t("current", { workers: count(current.workers), members: count(current.members), collections: count(current.collections) })}</p>
          <p className="font-medium text-destructive" role="alert">
            {t("replaceWarning")}
          </p>
          <div className="flex gap-2">
            <Button type="button" variant="destructive" size="sm" onClick={() => void restore(state.file)} data-testid="backup-confirm">
              {t("confirm")}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setState({ step: "idle" })}>
              {t("cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      {state.step === "restoring" ? <p role="status">{t("restoring")}</p> : null}
      {state.step === "done" ? (
        <Alert data-testid="backup-success">
          <AlertDescription>{t("success")}</AlertDescription>
        </Alert>
      ) : null}
      {state.step === "failed" ? (
        <Alert variant="destructive">
          <AlertDescription>{t("failed")}</AlertDescription>
        </Alert>
      ) : null}
    </section>
  );
}
