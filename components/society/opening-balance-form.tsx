"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { dhakaToday, formatTaka, parseNumberInput } from "@/lib/format";
import { newIdempotencyKey } from "@/lib/idempotency/key";
import { proposeOpeningBalanceAction } from "@/lib/society/actions";
import { openingLines, openingReserve } from "@/lib/society/books/opening-figures";
import { openingBalanceSchema } from "@/lib/society/books/schemas";

type Values = z.input<typeof openingBalanceSchema>;
export type OpeningMember = { id: string; memberCode: string; name: string };

/** A typed figure as the reserve preview reads it: blank or not yet a number is zero (the server checks it properly). */
function figure(value: unknown): number {
  const n = typeof value === "string" ? (value.trim() === "" ? 0 : (parseNumberInput(value) ?? 0)) : Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * One admin enters the society's opening balances: the day they stood at (before anything posted here), cash, bank,
 * share capital, and each member's savings and loan still owed. The reserve they leave is shown before it is sent; a
 * second admin posts it.
 */
export function OpeningBalanceForm({ societyId, members, firstEntryDate }: { societyId: string; members: OpeningMember[]; firstEntryDate: string | null }) {
  const t = useTranslations("society.opening");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [sent, setSent] = useState(false);
  const form = useForm<Values, unknown, z.output<typeof openingBalanceSchema>>({
    resolver: zodResolver(openingBalanceSchema),
    defaultValues: { asOf: "", cashInHand: "", bank: "", shareCapital: "", members: members.map((m) => ({ memberId: m.id, savings: "", loan: "" })), idempotencyKey: newIdempotencyKey() },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => proposeOpeningBalanceAction(societyId, values), () => {
    setSent(true);
    router.refresh();
  });
  const watched = useWatch({ control: form.control });
  const reserve = openingReserve(
    openingLines({
      cashInHand: figure(watched.cashInHand),
      bank: figure(watched.bank),
      shareCapital: figure(watched.shareCapital),
      members: (watched.members ?? []).map((m) => ({ memberId: String(m?.memberId ?? ""), savings: figure(m?.savings), loan: figure(m?.loan) })),
    }),
  );
  const errors = form.formState.errors;
  // The day before the first entry is the latest an opening may stand at.
  const latest = firstEntryDate ? new Date(Date.parse(`${firstEntryDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) : dhakaToday();
  const money = (name: "cashInHand" | "bank" | "shareCapital") => (
    <FormField id={`opening-${name}`} label={t(name)} error={errors[name]?.message}>
      <Input id={`opening-${name}`} inputMode="numeric" {...form.register(name)} aria-invalid={!!errors[name]} className="w-40" />
    </FormField>
  );
  if (sent) {
    return (
      <Alert role="status" data-testid="opening-sent">
        <AlertDescription>{t("sent")}</AlertDescription>
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" data-testid="opening-form">
      <FormField id="opening-asOf" label={t("asOf")} error={errors.asOf?.message} hint={t("asOfHint")}>
        <Input id="opening-asOf" type="date" max={latest} {...form.register("asOf")} aria-invalid={!!errors.asOf} className="w-44" />
      </FormField>
      <div className="flex flex-wrap gap-3">
        {money("cashInHand")}
        {money("bank")}
        {money("shareCapital")}
      </div>
      {members.length > 0 ? (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("membersCaption")}</caption>
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="px-2 py-1.5">{t("member")}</th>
                <th scope="col" className="px-2 py-1.5">{t("savings")}</th>
                <th scope="col" className="px-2 py-1.5">{t("loan")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((m, i) => (
                <tr key={m.id} className="border-t">
                  <th scope="row" className="px-2 py-1 text-left font-normal">
                    <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">{m.memberCode}</span>
                  </th>
                  <td className="px-2 py-1">
                    <Input inputMode="numeric" aria-label={t("savingsOf", { name: m.name })} {...form.register(`members.${i}.savings`)} aria-invalid={!!errors.members?.[i]?.savings} className="h-8 w-28" />
                  </td>
                  <td className="px-2 py-1">
                    <Input inputMode="numeric" aria-label={t("loanOf", { name: m.name })} {...form.register(`members.${i}.loan`)} aria-invalid={!!errors.members?.[i]?.loan} className="h-8 w-28" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {errors.members ? (
        <p className="text-sm text-destructive" role="alert">
          {t("membersInvalid")}
        </p>
      ) : null}
      <p className="text-sm" data-testid="opening-reserve">
        {reserve >= 0 ? t("reserve", { amount: formatTaka(reserve, locale) }) : t("reserveNegative", { amount: formatTaka(reserve, locale) })}
      </p>
      <ActionErrorAlert error={error} />
      <Button type="submit" disabled={pending} data-testid="opening-submit">
        {t("submit")}
      </Button>
    </form>
  );
}
