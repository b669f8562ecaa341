"use client";

import { Check, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert, type ShownActionError } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionResult } from "@/lib/auth/action-result";
import { newIdempotencyKey } from "@/lib/idempotency/key";

type Props = {
  /** The record decided on (the reason box's id). */
  id: string;
  labels: { approve: string; reject: string; rejectNote: string; approveConfirm?: string };
  testIds: { approve: string; reject: string };
  /** Approving moves money: sent with the button's key; `confirmCashBelowZero` once the person confirmed it. */
  approve: (input: { idempotencyKey: string; confirmCashBelowZero: boolean }) => Promise<ActionResult<unknown>>;
  reject: (note: string) => Promise<ActionResult<unknown>>;
};

/**
 * The second person's decision on what another asked for (maker-checker): approve it, or refuse it with a reason. A
 * payment that would take the society's cash below zero asks first (cashBelowZero) and is sent again once confirmed.
 */
export function DecideButtons({ id, labels, testIds, approve, reject }: Props) {
  const router = useRouter();
  const [note, setNote] = useState("");
  const [error, setError] = useState<ShownActionError | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const run = (action: () => Promise<ActionResult<unknown>>, onCashBelowZero?: () => void) =>
    startTransition(async () => {
      const result = await action();
      if (!result.ok) return setError(result.error.reason === "cashBelowZero" && onCashBelowZero ? { ...result.error, confirm: onCashBelowZero } : result.error);
      setError(null);
      router.refresh();
    });
  const approveNow = (confirmCashBelowZero: boolean): void => run(() => approve({ idempotencyKey, confirmCashBelowZero }), confirmCashBelowZero ? undefined : () => approveNow(true));
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <Button
          size="sm"
          disabled={pending}
          onClick={() => {
            if (!labels.approveConfirm || window.confirm(labels.approveConfirm)) approveNow(false);
          }}
          data-testid={testIds.approve}
        >
          <Check aria-hidden />
          {labels.approve}
        </Button>
        <div className="flex items-end gap-1">
          <div>
            <Label htmlFor={`reject-note-${id}`} className="sr-only">
              {labels.rejectNote}
            </Label>
            <Input id={`reject-note-${id}`} value={note} onChange={(e) => setNote(e.target.value)} placeholder={labels.rejectNote} className="h-8 w-44" />
          </div>
          <Button size="sm" variant="outline" disabled={pending} onClick={() => run(() => reject(note))} data-testid={testIds.reject}>
            <X aria-hidden />
            {labels.reject}
          </Button>
        </div>
      </div>
      <ActionErrorAlert error={error} />
    </div>
  );
}
