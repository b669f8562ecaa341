"use client";

import { Check, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionError } from "@/lib/auth/action-result";
import { approveWithdrawalAction, rejectWithdrawalAction } from "@/lib/society/actions";
import { newIdempotencyKey } from "@/lib/idempotency/key";

/** The second person's decision on a waiting withdrawal: pay it, or refuse it with a reason. */
export function DecideWithdrawal({ societyId, withdrawalId }: { societyId: string; withdrawalId: string }) {
  const t = useTranslations("society.withdrawals");
  const router = useRouter();
  const [note, setNote] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const run = (action: () => ReturnType<typeof rejectWithdrawalAction>) =>
    startTransition(async () => {
      const result = await action();
      if (!result.ok) return setError(result.error);
      setError(null);
      router.refresh();
    });
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <Button size="sm" disabled={pending} onClick={() => run(() => approveWithdrawalAction(societyId, { withdrawalId, idempotencyKey }))} data-testid="approve-withdrawal">
          <Check aria-hidden />
          {t("approve")}
        </Button>
        <div className="flex items-end gap-1">
          <div>
            <Label htmlFor={`reject-note-${withdrawalId}`} className="sr-only">
              {t("rejectNote")}
            </Label>
            <Input id={`reject-note-${withdrawalId}`} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t("rejectNote")} className="h-8 w-44" />
          </div>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => rejectWithdrawalAction(societyId, { withdrawalId, note }))} data-testid="reject-withdrawal">
            <X aria-hidden />
            {t("reject")}
          </Button>
        </div>
      </div>
      <ActionErrorAlert error={error} />
    </div>
  );
}
