"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionErrorAlert, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { createCustomerAction } from "@/lib/customers/actions";
import { createCustomerSchema, CUSTOMER_EMPLOYMENT_TYPES, type CreateCustomerInput, type CreateCustomerValues } from "@/lib/customers/schemas";
import { SelectInput, TextInput } from "./customer-form-parts";

const EMPTY: CreateCustomerInput = {
  name: "",
  phone: "",
  email: "",
  nid: "",
  address: "",
  dateOfBirth: "",
  employmentType: "salaried",
  employer: "",
  monthlyIncome: "",
  branchId: "",
};

/**
 * Add User: a new customer record, numbered by the server; a taken NID is refused with its holder's number. Staff who
 * see several branches (head office, an area) choose hers.
 */
export function AddCustomerDialog({ branches }: { branches: readonly { id: string; label: string }[] }) {
  const t = useTranslations("adminCustomers");
  const tCommon = useTranslations("adminCommon");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const form = useForm<CreateCustomerInput, unknown, CreateCustomerValues>({ resolver: zodResolver(createCustomerSchema), defaultValues: EMPTY });
  const { onSubmit, error, pending } = useActionSubmit(form, createCustomerAction, (data) => {
    form.reset(EMPTY);
    setOpen(false);
    announceNotice({ tone: "success", title: t("notices.createdTitle"), text: t("notices.createdText", { userNumber: data.userNumber }) });
    router.refresh();
  });
  const p = { form, idPrefix: "add-customer" } as const;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="add-customer">
          <UserPlus aria-hidden />
          {t("add")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" data-testid="add-customer-dialog">
        <DialogHeader>
          <DialogTitle>{t("addTitle")}</DialogTitle>
          <DialogDescription>{t("addText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="add-customer-form">
          <div className="grid gap-3 sm:grid-cols-2">
            <TextInput {...p} name="name" label={t("fields.name")} autoComplete="off" />
            <TextInput {...p} name="phone" label={t("fields.phone")} type="tel" inputMode="tel" autoComplete="off" />
            <TextInput {...p} name="email" label={t("fields.emailOptional")} type="email" autoComplete="off" />
            <TextInput {...p} name="nid" label={t("fields.nid")} inputMode="numeric" autoComplete="off" hint={t("hints.nid")} />
            <TextInput {...p} name="dateOfBirth" label={t("fields.dateOfBirth")} type="date" />
            <SelectInput {...p} name="employmentType" label={t("fields.employmentType")} options={CUSTOMER_EMPLOYMENT_TYPES.map((e) => [e, t(`employment.${e}`)] as const)} />
            <TextInput {...p} name="employer" label={t("fields.employer")} autoComplete="off" />
            <TextInput {...p} name="monthlyIncome" label={t("fields.monthlyIncome")} inputMode="numeric" autoComplete="off" hint={t("hints.wholeTaka")} />
          </div>
          <TextInput {...p} name="address" label={t("fields.address")} autoComplete="off" />
          {branches.length > 0 ? (
            <SelectInput {...p} name="branchId" label={t("fields.branch")} options={[["", t("chooseBranch")] as const, ...branches.map((b) => [b.id, b.label] as const)]} />
          ) : null}
          <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} reasonsFrom="adminCustomers" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={pending} data-testid="confirm-add-customer">
              {pending ? tCommon("saving") : t("addSubmit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
