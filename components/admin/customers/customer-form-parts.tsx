"use client";

import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { FormField } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Input } from "@/components/ui/input";

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
