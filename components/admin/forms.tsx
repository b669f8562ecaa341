"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import type { ActionError, ActionResult } from "@/lib/auth/action-result";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";
import { newIdempotencyKey } from "@/lib/idempotency/key";

/**
 * One labelled field of a back-office form: the control, and the zod message key of its error
 * translated from the "validation" namespace (the same keys the server returns).
 */
export function FormField({ id, label, error, children, hint }: { id: string; label: string; error?: string; hint?: string; children: React.ReactNode }) {
  const t = useTranslations("validation");
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p className="text-sm text-destructive" id={`${id}-error`} role="alert">
          {t(toValidationMessageKey(error))}
        </p>
      ) : null}
    </div>
  );
}

/** Puts the server's field errors on the form (same keys as the client-side schema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed-values type
export function applyServerFieldErrors<V extends FieldValues>(form: UseFormReturn<V, unknown, any>, error: ActionError): void {
  for (const [path, key] of Object.entries(error.fieldErrors ?? {})) {
    form.setError(path as Path<V>, { type: "server", message: key });
  }
}

/**
 * A refused action's message: the specific reason when there is one (a screen may word its own reasons in
 * `<reasonsFrom>.reasons`, else the shared ones of "adminCommon"), else the code's. Field errors stay on their fields.
 */
/** A refusal as a form shows it; `confirm` sends the form again with the person's confirmation (cashBelowZero). */
export type ShownActionError = ActionError & { confirm?: () => void };

export function ActionErrorAlert({ error, title, reasonsFrom }: { error: ShownActionError | null; title?: string; reasonsFrom?: "adminCustomers" | "adminKyc" | "adminOffices" }) {
  const t = useTranslations();
  if (!error) return null;
  const candidates = error.reason ? [...(reasonsFrom ? [`${reasonsFrom}.reasons.${error.reason}`] : []), `adminCommon.reasons.${error.reason}`] : [];
  const key = (candidates.find((k) => t.has(k as "adminCommon.reasons.stale")) ?? `adminCommon.errors.${error.code}`) as "adminCommon.errors.server";
  const values = Object.fromEntries(Object.entries(error.details ?? {}).map(([k, v]) => [k, v ?? ""])) as Record<string, string | number>;
  return (
    <Alert variant="destructive" role="alert" data-testid="action-error" data-reason={error.reason}>
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription>
        {t(key, values)}
        {error.confirm ? (
          <span className="mt-2 flex">
            <Button type="button" size="sm" variant="destructive" onClick={error.confirm} data-testid="confirm-cash-below-zero">
              {t("adminCommon.payAnyway")}
            </Button>
          </span>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * Submits a back-office form through its server action: validates with the form's schema, sends the raw
 * values (the server parses them with the same schema), puts the server's field errors on the form, and
 * tells whether the last submission succeeded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed-values type
export function useActionSubmit<V extends FieldValues, R>(form: UseFormReturn<V, unknown, any>, action: (values: V) => Promise<ActionResult<R>>, onSuccess: (data: R) => void) {
  const [error, setError] = useState<ShownActionError | null>(null);
  const [succeeded, setSucceeded] = useState(false);
  const [pending, startTransition] = useTransition();
  const setField = form.setValue as (name: string, value: string | boolean) => void;
  const onSubmit = form.handleSubmit(() =>
    startTransition(async () => {
      const values = form.getValues();
      const result = await action(values);
      setSucceeded(result.ok);
      if (!result.ok) {
        applyServerFieldErrors(form, result.error);
        // The key was spent on other figures (a submission whose answer never arrived, then an edit): the next try is new.
        if (result.error.reason === "idempotencyKeyReused") setField("idempotencyKey", newIdempotencyKey());
        // A confirmation answers one warning: any refusal asks again next time.
        if ("confirmCashBelowZero" in values) setField("confirmCashBelowZero", false);
        // A payment that would take the society's cash below zero: the same form, sent again once the person confirms.
        if (result.error.reason === "cashBelowZero" && "confirmCashBelowZero" in values) {
          return setError({ ...result.error, confirm: () => (setField("confirmCashBelowZero", true), void onSubmit()) });
        }
        return setError(result.error);
      }
      setError(null);
      onSuccess(result.data);
      // A form whose action moves money carries an idempotency key: a retry of this submission reuses it (one effect),
      // the next submission gets a new one (and asks again about cash below zero).
      if ("idempotencyKey" in values) setField("idempotencyKey", newIdempotencyKey());
      if ("confirmCashBelowZero" in values) setField("confirmCashBelowZero", false);
    }),
  );
  return { onSubmit, error, succeeded, setSucceeded, pending };
}

/**
 * The end of a back-office form: the refusal (field errors stay on their fields), the success notice, and
 * the Save button.
 */
export function FormSubmitRow({ pending, error, success, successTestId }: { pending: boolean; error: ActionError | null; success: string | null; successTestId?: string }) {
  const t = useTranslations("adminCommon");
  return (
    <>
      <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
      {success ? (
        <Alert role="status" data-testid={successTestId}>
          <AlertDescription>{success}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </>
  );
}
