"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowRightLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { moveMemberAction } from "@/lib/society/field/actions";
import { moveMemberSchema, type MoveMemberInput } from "@/lib/society/field/schemas";
import { FormDialog } from "./form-dialog";
import { useDialogForm } from "./use-dialog-form";
import { WorkerSelect, type WorkerOption } from "./worker-select";

/**
 * An admin moves a member to another worker. The form names the worker it showed, so a move someone else made
 * meanwhile is refused rather than overwritten; both workers' phones learn it at their next sync.
 */
export function MoveMemberDialog({ societyId, member, workers }: { societyId: string; member: { id: string; name: string; workerId: string; workerName: string }; workers: WorkerOption[] }) {
  const t = useTranslations("society");
  const form = useForm<MoveMemberInput, unknown, z.output<typeof moveMemberSchema>>({
    resolver: zodResolver(moveMemberSchema),
    defaultValues: { memberId: member.id, fromWorkerId: member.workerId, toWorkerId: "" },
  });
  const { open, setOpen, onSubmit, error, pending } = useDialogForm(form, (v) => moveMemberAction(societyId, v));
  const others = workers.filter((w) => w.id !== member.workerId);
  const fieldId = `move-${member.id}-worker`;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("members.moveTitle", { name: member.name })}
      description={t("members.moveDescription", { worker: member.workerName })}
      onSubmit={onSubmit}
      pending={pending}
      error={error}
      testId="move-member-form"
      trigger={
        <Button type="button" variant="ghost" size="icon" className="size-9" disabled={others.length === 0} aria-label={t("members.moveLabel", { name: member.name })} title={t("members.moveLabel", { name: member.name })} data-testid="move-member">
          <ArrowRightLeft aria-hidden />
        </Button>
      }
    >
      <FormField id={fieldId} label={t("members.toWorker")} error={form.formState.errors.toWorkerId?.message}>
        <WorkerSelect id={fieldId} workers={others} placeholder={t("dialogs.addMember.chooseWorker")} {...form.register("toWorkerId")} aria-invalid={!!form.formState.errors.toWorkerId} />
      </FormField>
    </FormDialog>
  );
}
