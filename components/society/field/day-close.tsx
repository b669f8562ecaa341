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
import { v7 as uuidv7 } from "uuid";
import { sendHandover } from "./sync";

const closeSchema = handoverSchema.pick({ counted: true, note: true });

/**
 * "Cash handed over": the day's recorded collections not yet handed over (the server computes the same figure) against
 * the cash counted; a difference needs a note. Only once nothing waits to be sent, so the expected figure is the whole
 * day, and only once there is cash to hand over. A collection recorded after a hand-over opens the next one for what
 * came since. Cash held back for refused entries is its own line: the worker may hand it over too, saying whose it is
 * in the note. Each submission carries a key made here: a resend answers the first, never a second hand-over.
 */
export function DayClose({
  societyId,
  date,
  recorded,
  handedOver,
  heldBack,
  waiting,
  handover,
  ownSheet,
  onDone,
}: {
  societyId: string;
  date: string;
  /** The day's collections the server recorded as this worker's. */
  recorded: number;
  /** What the day's hand-overs took so far. */
  handedOver: number;
  heldBack: number;
  waiting: number;
  handover: FieldSheet["handover"];
  ownSheet: boolean;
  onDone: () => void;
}) {
  const t = useTranslations("field.close");
  const tField = useTranslations("field");
  const locale = useLocale() as Locale;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [key, setKey] = useState(() => uuidv7());
  const form = useForm<z.input<typeof closeSchema>, unknown, z.output<typeof closeSchema>>({ resolver: zodResolver(closeSchema), defaultValues: { counted: "", note: "" } });
  const counted = parseNumberInput(String(useWatch({ control: form.control, name: "counted" }) ?? ""));
  const errors = form.formState.errors;
  const expected = recorded - handedOver;

  const submit = form.handleSubmit(async (values) => {
    const result = await sendHandover(societyId, { date, counted: String(values.counted), note: values.note ?? "", idempotencyKey: key });
    if (result.ok) {
      setKey(uuidv7());
      form.reset({ counted: "", note: "" });
      return onDone();
    }
    if (result.problem === "noteRequired") return form.setError("note", { message: "required" });
    setRefusal(result.problem === "alreadySubmitted" ? t("alreadySubmitted") : result.problem === "invalid" ? tField("refusals.invalid") : tField(`problems.${result.problem}`));
  });

  const status = handover ? (
    <p className="text-sm" role="status" data-testid="field-close-status" data-status={handover.status} data-round={handover.round}>
      {t(handover.status, { counted: formatTaka(handover.counted, locale), expected: formatTaka(handover.expected, locale) })}
    </p>
  ) : null;
  const body = !ownSheet ? (
    handover ? null : <p className="text-sm text-muted-foreground">{t("adminOnly")}</p>
  ) : waiting > 0 ? (
    <p className="text-sm text-muted-foreground" data-testid="field-close-send-first">
      {t("sendFirst")}
    </p>
  ) : handover && expected <= 0 ? null : expected <= 0 && heldBack === 0 ? (
    <p className="text-sm text-muted-foreground" data-testid="field-close-nothing">
      {t("nothingYet")}
    </p>
  ) : (
    <form onSubmit={submit} className="space-y-2" noValidate>
      {handover ? <p className="text-sm font-medium">{t("another")}</p> : null}
      <p className="text-sm">
        {t(handover ? "expectedSince" : "expected")}: <span className="font-semibold tabular-nums" data-testid="field-close-expected">{formatTaka(expected, locale)}</span>
      </p>
      {heldBack > 0 ? (
        <p className="text-sm text-red-800" data-testid="field-close-held">
          {t("heldLine", { amount: formatTaka(heldBack, locale) })}
        </p>
      ) : null}
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
  );

  return (
    <section className="space-y-2 rounded-lg border bg-background p-3" aria-labelledby="field-close-title" data-testid="field-close">
      <h2 id="field-close-title" className="font-semibold">
        {t("title")}
      </h2>
      {status}
      {body}
    </section>
  );
}
