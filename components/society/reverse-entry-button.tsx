"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert, type ShownActionError } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { reverseIncomeExpenseAction } from "@/lib/society/actions";
import { newIdempotencyKey } from "@/lib/idempotency/key";

/** An admin reverses an income or expense from its ledger line, after confirming; the server checks it again. */
export function ReverseEntryButton({ societyId, incomeExpenseId, code }: { societyId: string; incomeExpenseId: string; code: string }) {
  const t = useTranslations("society.books");
  const router = useRouter();
  const [error, setError] = useState<ShownActionError | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Reversing an income takes its cash back out: below zero, it asks first (cashBelowZero) and sends again.
  const reverse = (confirmCashBelowZero = false) =>
    startTransition(async () => {
      const result = await reverseIncomeExpenseAction(societyId, { incomeExpenseId, idempotencyKey, confirmCashBelowZero });
      if (!result.ok) return setError(result.error.reason === "cashBelowZero" && !confirmCashBelowZero ? { ...result.error, confirm: () => reverse(true) } : result.error);
      setError(null);
      router.refresh();
    });
  return (
    <div className="space-y-1">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={pending}
        data-testid="reverse-entry"
        aria-label={`${t("reverse")}: ${code}`}
        onClick={() => {
          if (!window.confirm(t("reverseConfirm", { code }))) return;
          reverse();
        }}
      >
        {t("reverse")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}
