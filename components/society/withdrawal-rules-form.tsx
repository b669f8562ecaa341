"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { updateWithdrawalRulesAction } from "@/lib/society/actions";
import { withdrawalRulesSchema } from "@/lib/society/books/schemas";

type Values = z.input<typeof withdrawalRulesSchema>;

/** The society's withdrawal rules (admins): the minimum a member's savings keep, and the limit for a second person. */
export function WithdrawalRulesForm({ societyId, rules, disabled }: { societyId: string; rules: { minimumSavingsBalance: number; withdrawalApprovalLimit: number }; disabled: boolean }) {
  const t = useTranslations("society.books");
  const router = useRouter();
  const form = useForm<Values, unknown, z.output<typeof withdrawalRulesSchema>>({
    resolver: zodResolver(withdrawalRulesSchema),
    defaultValues: { minimumSavingsBalance: String(rules.minimumSavingsBalance), withdrawalApprovalLimit: String(rules.withdrawalApprovalLimit) },
  });
  const { onSubmit, error, pending, succeeded } = useActionSubmit(form, (values) => updateWithdrawalRulesAction(societyId, values), () => router.refresh());
  const field = (name: keyof Values, id: string, label: string) => {
    const message = form.formState.errors[name]?.message;
    return (
      <FormField id={id} label={label} error={message}>
        <Input id={id} inputMode="numeric" disabled={disabled} {...form.register(name)} aria-invalid={!!message} className="w-40" />
      </FormField>
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" data-testid="withdrawal-rules-form">
      <div className="flex flex-wrap items-end gap-3">
        {field("minimumSavingsBalance", "rules-minimum", t("minimumSavings"))}
        {field("withdrawalApprovalLimit", "rules-limit", t("approvalLimit"))}
        {disabled ? null : (
          <Button type="submit" variant="outline" disabled={pending} data-testid="withdrawal-rules-save">
            {t("saveRules")}
          </Button>
        )}
      </div>
      <ActionErrorAlert error={error} />
      {succeeded ? <p className="text-sm text-muted-foreground" role="status">{t("rulesSaved")}</p> : null}
    </form>
  );
}
