"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { FileX2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { dhakaToday } from "@/lib/format";
import { approveWriteOffAction, proposeWriteOffAction, rejectWriteOffAction } from "@/lib/write-offs/actions";
import { approveWriteOffSchema, proposeWriteOffSchema, rejectWriteOffSchema, type ApproveWriteOffValues, type ProposeWriteOffValues, type RejectWriteOffValues } from "@/lib/write-offs/schemas";

/** Proposes a loan's write-off on the policy's latest day, with the reason (issue 50, point 4): the head office decides. */
export function ProposeWriteOff({ loanNumber, writeOffDay }: { loanNumber: string; writeOffDay: string }) {
  const t = useTranslations("adminWriteOffs");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useForm<ProposeWriteOffValues>({ resolver: zodResolver(proposeWriteOffSchema), defaultValues: { loanNumber, writeOffDate: writeOffDay, reason: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, proposeWriteOffAction, () => {
    announceNotice({ tone: "success", text: t("proposed", { loan: loanNumber }) });
    setOpen(false);
    router.refresh();
  });
  if (!open) {
    return (
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="propose-write-off" aria-label={t("proposeFor", { loan: loanNumber })}>
        <FileX2 aria-hidden />
        {t("propose")}
      </Button>
    );
  }
  const id = (field: string) => `write-off-${field}-${loanNumber}`;
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="propose-write-off-form">
      <FormField id={id("date")} label={t("date")} error={errors.writeOffDate?.message} hint={t("dateHint")}>
        <Input id={id("date")} type="date" max={dhakaToday()} {...form.register("writeOffDate")} aria-invalid={!!errors.writeOffDate} />
      </FormField>
      <FormField id={id("reason")} label={t("reason")} error={errors.reason?.message}>
        <Textarea id={id("reason")} rows={2} maxLength={500} {...form.register("reason")} aria-invalid={!!errors.reason} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={pending} data-testid="propose-write-off-submit">
          {t("propose")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t("cancel")}
        </Button>
      </div>
      <ActionErrorAlert error={error} />
    </form>
  );
}

/** The head office's decision on someone else's proposal: approve with the board resolution, or reject with a reason. */
export function DecideWriteOff({ writeOffId, loanNumber }: { writeOffId: string; loanNumber: string }) {
  const t = useTranslations("adminWriteOffs");
  const router = useRouter();
  const [rejecting, setRejecting] = useState(false);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const approveForm = useForm<ApproveWriteOffValues>({ resolver: zodResolver(approveWriteOffSchema), defaultValues: { writeOffId, boardResolution: "", idempotencyKey } });
  const approve = useActionSubmit(approveForm, approveWriteOffAction, () => {
    announceNotice({ tone: "success", text: t("approved", { loan: loanNumber }) });
    router.refresh();
  });
  const rejectForm = useForm<RejectWriteOffValues>({ resolver: zodResolver(rejectWriteOffSchema), defaultValues: { writeOffId, reason: "" } });
  const reject = useActionSubmit(rejectForm, rejectWriteOffAction, () => {
    announceNotice({ tone: "success", text: t("rejected", { loan: loanNumber }) });
    router.refresh();
  });
  const id = (field: string) => `write-off-${field}-${writeOffId}`;
  return (
    <div className="space-y-2">
      <form onSubmit={approve.onSubmit} noValidate className="space-y-2" data-testid="approve-write-off-form">
        <FormField id={id("resolution")} label={t("boardResolution")} error={approveForm.formState.errors.boardResolution?.message} hint={t("boardResolutionHint")}>
          <Input id={id("resolution")} autoComplete="off" maxLength={120} {...approveForm.register("boardResolution")} aria-invalid={!!approveForm.formState.errors.boardResolution} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" variant="destructive" disabled={approve.pending} data-testid="approve-write-off" aria-label={t("approveFor", { loan: loanNumber })}>
            {t("approve")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setRejecting(true)} disabled={rejecting} aria-expanded={rejecting} data-testid="reject-write-off" aria-label={t("rejectFor", { loan: loanNumber })}>
            {t("reject")}
          </Button>
        </div>
        <ActionErrorAlert error={approve.error} />
      </form>
      {rejecting ? (
        <form onSubmit={reject.onSubmit} noValidate className="space-y-2" data-testid="reject-write-off-form">
          <FormField id={id("reject")} label={t("rejectReason")} error={rejectForm.formState.errors.reason?.message}>
            <Textarea id={id("reject")} rows={2} maxLength={500} {...rejectForm.register("reason")} aria-invalid={!!rejectForm.formState.errors.reason} />
          </FormField>
          <Button type="submit" size="sm" variant="outline" disabled={reject.pending} data-testid="reject-write-off-submit">
            {t("reject")}
          </Button>
          <ActionErrorAlert error={reject.error} />
        </form>
      ) : null}
    </div>
  );
}

