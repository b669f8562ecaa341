"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ActionErrorAlert, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { updateCustomerAction } from "@/lib/customers/actions";
import {
  CUSTOMER_EMPLOYMENT_TYPES,
  CUSTOMER_STATUSES,
  KYC_STATUSES,
  MAX_CREDIT_SCORE,
  MIN_CREDIT_SCORE,
  updateCustomerSchema,
  type UpdateCustomerInput,
  type UpdateCustomerValues,
} from "@/lib/customers/schemas";
import type { Locale } from "@/i18n/config";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { SelectInput, TextInput } from "./customer-form-parts";

const TABS = {
  personal: ["name", "email", "nid", "dateOfBirth", "status"],
  contact: ["phone", "address", "emergencyContactName", "emergencyContactPhone", "emergencyContactRelation"],
  financial: ["employmentType", "employer", "monthlyIncome", "creditScore", "bankName", "bankAccountNumber", "bankBranch"],
} as const satisfies Record<string, readonly (keyof UpdateCustomerInput)[]>;
type Tab = keyof typeof TABS;
const TAB_ORDER = Object.keys(TABS) as Tab[];

/**
 * The edit dialog (?edit=U…): three tabs, Cancel and Save Changes. It carries the record's updatedAt from when it
 * was opened, so a save over someone else's newer one is refused. Account status is editable only with
 * "customers.status"; otherwise it is shown and sent back unchanged. KYC status is only shown: it follows the
 * customer's latest KYC case, decided on the KYC screen.
 */
export function EditCustomerDialog({
  initial,
  title,
  closeHref,
  canChangeStatus,
  kycStatus,
}: {
  initial: UpdateCustomerInput;
  kycStatus: (typeof KYC_STATUSES)[number];
  title: string;
  closeHref: string;
  canChangeStatus: boolean;
}) {
  const t = useTranslations("adminCustomers");
  const tCommon = useTranslations("adminCommon");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [tab, setTab] = useState<Tab>("personal");
  const form = useForm<UpdateCustomerInput, unknown, UpdateCustomerValues>({ resolver: zodResolver(updateCustomerSchema), defaultValues: initial });
  const { onSubmit, error, pending } = useActionSubmit(form, updateCustomerAction, () => {
    announceNotice({ tone: "success", title: t("notices.updatedTitle"), text: t("notices.updatedText") });
    router.push(closeHref, { scroll: false });
  });
  const errors = form.formState.errors;
  const tabHasError = (name: Tab) => TABS[name].some((field) => field in errors);
  const errorKeys = Object.keys(errors).join(",");

  // A refused field may sit on another tab: show the first tab that has one, unless this tab has its own
  // (adjusted while rendering, when the set of refused fields changes).
  const [seenErrorKeys, setSeenErrorKeys] = useState("");
  if (errorKeys !== seenErrorKeys) {
    setSeenErrorKeys(errorKeys);
    const refused = errorKeys.split(",");
    if (errorKeys && !TABS[tab].some((f) => refused.includes(f))) setTab(TAB_ORDER.find((name) => TABS[name].some((f) => refused.includes(f))) ?? tab);
  }

  const p = { form, idPrefix: "edit-customer" } as const;
  const status = initial.status as (typeof CUSTOMER_STATUSES)[number];

  return (
    <Dialog open onOpenChange={(open) => !open && router.push(closeHref, { scroll: false })}>
      <DialogContent closeLabel={tCommon("close")} className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl" data-testid="edit-customer-dialog">
        <DialogHeader>
          <DialogTitle className="text-base break-all sm:text-lg">{title}</DialogTitle>
          <DialogDescription>{t("editText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="edit-customer-form">
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList className="grid h-auto w-full grid-cols-1 sm:grid-cols-3">
              {TAB_ORDER.map((name) => (
                <TabsTrigger key={name} value={name} data-testid={`edit-tab-${name}`} className={cn(tabHasError(name) && "text-destructive")}>
                  {t(`editTabs.${name}`)}
                  {tabHasError(name) ? <span className="sr-only"> ({t("tabHasErrors")})</span> : null}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="personal" forceMount className="grid gap-3 pt-2 data-[state=inactive]:hidden sm:grid-cols-2">
              <TextInput {...p} name="name" label={t("fields.name")} autoComplete="off" />
              <TextInput {...p} name="email" label={t("fields.emailOptional")} type="email" autoComplete="off" />
              <TextInput {...p} name="nid" label={t("fields.nid")} inputMode="numeric" autoComplete="off" hint={t("hints.nid")} />
              <TextInput {...p} name="dateOfBirth" label={t("fields.dateOfBirth")} type="date" />
              {canChangeStatus ? (
                <SelectInput {...p} name="status" label={t("fields.status")} options={CUSTOMER_STATUSES.map((s) => [s, t(`status.${s}`)] as const)} />
              ) : (
                <div className="space-y-1 text-sm" data-testid="status-readonly">
                  <p>
                    {t("fields.status")}: <span className="font-medium">{t(`status.${status}`)}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">{t("hints.statusPermission")}</p>
                </div>
              )}
              <div className="space-y-1 text-sm" data-testid="kyc-readonly">
                <p>
                  {t("fields.kycStatus")}: <span className="font-medium">{t(`kyc.${kycStatus}`)}</span>
                </p>
                <p className="text-xs text-muted-foreground">{t("hints.kycFollowsCase")}</p>
              </div>
            </TabsContent>
            <TabsContent value="contact" forceMount className="grid gap-3 pt-2 data-[state=inactive]:hidden sm:grid-cols-2">
              <TextInput {...p} name="phone" label={t("fields.phone")} type="tel" inputMode="tel" autoComplete="off" />
              <div className="sm:col-span-2">
                <TextInput {...p} name="address" label={t("fields.address")} autoComplete="off" />
              </div>
              <TextInput {...p} name="emergencyContactName" label={t("fields.emergencyContactName")} autoComplete="off" />
              <TextInput {...p} name="emergencyContactPhone" label={t("fields.emergencyContactPhone")} type="tel" inputMode="tel" autoComplete="off" />
              <TextInput {...p} name="emergencyContactRelation" label={t("fields.emergencyContactRelation")} autoComplete="off" hint={t("hints.relation")} />
            </TabsContent>
            <TabsContent value="financial" forceMount className="grid gap-3 pt-2 data-[state=inactive]:hidden sm:grid-cols-2">
              <SelectInput
                {...p}
                name="employmentType"
                label={t("fields.employmentType")}
                options={[["", t("notSet")] as const, ...CUSTOMER_EMPLOYMENT_TYPES.map((e) => [e, t(`employment.${e}`)] as const)]}
              />
              <TextInput {...p} name="employer" label={t("fields.employer")} autoComplete="off" />
              <TextInput {...p} name="monthlyIncome" label={t("fields.monthlyIncome")} inputMode="numeric" autoComplete="off" hint={t("hints.wholeTaka")} />
              <TextInput
                {...p}
                name="creditScore"
                label={t("fields.creditScoreRange", { min: formatNumber(MIN_CREDIT_SCORE, locale), max: formatNumber(MAX_CREDIT_SCORE, locale) })}
                inputMode="numeric"
                autoComplete="off"
                hint={t("hints.creditScore")}
              />
              <TextInput {...p} name="bankName" label={t("fields.bankName")} autoComplete="off" />
              <TextInput {...p} name="bankAccountNumber" label={t("fields.bankAccountNumber")} inputMode="numeric" autoComplete="off" />
              <TextInput {...p} name="bankBranch" label={t("fields.bankBranch")} autoComplete="off" />
            </TabsContent>
          </Tabs>
          <ActionErrorAlert error={error && (error.code !== "validation" || error.reason) ? error : null} title={t("notices.failedTitle")} reasonsFrom="adminCustomers" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => router.push(closeHref, { scroll: false })}>
              {tCommon("cancel")}
            </Button>
            <Button type="submit" disabled={pending} data-testid="save-customer">
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {t("saveChanges")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
