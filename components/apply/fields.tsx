"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import type { FieldValues, Path, PathValue, RegisterOptions, UseFormReturn } from "react-hook-form";
import { Label } from "@/components/ui/label";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * register() for a server-rendered form used on slow phones. The field is rendered with its starting
 * value (so the HTML shows a prefilled amount, or the select's placeholder, before any JavaScript runs),
 * and what the applicant typed or picked before the page became interactive is kept: react-hook-form
 * would otherwise reset it to the starting value when it attaches to the field.
 */
export function useFieldRegistration<V extends FieldValues>(form: UseFormReturn<V>) {
  const typedEarly = useRef<[Path<V>, string][]>([]);
  const attached = useRef(false);
  useEffect(() => {
    attached.current = true;
    // After every component's first effects, so watchers elsewhere (the calculator) see the update too.
    const timer = setTimeout(() => {
      for (const [name, value] of typedEarly.current) {
        form.setValue(name, value as PathValue<V, Path<V>>, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
      }
      typedEarly.current = [];
    });
    return () => clearTimeout(timer);
  }, [form]);

  return (name: Path<V>, options?: RegisterOptions<V, Path<V>>) => {
    const initial = String(form.getValues(name) ?? "");
    const registration = form.register(name, options);
    return {
      ...registration,
      // Leaving a field for Next does not validate it on its own: Next checks the whole step at once. A message
      // appearing on that blur would move the button between the press and the release, and the click would be lost.
      onBlur: (event: React.FocusEvent<FieldElement>) =>
        (event.relatedTarget as HTMLElement | null)?.hasAttribute("data-checks-step") ? undefined : registration.onBlur(event),
      defaultValue: initial,
      ref: (element: FieldElement | null) => {
        // On first attach a new element holds `initial`; a different value was entered before hydration.
        if (element && !attached.current && element.value !== initial) typedEarly.current.push([name, element.value]);
        registration.ref(element);
      },
    };
  };
}

/** Ids that tie a field's label, hint and error together for screen readers. */
export function fieldIds(name: string) {
  return { input: `apply-${name}`, hint: `apply-${name}-hint`, error: `apply-${name}-error` };
}

/** aria attributes for an input whose error (a validation key) may be shown. */
export function describedBy(name: string, { error, hint }: { error?: string; hint?: boolean }) {
  const ids = fieldIds(name);
  // FormField shows the error in place of the hint.
  return {
    id: ids.input,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? ids.error : hint ? ids.hint : undefined,
  } as const;
}

/** Label, control, optional hint and the translated validation message (schemas speak in keys). */
export function FormField({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: React.ReactNode;
  error?: string;
  children: React.ReactNode;
}) {
  const t = useTranslations("validation");
  const ids = fieldIds(name);
  const key = error ? toValidationMessageKey(error) : null;
  return (
    <div className="space-y-2" data-field={name}>
      <Label htmlFor={ids.input} className="leading-snug">
        {label}
      </Label>
      {children}
      {hint && !key ? (
        <p id={ids.hint} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {key ? (
        <p id={ids.error} data-testid={`error-${name}`} className="text-destructive text-sm">
          {t(key)}
        </p>
      ) : null}
    </div>
  );
}
