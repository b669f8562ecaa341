"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightLeft, CheckCircle2, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionButton } from "@/components/admin/action-button";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import {
  approveStaffTransferAction,
  approveTransferAction,
  rejectStaffTransferAction,
  rejectTransferAction,
  requestTransferAction,
} from "@/lib/offices/actions";
import { MAX_TRANSFER_REASON_LENGTH, rejectTransferSchema, requestTransferSchema } from "@/lib/offices/schemas";
import type { z } from "zod";

export type TransferBranchChoice = { id: string; label: string };

/** A dialog's Cancel and submit buttons, and the refusal above them. */
function Footer({ pending, label, onCancel, testId }: { pending: boolean; label: string; onCancel: () => void; testId: string }) {
  const tCommon = useTranslations("adminCommon");
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {tCommon("cancel")}
      </Button>
      <Button type="submit" disabled={pending} data-testid={testId}>
        {pending ? tCommon("saving") : label}
      </Button>
    </DialogFooter>
  );
}

/** On a customer's profile: ask to move her (and her open loans, applications and KYC cases) to another branch. */
export function RequestTransferDialog({ userNumber, branches }: { userNumber: string; branches: TransferBranchChoice[] }) {
  const t = useTranslations("adminTransfers");
  const tCommon = useTranslations("adminCommon");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const empty = { userNumber, toBranchId: "", reason: "" };
  const form = useForm<z.input<typeof requestTransferSchema>, unknown, z.output<typeof requestTransferSchema>>({ resolver: zodResolver(requestTransferSchema), defaultValues: empty });
  const { onSubmit, error, pending } = useActionSubmit(form, requestTransferAction, () => {
    setOpen(false);
    form.reset(empty);
    announceNotice({ tone: "success", title: t("notices.requestedTitle"), text: t("notices.requestedText") });
    router.refresh();
  });
  const errors = form.formState.errors;
  const id = `transfer-${userNumber}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="request-transfer">
          <ArrowRightLeft aria-hidden />
          {t("request")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="request-transfer-dialog">
        <DialogHeader>
          <DialogTitle>{t("requestTitle", { customer: userNumber })}</DialogTitle>
          <DialogDescription>{t("requestText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <FormField id={`${id}-branch`} label={t("toBranch")} error={errors.toBranchId?.message}>
            <select id={`${id}-branch`} className={compactSelectClassName} {...form.register("toBranchId")} aria-invalid={!!errors.toBranchId}>
              <option value="">{t("chooseBranch")}</option>
              {branches.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${id}-reason`} label={t("reason")} error={errors.reason?.message}>
            <Textarea id={`${id}-reason`} rows={3} maxLength={MAX_TRANSFER_REASON_LENGTH} {...form.register("reason")} aria-invalid={!!errors.reason} />
          </FormField>
          <ActionErrorAlert error={error && error.code !== "validation" ? error : null} />
          <Footer pending={pending} label={t("requestButton")} onCancel={() => setOpen(false)} testId="confirm-request-transfer" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** What is moved: a customer between branches (0258) or a member of staff between offices (0260). */
type TransferKind = "customer" | "staff";

const APPROVE = { customer: approveTransferAction, staff: approveStaffTransferAction } as const;
const REJECT = { customer: rejectTransferAction, staff: rejectStaffTransferAction } as const;

/** Approves a transfer for the branch or office the staff member sees; the second approval makes the move. */
export function ApproveTransferButton({ transferId, who, kind = "customer" }: { transferId: string; who: string; kind?: TransferKind }) {
  const t = useTranslations("adminTransfers");
  return (
    <ActionButton
      run={() => APPROVE[kind]({ transferId })}
      confirm={kind === "staff" ? t("staff.approveConfirm", { name: who }) : t("approveConfirm", { customer: who })}
      onDone={({ completed }) =>
        announceNotice(
          kind === "staff"
            ? { tone: "success", title: t(completed ? "staff.notices.completedTitle" : "notices.approvedTitle"), text: t(completed ? "staff.notices.completedText" : "staff.notices.approvedText") }
            : { tone: "success", title: t(completed ? "notices.completedTitle" : "notices.approvedTitle"), text: t(completed ? "notices.completedText" : "notices.approvedText") },
        )
      }
      icon={<CheckCircle2 aria-hidden />}
      size="sm"
      variant="outline"
      testId="approve-transfer"
    >
      {t("approve")}
    </ActionButton>
  );
}

/** Rejects (or, for its requester, withdraws) an open transfer, with the reason. */
export function RejectTransferDialog({ transferId, kind = "customer" }: { transferId: string; kind?: TransferKind }) {
  const t = useTranslations("adminTransfers");
  const tCommon = useTranslations("adminCommon");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const empty = { transferId, reason: "" };
  const form = useForm<z.input<typeof rejectTransferSchema>, unknown, z.output<typeof rejectTransferSchema>>({ resolver: zodResolver(rejectTransferSchema), defaultValues: empty });
  const { onSubmit, error, pending } = useActionSubmit(form, REJECT[kind], () => {
    setOpen(false);
    announceNotice({ tone: "success", title: t("notices.rejectedTitle"), text: t(kind === "staff" ? "staff.notices.rejectedText" : "notices.rejectedText") });
    router.refresh();
  });
  const id = `reject-transfer-${transferId}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" data-testid="reject-transfer">
          <XCircle aria-hidden />
          {t("reject")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="reject-transfer-dialog">
        <DialogHeader>
          <DialogTitle>{t("rejectTitle")}</DialogTitle>
          <DialogDescription>{t("rejectText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <FormField id={id} label={t("rejectionReason")} error={form.formState.errors.reason?.message}>
            <Textarea id={id} rows={3} maxLength={MAX_TRANSFER_REASON_LENGTH} {...form.register("reason")} />
          </FormField>
          <ActionErrorAlert error={error && error.code !== "validation" ? error : null} />
          <Footer pending={pending} label={t("reject")} onCancel={() => setOpen(false)} testId="confirm-reject-transfer" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
