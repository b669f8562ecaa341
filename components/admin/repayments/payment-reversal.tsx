"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { ActionError } from "@/lib/auth/action-result";
import { approvePaymentReversalAction, rejectPaymentReversalAction, requestPaymentReversalAction } from "@/lib/repayments/actions";
import { rejectReversalSchema, requestReversalSchema, type RejectReversalValues, type RequestReversalValues } from "@/lib/repayments/schemas";

/** A reversal waiting for a second person, as the payment history shows it. */
export type PendingReversal = { id: string; reason: string; requestedBy: string; requestedById: string };

/** Asks for a payment's reversal with the reason (issue 50, point 6): a second person approves it. */
function RequestReversalForm({ paymentNumber, onDone }: { paymentNumber: string; onDone: () => void }) {
  const t = useTranslations("adminRepayments.reversal");
  const router = useRouter();
  const form = useForm<RequestReversalValues>({ resolver: zodResolver(requestReversalSchema), defaultValues: { paymentNumber, reason: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, requestPaymentReversalAction, () => {
    announceNotice({ tone: "success", text: t("asked", { number: paymentNumber }) });
    onDone();
    router.refresh();
  });
  const id = `reversal-reason-${paymentNumber}`;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="request-reversal-form">
      <FormField id={id} label={t("reason")} error={form.formState.errors.reason?.message} hint={t("reasonHint")}>
        <Textarea id={id} rows={2} {...form.register("reason")} aria-invalid={!!form.formState.errors.reason} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={pending} data-testid="request-reversal-submit">
          {t("ask")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          {t("cancel")}
        </Button>
      </div>
      <ActionErrorAlert error={error} />
    </form>
  );
}

/** A second person's decision: approve (the button's key makes a repeat one approval) or reject with a reason. */
function DecideReversal({ reversal }: { reversal: PendingReversal }) {
  const t = useTranslations("adminRepayments.reversal");
  const router = useRouter();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [error, setError] = useState<ActionError | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [pending, startTransition] = useTransition();
  const form = useForm<RejectReversalValues>({ resolver: zodResolver(rejectReversalSchema), defaultValues: { reversalId: reversal.id, reason: "" } });
  const reject = useActionSubmit(form, rejectPaymentReversalAction, () => {
    announceNotice({ tone: "success", text: t("rejected") });
    router.refresh();
  });
  const approve = () =>
    startTransition(async () => {
      const result = await approvePaymentReversalAction({ reversalId: reversal.id, idempotencyKey });
      if (!result.ok) return setError(result.error);
      setError(null);
      announceNotice({ tone: "success", text: t("approved", { number: result.data.paymentNumber }) });
      router.refresh();
    });
  const id = `reversal-reject-${reversal.id}`;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="destructive" onClick={approve} disabled={pending} data-testid="approve-reversal">
          {t("approve")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setRejecting(true)} disabled={pending || rejecting} data-testid="reject-reversal">
          {t("reject")}
        </Button>
      </div>
      {rejecting ? (
        <form onSubmit={reject.onSubmit} noValidate className="space-y-2" data-testid="reject-reversal-form">
          <FormField id={id} label={t("rejectReason")} error={form.formState.errors.reason?.message}>
            <Textarea id={id} rows={2} {...form.register("reason")} aria-invalid={!!form.formState.errors.reason} />
          </FormField>
          <Button type="submit" size="sm" variant="outline" disabled={reject.pending} data-testid="reject-reversal-submit">
            {t("reject")}
          </Button>
          <ActionErrorAlert error={reject.error} />
        </form>
      ) : null}
      <ActionErrorAlert error={error} />
    </div>
  );
}

/**
 * Under a payment in the loan's payment history, for those who may reverse payments: the reversal waiting for a second
 * person (its reason; approve or reject unless it is the viewer's own), or a button to ask for one.
 */
export function PaymentReversalControls({ paymentNumber, pending, viewerId }: { paymentNumber: string; pending: PendingReversal | null; viewerId: string }) {
  const t = useTranslations("adminRepayments.reversal");
  const [asking, setAsking] = useState(false);
  if (pending) {
    return (
      <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="pending-reversal">
        <p>{t("waiting", { name: pending.requestedBy, reason: pending.reason })}</p>
        {pending.requestedById === viewerId ? <p className="text-xs">{t("ownRequest")}</p> : <DecideReversal reversal={pending} />}
      </div>
    );
  }
  if (asking) return <RequestReversalForm paymentNumber={paymentNumber} onDone={() => setAsking(false)} />;
  return (
    <Button type="button" size="sm" variant="ghost" onClick={() => setAsking(true)} data-testid="ask-reversal" aria-label={t("askFor", { number: paymentNumber })}>
      <Undo2 aria-hidden />
      {t("reverse")}
    </Button>
  );
}
