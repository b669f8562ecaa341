"use client";

import { useTranslations } from "next-intl";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ActionErrorAlert, FormField } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Input } from "@/components/ui/input";
import type { ActionError } from "@/lib/auth/action-result";

/**
 * A refused save: this screen's own reasons (a taken NID, a status change without the permission, a stale
 * edit) from the "adminCustomers" namespace, anything else through the shared alert. Field errors stay on
 * their fields.
 */
export function CustomerActionError({ error, title }: { error: ActionError | null; title?: string }) {
  const t = useTranslations("adminCustomers");
  if (!error || (error.code === "validation" && !error.reason)) return null;
  const key = `reasons.${error.reason ?? ""}`;
  if (error.reason && t.has(key as "reasons.stale")) {
    const details = Object.fromEntries(Object.entries(error.details ?? {}).map(([k, v]) => [k, v ?? ""])) as Record<string, string | number>;
    return (
      <Alert variant="destructive" role="alert" data-testid="action-error" data-reason={error.reason}>
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        <AlertDescription>{t(key as "reasons.stale", details)}</AlertDescription>
      </Alert>
    );
  }
  return <ActionErrorAlert error={error} />;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed-values type
type AnyForm<V extends FieldValues> = UseFormReturn<V, unknown, any>;

function errorOf<V extends FieldValues>(form: AnyForm<V>, name: Path<V>): string | undefined {
  const error = form.formState.errors[name] as { message?: unknown } | undefined;
  return typeof error?.message === "string" ? error.message : undefined;
}

/** One text input of a customer form, labelled, with its translated error. */
export function TextInput<V extends FieldValues>({
  form,
  name,
  label,
  idPrefix,
  hint,
  ...input
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: string;
  idPrefix: string;
  hint?: string;
} & Pick<React.ComponentProps<"input">, "type" | "inputMode" | "autoComplete" | "maxLength">) {
  const id = `${idPrefix}-${name}`;
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...input} {...form.register(name)} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
    </FormField>
  );
}

/** One native select of a customer form; `options` are value and label pairs. */
export function SelectInput<V extends FieldValues>({
  form,
  name,
  label,
  idPrefix,
  options,
}: {
  form: AnyForm<V>;
  name: Path<V>;
  label: string;
  idPrefix: string;
  options: readonly (readonly [string, string])[];
}) {
  const id = `${idPrefix}-${name}`;
  const error = errorOf(form, name);
  return (
    <FormField id={id} label={label} error={error}>
      <select id={id} className={compactSelectClassName} {...form.register(name)} aria-invalid={!!error}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </FormField>
  );
}
