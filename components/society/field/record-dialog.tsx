"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Share2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatCalendarDate, formatTaka } from "@/lib/format";
import type { MemberRow, OutboxEntry } from "@/lib/society/field/outbox";
import type { FieldSheet } from "@/lib/society/field/queries";
import { fieldAmountsSchema } from "@/lib/society/field/schemas";

type Amounts = z.input<typeof fieldAmountsSchema>;

/**
 * One member: today's receipts (numbered once the server has them, shareable) and the form that records a
 * collection on the phone, prefilled with the member's daily instalment and savings (Bengali digits accepted).
 */
export function RecordDialog({
  row,
  society,
  waiting,
  collections,
  onSave,
  onClose,
}: {
  row: MemberRow;
  society: string;
  waiting: OutboxEntry[];
  collections: FieldSheet["collections"];
  onSave: (amounts: { installment: number; savings: number }) => Promise<void>;
  onClose: () => void;
}) {
  const t = useTranslations("field");
  const form = useForm<Amounts, unknown, z.output<typeof fieldAmountsSchema>>({
    resolver: zodResolver(fieldAmountsSchema),
    defaultValues: { installment: String(row.installment), savings: String(row.savings) },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((amounts) => onSave(amounts));

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto" data-testid="field-record" closeLabel={t("record.closeDialog")}>
        <DialogHeader>
          <DialogTitle>{row.name}</DialogTitle>
          <DialogDescription>{t("record.title")}</DialogDescription>
        </DialogHeader>
        <Receipts row={row} society={society} waiting={waiting} collections={collections} />
        <form onSubmit={submit} className="space-y-3" noValidate data-testid="field-record-form">
          {row.status !== "due" ? <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">{t("record.alreadyCollected")}</p> : null}
          <div className="grid grid-cols-2 gap-3">
            <FormField id="field-installment" label={t("installment")} error={errors.installment?.message}>
              <Input id="field-installment" inputMode="numeric" autoComplete="off" className="h-11 text-lg" aria-invalid={!!errors.installment} {...form.register("installment")} />
            </FormField>
            <FormField id="field-savings" label={t("savings")} error={errors.savings?.message}>
              <Input id="field-savings" inputMode="numeric" autoComplete="off" className="h-11 text-lg" aria-invalid={!!errors.savings} {...form.register("savings")} />
            </FormField>
          </div>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" className="h-11" onClick={onClose}>
              {t("record.cancel")}
            </Button>
            <Button type="submit" className="h-11" disabled={form.formState.isSubmitting} data-testid="field-record-save">
              {t("record.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function Receipts({ row, society, waiting, collections }: { row: MemberRow; society: string; waiting: OutboxEntry[]; collections: FieldSheet["collections"] }) {
  const t = useTranslations("field.receipts");
  const locale = useLocale() as Locale;
  const [copied, setCopied] = useState(false);
  const items = [
    ...collections.map((c) => ({ key: c.receipt, number: c.receipt as string | null, amount: c.installment + c.savings, recordedAt: c.recordedAt })),
    ...waiting.map((e) => ({ key: e.id, number: null, amount: e.installment + e.savings, recordedAt: e.recordedAt })),
  ];
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t("none")}</p>;

  const share = async (number: string, amount: number, recordedAt: string) => {
    const text = t("text", {
      society,
      amount: formatTaka(amount, locale),
      member: row.name,
      code: row.memberCode,
      date: formatCalendarDate(dhakaToday(new Date(recordedAt)), locale),
      number,
    });
    if (navigator.share) await navigator.share({ text }).catch(() => undefined);
    else {
      await navigator.clipboard?.writeText(text);
      setCopied(true);
    }
  };

  return (
    <section className="space-y-2" aria-label={t("title")} data-testid="field-receipts">
      <h2 className="text-sm font-semibold">{t("title")}</h2>
      <ul className="space-y-1.5">
        {items.map((item) => (
          <li key={item.key} className="flex items-center gap-2 rounded-md border p-2 text-sm" data-testid="field-receipt" data-receipt={item.number ?? ""}>
            <div className="min-w-0 flex-1">
              <p className="font-medium">{item.number ? t("number", { number: item.number }) : t("pending")}</p>
              <p className="text-xs text-muted-foreground tabular-nums">{formatTaka(item.amount, locale)}</p>
            </div>
            {item.number ? (
              <Button type="button" variant="outline" size="sm" onClick={() => void share(item.number!, item.amount, item.recordedAt)} aria-label={t("share")}>
                <Share2 aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {copied ? <p className="text-xs text-muted-foreground" role="status">{t("copied")}</p> : null}
    </section>
  );
}
