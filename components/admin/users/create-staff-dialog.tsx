"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { createStaffAction } from "@/lib/staff/actions";
import { createStaffSchema, type CreateStaffInput, type CreateStaffValues } from "@/lib/staff/schemas";

/** An office a new member of staff can belong to (open ones), labelled for the reader. */
export type OfficeChoice = { id: string; label: string };

export function CreateStaffDialog({ roles, offices }: { roles: readonly StaffRole[]; offices: OfficeChoice[] }) {
  const t = useTranslations("adminUsers");
  const tCommon = useTranslations("adminCommon");
  const tShell = useTranslations("adminShell");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useForm<CreateStaffInput, unknown, CreateStaffValues>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { name: "", phone: "", email: "", role: roles.includes("loan_officer") ? "loan_officer" : roles[0], officeId: offices[0]?.id ?? "", password: "" },
  });
  const errors = form.formState.errors;

  const { onSubmit, error, pending } = useActionSubmit(form, createStaffAction, () => {
    form.reset();
    setOpen(false);
    router.refresh();
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="add-staff">
          <UserPlus aria-hidden />
          {t("add")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")}>
        <DialogHeader>
          <DialogTitle>{t("addTitle")}</DialogTitle>
          <DialogDescription>{t("addText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="create-staff-form">
          <FormField id="staff-name" label={t("name")} error={errors.name?.message}>
            <Input id="staff-name" {...form.register("name")} aria-invalid={!!errors.name} />
          </FormField>
          <FormField id="staff-phone" label={t("phone")} error={errors.phone?.message}>
            <Input id="staff-phone" type="tel" inputMode="tel" {...form.register("phone")} aria-invalid={!!errors.phone} />
          </FormField>
          <FormField id="staff-email" label={t("email")} error={errors.email?.message}>
            <Input id="staff-email" type="email" {...form.register("email")} aria-invalid={!!errors.email} />
          </FormField>
          <FormField id="staff-role" label={t("role")} error={errors.role?.message}>
            <select id="staff-role" className={compactSelectClassName} {...form.register("role")}>
              {roles.map((role) => (
                <option key={role} value={role}>
                  {tShell(`roles.${role}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="staff-office" label={t("office")} error={errors.officeId?.message}>
            <select id="staff-office" className={compactSelectClassName} {...form.register("officeId")} aria-invalid={!!errors.officeId}>
              {offices.map((office) => (
                <option key={office.id} value={office.id}>
                  {office.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="staff-password" label={t("password")} error={errors.password?.message}>
            <Input id="staff-password" type="password" autoComplete="new-password" {...form.register("password")} aria-invalid={!!errors.password} />
          </FormField>
          <ActionErrorAlert error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? tCommon("saving") : tCommon("save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
