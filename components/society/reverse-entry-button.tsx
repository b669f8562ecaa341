"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import type { ActionError } from "@/lib/auth/action-result";
import { reverseIncomeExpenseAction } from "@/lib/society/actions";
import { newIdempotencyKey } from "@/lib/idempotency/key";

/** An admin reverses an income or expense from its ledger line, after confirming; the server checks it again. */
export function ReverseEntryButton({ societyId, incomeExpenseId, code }: { societyId: string; incomeExpenseId: string; code: string }) {
  const t = useTranslations("society.books");
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);
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
          startTransition(async () => {
            const result = await reverseIncomeExpenseAction(societyId, { incomeExpenseId, idempotencyKey });
            if (!result.ok) return setError(result.error);
            setError(null);
            router.refresh();
          });
        }}
      >
        {t("reverse")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}
