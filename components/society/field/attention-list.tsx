"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatTaka, localizeDigits } from "@/lib/format";
import { awaitsOffice, canResend, type OutboxEntry } from "@/lib/society/field/outbox";
import { fieldAmountsSchema } from "@/lib/society/field/schemas";
import { discardEntry, resendEntry } from "./store";

/**
 * Entries the server refused, with its reason: they stay on the phone until the worker corrects and sends one
 * again, or discards it (after a confirmation). The app never drops one on its own.
 */
export function AttentionList({ entries, onResent, onDiscarded }: { entries: OutboxEntry[]; onResent: () => void; onDiscarded: () => void }) {
  const t = useTranslations("field.attention");
  return (
    <section className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3" data-testid="field-attention" aria-labelledby="field-attention-title">
      <h2 id="field-attention-title" className="font-semibold text-red-900">
        {t("title")}
      </h2>
      <p className="text-sm text-red-900">{t("hint")}</p>
      <ul className="space-y-2">
        {entries.map((entry) => (
          <AttentionEntry key={entry.id} entry={entry} onResent={onResent} onDiscarded={onDiscarded} />
        ))}
      </ul>
    </section>
  );
}

function AttentionEntry({ entry, onResent, onDiscarded }: { entry: OutboxEntry; onResent: () => void; onDiscarded: () => void }) {
  const t = useTranslations("field");
  const locale = useLocale() as Locale;
  const form = useForm<z.input<typeof fieldAmountsSchema>, unknown, z.output<typeof fieldAmountsSchema>>({
    resolver: zodResolver(fieldAmountsSchema),
    // In the screen's digits (the form reads Bengali digits back).
    defaultValues: { installment: localizeDigits(String(entry.installment), locale), savings: localizeDigits(String(entry.savings), locale) },
  });
  const errors = form.formState.errors;
  const resend = form.handleSubmit(async (amounts) => {
    await resendEntry(entry.id, amounts);
    onResent();
  });
  const discard = async () => {
    if (window.confirm(t("attention.discardConfirm", { amount: formatTaka(entry.installment + entry.savings, locale), member: entry.memberName }))) {
      await discardEntry(entry.id);
      // The server's dashboard counts what phones hold: tell it this one is gone.
      onDiscarded();
    }
  };
  const discardButton = (
    <Button type="button" size="sm" variant="outline" className="h-10 flex-1" onClick={() => void discard()} data-testid="field-attention-discard">
      {t("attention.discard")}
    </Button>
  );
  const ids = { installment: `attention-${entry.id}-installment`, savings: `attention-${entry.id}-savings` };
  return (
    <li className="space-y-2 rounded-md border bg-background p-2" data-testid="field-attention-entry" data-reason={entry.reason}>
      <p className="text-sm font-medium">
        {entry.memberName} · {formatCalendarDate(entry.date, locale)}
      </p>
      <p className="text-sm font-medium tabular-nums" data-testid="field-attention-amount">
        {formatTaka(entry.installment + entry.savings, locale)}
      </p>
      <p className="text-sm text-red-800">{entry.reason ? t(`refusals.${entry.reason}`, { receipt: entry.recordedReceipt ?? "" }) : null}</p>
      {canResend(entry.reason) ? (
        <form onSubmit={resend} className="space-y-2" noValidate>
          <div className="grid grid-cols-2 gap-2">
            <FormField id={ids.installment} label={t("installment")} error={errors.installment?.message}>
              <Input id={ids.installment} inputMode="numeric" className="h-11" {...form.register("installment")} />
            </FormField>
            <FormField id={ids.savings} label={t("savings")} error={errors.savings?.message}>
              <Input id={ids.savings} inputMode="numeric" className="h-11" {...form.register("savings")} />
            </FormField>
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" className="h-10 flex-1" data-testid="field-attention-resend">
              {t("attention.resend")}
            </Button>
            {discardButton}
          </div>
        </form>
      ) : awaitsOffice(entry) ? null : (
        // A resend cannot be recorded: the worker hands the cash over (or checks with the office) and discards it.
        // (One awaiting the office's decision is sent again at each sync until the office decides.)
        <div className="flex">{discardButton}</div>
      )}
    </li>
  );
}
