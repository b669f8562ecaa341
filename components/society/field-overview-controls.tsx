"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Input } from "@/components/ui/input";
import type { Locale } from "@/i18n/config";
import { formatTaka } from "@/lib/format";
import { receiveWorkerCashSchema, type ReceiveWorkerCashInput } from "@/lib/society/field/schemas";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import type { ActionError } from "@/lib/auth/action-result";
import { confirmHandoverAction, decideMovedEntryAction, linkWorkerAccountAction, receiveWorkerCashAction } from "@/lib/society/field/actions";
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

/** An admin approves or refuses a phone's entry for a moved member (the server refuses the account that sent it). */
export function DecideMovedEntryButtons({ societyId, movedEntryId }: { societyId: string; movedEntryId: string }) {
  const t = useTranslations("society.fieldOverview");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  const decide = (decision: "approve" | "refuse") =>
    startTransition(async () => {
      const result = await decideMovedEntryAction(societyId, { movedEntryId, decision });
      setError(result.ok ? null : result.error);
      if (result.ok) router.refresh();
    });
  return (
    <div className="space-y-1">
      <div className="flex gap-2">
        <Button type="button" size="sm" onClick={() => decide("approve")} disabled={pending} data-testid="field-moved-approve">
          {t("approve")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => decide("refuse")} disabled={pending} data-testid="field-moved-refuse">
          {t("refuse")}
        </Button>
      </div>
      <ActionErrorAlert error={error} />
    </div>
  );
}

/**
 * At the office, an admin receives the cash a worker holds on the books: the count typed (Bengali digits accepted), a note
 * when it differs from what the books expect; the server computes what is expected and posts the hand-over.
 */
export function ReceiveWorkerCash({ societyId, workerId, workerName, held, locale }: { societyId: string; workerId: string; workerName: string; held: number; locale: Locale }) {
  const t = useTranslations("society.fieldOverview");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ expected: number; counted: number } | null>(null);
  const form = useForm<ReceiveWorkerCashInput, unknown, z.output<typeof receiveWorkerCashSchema>>({
    resolver: zodResolver(receiveWorkerCashSchema),
    defaultValues: { workerId, counted: "", note: "", idempotencyKey: newIdempotencyKey() },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => receiveWorkerCashAction(societyId, values), (data) => {
    setDone(data);
    setOpen(false);
    form.reset({ workerId, counted: "", note: "" });
    router.refresh();
  });
  const id = (field: string) => `receive-${field}-${workerId}`;
  if (!open) {
    return (
      <div className="space-y-1">
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)} disabled={held <= 0} data-testid="receive-cash-open">
          {t("receive")}
        </Button>
        {done ? (
          <p role="status" className="text-xs" data-testid="receive-cash-done">
            {t("received", { worker: workerName, counted: formatTaka(done.counted, locale), expected: formatTaka(done.expected, locale) })}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2 rounded-md border p-2" data-testid="receive-cash-form" aria-label={t("receiveTitle", { worker: workerName })}>
      <FormField id={id("counted")} label={t("counted")} error={form.formState.errors.counted?.message}>
        <Input id={id("counted")} inputMode="numeric" {...form.register("counted")} aria-invalid={!!form.formState.errors.counted} className="max-w-40" />
      </FormField>
      <FormField id={id("note")} label={t("receiveNote")} error={form.formState.errors.note?.message}>
        <Input id={id("note")} {...form.register("note")} aria-invalid={!!form.formState.errors.note} />
      </FormField>
      <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} />
      <Button type="submit" size="sm" disabled={pending} data-testid="receive-cash-submit">
        {t("receive")}
      </Button>
    </form>
  );
}
