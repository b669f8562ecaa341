"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/admin/forms";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { addMemberAction } from "@/lib/society/actions";
import { MEMBERSHIP_TYPES, memberSchema, type MemberInput, type MemberValues } from "@/lib/society/schemas";
import { FormDialog } from "./form-dialog";
import { WorkerSelect, type WorkerOption } from "./worker-select";
import { useDialogForm } from "./use-dialog-form";
import { newIdempotencyKey } from "@/lib/idempotency/key";


export function AddMemberDialog({ societyId, workers }: { societyId: string; workers: WorkerOption[] }) {
  const t = useTranslations("society");
  const form = useForm<MemberInput, unknown, MemberValues>({
    resolver: zodResolver(memberSchema),
    defaultValues: { memberCode: "", name: "", nid: "", phone: "", workerId: "", installmentAmount: "", savingsAmount: "", loanAmount: "", membershipType: "regular", idempotencyKey: newIdempotencyKey(), confirmCashBelowZero: false },
  });
  const errors = form.formState.errors;
  const { open, setOpen, onSubmit, error, pending } = useDialogForm(form, (v) => addMemberAction(societyId, v));
  const f = (key: string) => t(`dialogs.addMember.${key}` as "dialogs.addMember.name");
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={f("title")}
      onSubmit={onSubmit}
      pending={pending}
      error={error}
      testId="add-member-form"
      trigger={
        <Button disabled={workers.length === 0} data-testid="add-member">
          <UserPlus aria-hidden />
          {t("members.add")}
        </Button>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="member-code" label={f("memberCode")} error={errors.memberCode?.message}>
          <Input id="member-code" {...form.register("memberCode")} aria-invalid={!!errors.memberCode} />
        </FormField>
        <FormField id="member-name" label={f("name")} error={errors.name?.message}>
          <Input id="member-name" {...form.register("name")} aria-invalid={!!errors.name} />
        </FormField>
        <FormField id="member-nid" label={f("nid")} error={errors.nid?.message}>
          <Input id="member-nid" inputMode="numeric" {...form.register("nid")} aria-invalid={!!errors.nid} />
        </FormField>
        <FormField id="member-phone" label={f("phone")} error={errors.phone?.message}>
          <Input id="member-phone" type="tel" inputMode="tel" {...form.register("phone")} aria-invalid={!!errors.phone} />
        </FormField>
      </div>
      <FormField id="member-worker" label={f("worker")} error={errors.workerId?.message}>
        <WorkerSelect id="member-worker" workers={workers} placeholder={f("chooseWorker")} {...form.register("workerId")} aria-invalid={!!errors.workerId} />
      </FormField>
      <div className="grid grid-cols-3 gap-2">
        <FormField id="member-installment" label={f("installment")}>
          <Input id="member-installment" inputMode="numeric" {...form.register("installmentAmount")} />
        </FormField>
        <FormField id="member-savings" label={f("savings")}>
          <Input id="member-savings" inputMode="numeric" {...form.register("savingsAmount")} />
        </FormField>
        <FormField id="member-loan" label={f("loan")}>
          <Input id="member-loan" inputMode="numeric" {...form.register("loanAmount")} />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">{f("amountHint")}</p>
      <FormField id="member-type" label={f("membershipType")}>
        <select id="member-type" className={compactSelectClassName} {...form.register("membershipType")}>
          {MEMBERSHIP_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`dialogs.addMember.types.${type}`)}
            </option>
          ))}
        </select>
      </FormField>
    </FormDialog>
  );
}
