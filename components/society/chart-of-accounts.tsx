"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";

import { addAccountAction, labelAccountAction } from "@/lib/society/actions";
import { ACCOUNT_KINDS_ADDED, accountLabelSchema, addAccountSchema } from "@/lib/society/books/schemas";
import { accountName } from "@/lib/society/books/account-name";

type Account = { code: string; kind: string; type: string; name: string | null; label: string | null };

/** The society's chart of accounts: each account's code, name and type; admins rename accounts and add categories. */
export function ChartOfAccounts({ societyId, accounts, isAdmin }: { societyId: string; accounts: Account[]; isAdmin: boolean }) {
  const t = useTranslations("society.books");
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto rounded-md border" tabIndex={0} role="region" aria-label={t("chartTitle")}>
        <table className="w-full text-sm" data-testid="chart-of-accounts">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th className="px-3 py-1.5 font-medium">{t("code")}</th>
              <th className="px-3 py-1.5 font-medium">{t("label")}</th>
              <th className="px-3 py-1.5 font-medium">{t("type")}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {accounts.map((a) => (
              <tr key={a.code}>
                <td className="px-3 py-1.5 tabular-nums">{a.code}</td>
                <td className="px-3 py-1.5">{isAdmin ? <LabelForm societyId={societyId} code={a.code} current={accountName(t, a)} /> : accountName(t, a)}</td>
                <td className="px-3 py-1.5">{t(`types.${a.type as "asset"}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {isAdmin ? <AddAccountForm societyId={societyId} /> : null}
    </div>
  );
}

function LabelForm({ societyId, code, current }: { societyId: string; code: string; current: string }) {
  const t = useTranslations("society.books");
  const tValidation = useTranslations("validation");
  const router = useRouter();
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof accountLabelSchema>, unknown, z.output<typeof accountLabelSchema>>({ resolver: zodResolver(accountLabelSchema), defaultValues: { code, label: current } });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => labelAccountAction(societyId, values), () => {
    setSaved(true);
    router.refresh();
  });
  const labelError = form.formState.errors.label?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1" data-testid={`label-account-${code}`}>
      <div className="flex flex-wrap gap-2">
        <Input id={`account-label-${code}`} aria-label={`${t("label")}: ${code}`} {...form.register("label", { onChange: () => setSaved(false) })} aria-invalid={!!labelError} className="h-8 max-w-56" />
        <Button type="submit" size="sm" variant="outline" disabled={pending}>
          {t("rename")}
        </Button>
        {saved ? (
          <span className="self-center text-xs text-muted-foreground" role="status">
            {t("renamed")}
          </span>
        ) : null}
      </div>
      {labelError ? (
        <p className="text-sm text-destructive" role="alert">
          {tValidation(toValidationMessageKey(labelError))}
        </p>
      ) : null}
      <ActionErrorAlert error={error} />
    </form>
  );
}

function AddAccountForm({ societyId }: { societyId: string }) {
  const t = useTranslations("society.books");
  const router = useRouter();
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<z.input<typeof addAccountSchema>, unknown, z.output<typeof addAccountSchema>>({ resolver: zodResolver(addAccountSchema), defaultValues: { kind: "expense_category", name: "" } });
  const { onSubmit, error, pending } = useActionSubmit(form, (values) => addAccountAction(societyId, values), (data) => {
    setAdded(data.code);
    form.reset({ kind: form.getValues("kind"), name: "" });
    router.refresh();
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3" data-testid="add-account-form">
      <FormField id="new-account-kind" label={t("kind")}>
        <select id="new-account-kind" className={compactSelectClassName} {...form.register("kind")}>
          {ACCOUNT_KINDS_ADDED.map((k) => (
            <option key={k} value={k}>
              {t(`newKinds.${k}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="new-account-name" label={t("accountName")} error={nameError}>
        <Input id="new-account-name" {...form.register("name")} aria-invalid={!!nameError} className="max-w-56" />
      </FormField>
      <Button type="submit" size="sm" disabled={pending} data-testid="add-account-submit">
        {t("addAccount")}
      </Button>
      <ActionErrorAlert error={error} />
      {added ? <p role="status" className="text-sm text-muted-foreground">{t("added", { code: added })}</p> : null}
    </form>
  );
}
