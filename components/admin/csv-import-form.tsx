"use client";

import { Loader2, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import type { ActionError, ActionResult } from "@/lib/auth/action-result";

/** What an import answers: rows added, rows already there, rows refused with their line and reason. */
export type CsvImportSummary = { added: number; alreadyListed: number; errors: { line: number; field: string; error: string }[] };

/** Screens whose messages have the import texts under `import.*` (help, choose, tooLarge, summary, lineError, fields, errors). */
type ImportNamespace = "adminBlacklist" | "adminCalendar" | "adminOffices";

/**
 * A CSV import of a settings list: the file is read in the browser and its text sent to `action`, which parses and
 * checks every row with the list's form schema; the summary says what was added and which lines were refused, why.
 */
export function CsvImportForm({
  namespace,
  action,
  maxBytes,
  testId,
}: {
  namespace: ImportNamespace;
  action: (input: { csv: string }) => Promise<ActionResult<CsvImportSummary>>;
  maxBytes: number;
  testId: string;
}) {
  // The two namespaces share the import texts' shape; one of them types the keys.
  const t = useTranslations(namespace) as unknown as ReturnType<typeof useTranslations<"adminBlacklist">>;
  const tv = useTranslations("validation");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<CsvImportSummary | null>(null);

  const onFile = (file: File | undefined) => {
    setSummary(null);
    setError(null);
    setProblem(null);
    if (!file) return;
    if (file.size > maxBytes) return setProblem(t("import.tooLarge"));
    startTransition(async () => {
      const result = await action({ csv: await file.text() });
      if (!result.ok) {
        if (result.error.reason && t.has(`import.errors.${result.error.reason}` as "import.errors.badHeader")) return setProblem(t(`import.errors.${result.error.reason}` as "import.errors.badHeader"));
        return setError(result.error);
      }
      setSummary(result.data);
      router.refresh();
    });
  };

  return (
    <div className="space-y-3" data-testid={testId}>
      <p className="text-sm text-muted-foreground">{t.rich("import.help", { code: (chunks) => <code className="font-mono text-xs">{chunks}</code> })}</p>
      <label className="inline-flex cursor-pointer items-center gap-2">
        <span className="sr-only">{t("import.choose")}</span>
        <Input type="file" accept=".csv,text/csv" disabled={pending} onChange={(event) => onFile(event.target.files?.[0])} data-testid={`${testId}-file`} className="max-w-xs" />
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload className="size-4 text-muted-foreground" aria-hidden />}
      </label>
      <ActionErrorAlert error={error} />
      {problem ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}
      {summary ? (
        <Alert role="status" data-testid={`${testId}-summary`}>
          <AlertDescription>
            <p>{t("import.summary", { added: summary.added, already: summary.alreadyListed, refused: summary.errors.length })}</p>
            {summary.errors.length > 0 ? (
              <ul className="mt-1 list-disc pl-5 text-xs">
                {summary.errors.slice(0, 20).map((e) => (
                  <li key={`${e.line}-${e.field}`}>
                    {t("import.lineError", { line: e.line, field: t(`import.fields.${e.field}` as "import.fields.row"), error: tv(e.error as "required") })}
                  </li>
                ))}
              </ul>
            ) : null}
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
