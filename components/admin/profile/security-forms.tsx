"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ActionErrorAlert, FormField, FormSubmitRow, useActionSubmit } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import type { ActionError } from "@/lib/auth/action-result";
import { changeOwnPasswordAction, regenerateRecoveryCodesAction } from "@/lib/auth/profile-actions";
import { changePasswordSchema } from "@/lib/auth/sign-in-schemas";

type PasswordForm = z.input<typeof changePasswordSchema>;

export function ChangePasswordForm() {
  const t = useTranslations("adminProfile");
  const form = useForm<PasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { onSubmit, error, succeeded: done, pending } = useActionSubmit(form, changeOwnPasswordAction, () => form.reset());
  const errors = form.formState.errors;
  const field = (name: keyof PasswordForm, autoComplete: string) => (
    <FormField id={`profile-${name}`} label={t(name)} error={errors[name]?.message}>
      <Input id={`profile-${name}`} type="password" autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
    </FormField>
  );
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      {field("currentPassword", "current-password")}
      {field("newPassword", "new-password")}
      {field("confirmPassword", "new-password")}
      <FormSubmitRow pending={pending} error={error} success={done ? t("passwordChanged") : null} />
    </form>
  );
}

export function RecoveryCodesPanel() {
  const t = useTranslations("adminProfile");
  const router = useRouter();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <div className="space-y-2">
      <p className="text-muted-foreground">{t("regenerateText")}</p>
      <Button
        variant="outline"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            const result = await regenerateRecoveryCodesAction({});
            if (!result.ok) return setError(result.error);
            setError(null);
            setCodes(result.data.codes);
            router.refresh();
          })
        }
      >
        {t("regenerate")}
      </Button>
      <ActionErrorAlert error={error} />
      {codes ? (
        <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono" data-testid="new-recovery-codes">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
