"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import { formatTaka, parseNumberInput } from "@/lib/format";
import type { FieldSheet } from "@/lib/society/field/queries";
import { handoverSchema } from "@/lib/society/field/schemas";
import { sendHandover } from "./sync";

const closeSchema = handoverSchema.pick({ counted: true, note: true });

/**
 * "Cash handed over": the day's recorded collections (the server computes the same figure) against the cash
 * counted; a difference needs a note. Only once the outbox is empty, so the expected figure is the whole day.
 */
export function DayClose({
  societyId,
  date,
  expected,
  held,
  handover,
  ownSheet,
  onDone,
}: {
  societyId: string;
  date: string;
  expected: number;
  held: number;
  handover: FieldSheet["handover"];
  ownSheet: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("field.close");
  const tField = useTranslations("field");
  const locale = useLocale() as Locale;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<z.input<typeof closeSchema>, unknown, z.output<typeof closeSchema>>({ resolver: zodResolver(closeSchema), defaultValues: { counted: "", note: "" } });
  const counted = parseNumberInput(String(useWatch({ control: form.control, name: "counted" }) ?? ""));
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    const result = await sendHandover(societyId, { date, counted: String(values.counted), note: values.note ?? "" });
    if (result.ok) return onDone();
    if (result.problem === "noteRequired") return form.setError("note", { message: "required" });
    setRefusal(result.problem === "alreadySubmitted" ? t("alreadySubmitted") : result.problem === "invalid" ? tField("refusals.invalid") : tField(`problems.${result.problem}`));
  });

  return (
    <section className="space-y-2 rounded-lg border bg-background p-3" aria-labelledby="field-close-title" data-testid="field-close">
      <h2 id="field-close-title" className="font-semibold">
        {t("title")}
      </h2>
      {handover ? (
        <p className="text-sm" role="status" data-testid="field-close-status" data-status={handover.status}>
          {t(handover.status, { counted: formatTaka(handover.counted, locale), expected: formatTaka(handover.expected, locale) })}
        </p>
      ) : !ownSheet ? (
        <p className="text-sm text-muted-foreground">{t("adminOnly")}</p>
      ) : held > 0 ? (
        <p className="text-sm text-muted-foreground">{t("sendFirst")}</p>
      ) : (
        <form onSubmit={submit} className="space-y-2" noValidate>
          <p className="text-sm">
            {t("expected")}: <span className="font-semibold tabular-nums" data-testid="field-close-expected">{formatTaka(expected, locale)}</span>
          </p>
          <FormField id="field-counted" label={t("counted")} error={errors.counted?.message}>
            <Input id="field-counted" inputMode="numeric" className="h-11 text-lg" aria-invalid={!!errors.counted} {...form.register("counted")} />
          </FormField>
          {counted !== null && counted !== expected ? (
            <>
              <p className="text-sm font-medium text-amber-800">{t("difference", { amount: formatTaka(counted - expected, locale) })}</p>
              <FormField id="field-close-note" label={t("note")} error={errors.note?.message}>
                <Textarea id="field-close-note" rows={2} {...form.register("note")} />
              </FormField>
            </>
          ) : null}
          {refusal ? (
            <p className="text-sm text-destructive" role="alert">
              {refusal}
            </p>
          ) : null}
          <Button type="submit" className="h-11 w-full" disabled={form.formState.isSubmitting} data-testid="field-close-submit">
            {t("submit")}
          </Button>
        </form>
      )}
    </section>
  );
}
