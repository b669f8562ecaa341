"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import type { ActionError } from "@/lib/auth/action-result";
import { confirmHandoverAction, linkWorkerAccountAction } from "@/lib/society/field/actions";
import { newIdempotencyKey } from "@/lib/idempotency/key";

/** An admin links the staff account that collects as this worker in the field app (or none). */
export function WorkerAccountSelect({ societyId, workerId, value, accounts, label, none }: { societyId: string; workerId: string; value: string; accounts: { id: string; name: string }[]; label: string; none: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const change = (staffUserId: string) =>
    startTransition(async () => {
      const result = await linkWorkerAccountAction(societyId, { workerId, staffUserId: staffUserId || null });
      setError(result.ok ? null : result.error);
      router.refresh();
    });
  return (
    <div className="space-y-1">
      <select className={compactSelectClassName} aria-label={label} value={value} disabled={pending} onChange={(e) => change(e.target.value)} data-testid="field-link-account">
        <option value="">{none}</option>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
      <ActionErrorAlert error={error} />
    </div>
  );
}

/** An admin confirms a hand-over's cash (the server refuses the worker who handed it over). */
export function ConfirmHandoverButton({ societyId, handoverId }: { societyId: string; handoverId: string }) {
  const t = useTranslations("society.fieldOverview");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [error, setError] = useState<ActionError | null>(null);
  const confirm = () =>
    startTransition(async () => {
      const result = await confirmHandoverAction(societyId, { handoverId, idempotencyKey });
      setError(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return (
    <div className="space-y-1">
      <Button type="button" size="sm" onClick={confirm} disabled={pending} data-testid="field-handover-confirm">
        {t("confirm")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}
