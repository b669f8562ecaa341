"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatTaka } from "@/lib/format";
import type { Locale } from "@/i18n/config";
import { requestWithdrawalAction } from "@/lib/society/actions";
import { withdrawalSchema } from "@/lib/society/books/schemas";
import { newIdempotencyKey } from "@/lib/idempotency/key";

type Values = z.input<typeof withdrawalSchema>;

/**
 * A member takes savings out, from their profile. Up to the society's limit it is paid at once; above it, it waits for
 * a second person (the admins' list on the members tab). The server checks the balance again under a lock.
 */
export function WithdrawalForm({ societyId, memberId, memberName, locale, onDone }: { societyId: string; memberId: string; memberName: string; locale: Locale; onDone: () => void }) {
  const t = useTranslations("society.withdrawals");
  const router = useRouter();
  const [done, setDone] = useState<{ status: "paid" | "requested"; amount: number; balanceAfter: number } | null>(null);
  const form = useForm<Values, unknown, z.output<typeof withdrawalSchema>>({ resolver: zodResolver(withdrawalSchema), defaultValues: { memberId, amount: "", idempotencyKey: newIdempotencyKey(), confirmCashBelowZero: false } });
  // Money leaves the society: the amount, checked, is confirmed before it is sent (reversal and closing ask first too).
  const [confirming, setConfirming] = useState<number | null>(null);
  const ask = form.handleSubmit((values) => setConfirming(values.amount));
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => requestWithdrawalAction(societyId, values), (data) => {
    setConfirming(null);
    setDone(data);
    form.reset({ memberId, amount: "" });
    onDone();
    router.refresh();
  });
  const amountError = form.formState.errors.amount?.message;
  return (
    <form onSubmit={confirming === null ? ask : onSubmit} noValidate className="space-y-2" data-testid="withdrawal-form">
      <FormField id={`withdraw-${memberId}`} label={t("amount")} error={amountError}>
        <div className="flex gap-2">
          <Input id={`withdraw-${memberId}`} inputMode="numeric" {...form.register("amount", { onChange: () => setConfirming(null) })} aria-invalid={!!amountError} className="max-w-40" />
          {confirming === null ? (
            <Button type="submit" disabled={pending} data-testid="withdrawal-submit">
              {t("submit")}
            </Button>
          ) : null}
        </div>
      </FormField>
      {confirming !== null ? (
        <Alert data-testid="withdrawal-confirm">
          <AlertDescription className="space-y-2">
            <p className="font-medium">{t("confirmTitle", { amount: formatTaka(confirming, locale), name: memberName })}</p>
            <p>{t("confirmText")}</p>
            <span className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={pending} data-testid="withdrawal-confirm-yes">
                {t("confirm")}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setConfirming(null)} data-testid="withdrawal-confirm-cancel">
                {t("cancel")}
              </Button>
            </span>
          </AlertDescription>
        </Alert>
      ) : null}
      <ActionErrorAlert error={error} />
      {done ? (
        <Alert data-testid="withdrawal-done" data-status={done.status}>
          <AlertDescription>
            {done.status === "paid"
              ? t("paid", { amount: formatTaka(done.amount, locale), balance: formatTaka(done.balanceAfter, locale) })
              : t("waiting", { amount: formatTaka(done.amount, locale) })}
          </AlertDescription>
        </Alert>
      ) : null}
    </form>
  );
}
