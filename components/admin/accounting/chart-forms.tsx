"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { addLenderSubAccountAction, renameLenderAccountAction, setProductAccountsAction } from "@/lib/accounting/actions";
import {
  addLenderSubAccountSchema,
  productAccountsSchema,
  renameLenderAccountSchema,
  type AddLenderSubAccountValues,
  type ProductAccountsValues,
  type RenameLenderAccountValues,
} from "@/lib/accounting/schemas";

export type AccountOption = { code: string; label: string };
const box = "space-y-3 rounded-md border bg-background p-4";

/** A super admin names an account; picking one fills in its current names (decision 0269). */
export function RenameAccountForm({ accounts }: { accounts: (AccountOption & { labelBn: string; labelEn: string })[] }) {
  const t = useTranslations("adminAccounting.chart");
  const router = useRouter();
  const first = accounts[0]!;
  const form = useForm<RenameLenderAccountValues, unknown, z.output<typeof renameLenderAccountSchema>>({
    resolver: zodResolver(renameLenderAccountSchema),
    defaultValues: { code: first.code, labelBn: first.labelBn, labelEn: first.labelEn },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, renameLenderAccountAction, (data) => {
    announceNotice({ tone: "success", text: t("renamed", { code: data.code }) });
    router.refresh();
  });
  const errors = form.formState.errors;
  const code = form.register("code");
  return (
    <form onSubmit={onSubmit} noValidate className={box} data-testid="rename-account-form">
      <h3 className="font-semibold">{t("renameTitle")}</h3>
      <p className="text-sm text-muted-foreground">{t("renameText")}</p>
      <FormField id="rename-account-code" label={t("account")} error={errors.code?.message}>
        <select
          id="rename-account-code"
          className={compactSelectClassName}
          {...code}
          onChange={(event) => {
            void code.onChange(event);
            const picked = accounts.find((a) => a.code === event.target.value);
            form.setValue("labelBn", picked?.labelBn ?? "");
            form.setValue("labelEn", picked?.labelEn ?? "");
          }}
        >
          {accounts.map((a) => (
            <option key={a.code} value={a.code}>
              {a.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="rename-account-bn" label={t("nameBn")} error={errors.labelBn?.message}>
        <Input id="rename-account-bn" autoComplete="off" {...form.register("labelBn")} aria-invalid={!!errors.labelBn} />
      </FormField>
      <FormField id="rename-account-en" label={t("nameEn")} error={errors.labelEn?.message}>
        <Input id="rename-account-en" autoComplete="off" {...form.register("labelEn")} aria-invalid={!!errors.labelEn} />
      </FormField>
      <Button type="submit" size="sm" disabled={pending} data-testid="rename-account-submit">
        {t("rename")}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}

/** A super admin adds a sub-account under any account: it takes the parent's type and purpose. */
export function AddSubAccountForm({ parents }: { parents: AccountOption[] }) {
  const t = useTranslations("adminAccounting.chart");
  const router = useRouter();
  const form = useForm<AddLenderSubAccountValues, unknown, z.output<typeof addLenderSubAccountSchema>>({
    resolver: zodResolver(addLenderSubAccountSchema),
    defaultValues: { parentCode: parents[0]!.code, code: "", labelBn: "", labelEn: "" },
  });
  const { onSubmit, error, pending } = useActionSubmit(form, addLenderSubAccountAction, (data) => {
    announceNotice({ tone: "success", text: t("added", { code: data.code }) });
    form.reset({ ...form.getValues(), code: "", labelBn: "", labelEn: "" });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className={box} data-testid="add-sub-account-form">
      <h3 className="font-semibold">{t("addTitle")}</h3>
      <FormField id="sub-account-parent" label={t("parent")} error={errors.parentCode?.message}>
        <select id="sub-account-parent" className={compactSelectClassName} {...form.register("parentCode")}>
          {parents.map((a) => (
            <option key={a.code} value={a.code}>
              {a.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="sub-account-code" label={t("code")} error={errors.code?.message}>
        <Input id="sub-account-code" inputMode="numeric" autoComplete="off" className="w-32" {...form.register("code")} aria-invalid={!!errors.code} />
      </FormField>
      <FormField id="sub-account-bn" label={t("nameBn")} error={errors.labelBn?.message}>
        <Input id="sub-account-bn" autoComplete="off" {...form.register("labelBn")} aria-invalid={!!errors.labelBn} />
      </FormField>
      <FormField id="sub-account-en" label={t("nameEn")} error={errors.labelEn?.message}>
        <Input id="sub-account-en" autoComplete="off" {...form.register("labelEn")} aria-invalid={!!errors.labelEn} />
      </FormField>
      <Button type="submit" size="sm" disabled={pending} data-testid="add-sub-account-submit">
        {t("add")}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}

type ProductField = "portfolio" | "interestIncome" | "lateFeeIncome";
const PRODUCT_FIELDS: readonly ProductField[] = ["portfolio", "interestIncome", "lateFeeIncome"];

/** A super admin sets the accounts one product's loans post to (each the kind's own or one of its sub-accounts). */
export function ProductAccountsForm({
  product,
  title,
  current,
  options,
}: {
  product: ProductAccountsValues["product"];
  title: string;
  current: Record<ProductField, string>;
  options: Record<ProductField, AccountOption[]>;
}) {
  const t = useTranslations("adminAccounting.chart");
  const router = useRouter();
  const form = useForm<ProductAccountsValues, unknown, z.output<typeof productAccountsSchema>>({ resolver: zodResolver(productAccountsSchema), defaultValues: { product, ...current } });
  const { onSubmit, error, pending } = useActionSubmit(form, setProductAccountsAction, () => {
    announceNotice({ tone: "success", text: t("productSaved", { product: title }) });
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate className={box} data-testid="product-accounts-form" data-product={product} aria-labelledby={`product-${product}-title`}>
      <h3 id={`product-${product}-title`} className="font-semibold">
        {title}
      </h3>
      {PRODUCT_FIELDS.map((field) => (
        <FormField key={field} id={`product-${product}-${field}`} label={t(field)} error={errors[field]?.message}>
          <select id={`product-${product}-${field}`} className={compactSelectClassName} {...form.register(field)} aria-invalid={!!errors[field]} data-testid={`product-${field}`}>
            {options[field].map((a) => (
              <option key={a.code} value={a.code}>
                {a.label}
              </option>
            ))}
          </select>
        </FormField>
      ))}
      <Button type="submit" size="sm" disabled={pending} data-testid="product-accounts-submit">
        {t("saveProduct", { product: title })}
      </Button>
      <ActionErrorAlert error={error} />
    </form>
  );
}
