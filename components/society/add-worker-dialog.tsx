"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ACCEPTED_IMAGE_TYPES } from "@/lib/documents/image";
import { addWorkerAction } from "@/lib/society/actions";
import { workerSchema, type WorkerInput, type WorkerValues } from "@/lib/society/schemas";
import { FormDialog } from "./form-dialog";
import { useDialogForm } from "./use-dialog-form";

export function AddWorkerDialog({ societyId }: { societyId: string }) {
  const t = useTranslations("society");
  const photoRef = useRef<HTMLInputElement>(null);
  const form = useForm<WorkerInput & { photo?: string }, unknown, WorkerValues>({ resolver: zodResolver(workerSchema), defaultValues: { name: "", area: "", phone: "" } });
  const errors = form.formState.errors;
  const { open, setOpen, onSubmit, error, pending } = useDialogForm(form, (values) =>
    addWorkerAction(societyId, { name: values.name, area: values.area, phone: values.phone, photo: photoRef.current?.files?.[0] ?? null }),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={t("dialogs.addWorker.title")}
      onSubmit={onSubmit}
      pending={pending}
      error={error}
      testId="add-worker-form"
      trigger={
        <Button data-testid="add-worker">
          <UserPlus aria-hidden />
          {t("workers.add")}
        </Button>
      }
    >
      <FormField id="worker-name" label={t("dialogs.addWorker.name")} error={errors.name?.message}>
        <Input id="worker-name" {...form.register("name")} aria-invalid={!!errors.name} />
      </FormField>
      <FormField id="worker-area" label={t("dialogs.addWorker.area")} error={errors.area?.message}>
        <Input id="worker-area" {...form.register("area")} aria-invalid={!!errors.area} />
      </FormField>
      <FormField id="worker-phone" label={t("dialogs.addWorker.phone")} error={errors.phone?.message}>
        <Input id="worker-phone" type="tel" inputMode="tel" {...form.register("phone")} aria-invalid={!!errors.phone} />
      </FormField>
      <FormField id="worker-photo" label={t("dialogs.addWorker.photo")} hint={t("dialogs.addWorker.photoHint")} error={errors.photo?.message}>
        <Input id="worker-photo" type="file" accept={ACCEPTED_IMAGE_TYPES.join(",")} ref={photoRef} />
      </FormField>
    </FormDialog>
  );
}
