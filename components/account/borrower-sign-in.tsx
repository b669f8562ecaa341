"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import { FormField } from "@/components/admin/forms";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CODE_RESEND_INTERVAL_MS } from "@/lib/borrower/limits";
import { identitySchema, requestCodeSchema, verifyCodeSchema } from "@/lib/borrower/schemas";
import { requestBorrowerCode, verifyBorrowerCode, verifyBorrowerIdentity } from "@/lib/borrower/sign-in-actions";

type Step = "phone" | "code" | "identity";

/** One labelled input of the sign-in, through the forms' shared field (label, hint, translated error). */
function Field({
  registration,
  error,
  id,
  label,
  hint,
  ...input
}: { registration: UseFormRegisterReturn; error: string | undefined; id: string; label: string; hint?: string } & React.ComponentProps<"input">) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...input} {...registration} aria-invalid={!!error} />
    </FormField>
  );
}

function Problem({ text }: { text: string | null }) {
  return text ? (
    <Alert variant="destructive" role="alert" data-testid="account-sign-in-error">
      <AlertDescription>{text}</AlertDescription>
    </Alert>
  ) : null;
}

/**
 * Sign-in to the borrower's page: the mobile number, the code from the SMS and, on a device not seen before, the last
 * four digits of the NID or the date of birth. Whether the number is known is never shown: the code step always opens.
 */
export function BorrowerSignIn() {
  const t = useTranslations("account.signIn");
  const router = useRouter();
  const [step, setStep] = useState<Step>("phone");
  const [phone, setPhone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const phoneForm = useForm<z.input<typeof requestCodeSchema>, unknown, z.output<typeof requestCodeSchema>>({ resolver: zodResolver(requestCodeSchema), defaultValues: { phone: "" } });
  const codeForm = useForm<z.input<typeof verifyCodeSchema>, unknown, z.output<typeof verifyCodeSchema>>({ resolver: zodResolver(verifyCodeSchema), defaultValues: { phone: "", code: "" } });
  const identityForm = useForm<z.input<typeof identitySchema>, unknown, z.output<typeof identitySchema>>({
    resolver: zodResolver(identitySchema),
    defaultValues: { nidLast4: "", dateOfBirth: "" },
  });

  const sendCode = (typed: string) =>
    startTransition(async () => {
      setProblem(null);
      const result = await requestBorrowerCode({ phone: typed });
      if (result.ok) {
        setPhone(typed);
        codeForm.reset({ phone: typed, code: "" });
        setNotice(t("codeSent", { seconds: CODE_RESEND_INTERVAL_MS / 1000 }));
        setStep("code");
        return;
      }
      if (result.error === "tooSoon" && result.codeOnThisDevice) {
        // The code this device asked for a moment ago still works: go on to it.
        setPhone(typed);
        codeForm.reset({ phone: typed, code: "" });
        setNotice(t("errors.tooSoon", { seconds: result.retryAfterSeconds }));
        setStep("code");
        return;
      }
      // This device holds no code to type (another browser asked): it waits on this step and asks again.
      if (result.error === "tooSoon") return setProblem(t("errors.askAgainIn", { seconds: result.retryAfterSeconds }));
      setProblem(t(`errors.${result.error}`));
    });

  const onPhone = phoneForm.handleSubmit(() => sendCode(phoneForm.getValues("phone")));

  const onCode = codeForm.handleSubmit((values) =>
    startTransition(async () => {
      setProblem(null);
      const result = await verifyBorrowerCode({ phone, code: values.code });
      if (!result.ok) return setProblem(t(`errors.${result.error}`));
      if (result.step === "identity") {
        setNotice(null);
        return setStep("identity");
      }
      router.refresh();
    }),
  );

  // The server parses what was typed with the same schema (not the parsed values: they hold nulls).
  const onIdentity = identityForm.handleSubmit(() =>
    startTransition(async () => {
      setProblem(null);
      const result = await verifyBorrowerIdentity(identityForm.getValues());
      if (result.ok) return router.refresh();
      setProblem(t(`errors.${result.error}`));
      if (result.error === "expired" || result.error === "locked") setStep("phone");
    }),
  );

  const submit = (label: string, busy: string, testId: string) => (
    <Button type="submit" disabled={pending} data-testid={testId} className="w-full sm:w-auto">
      {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {pending ? busy : label}
    </Button>
  );

  return (
    <div className="max-w-md space-y-4" data-testid="account-sign-in">
      {notice && step !== "phone" ? (
        <Alert data-testid="account-sign-in-notice" aria-live="polite">
          <AlertDescription>{notice}</AlertDescription>
        </Alert>
      ) : null}
      {step === "phone" ? (
        <form onSubmit={onPhone} noValidate className="space-y-4" data-testid="account-phone-form">
          <Field registration={phoneForm.register("phone")} error={phoneForm.formState.errors.phone?.message} id="account-phone" label={t("phone")} hint={t("phoneHint")} type="tel" inputMode="tel" autoComplete="tel" placeholder="01712-345678" />
          <Problem text={problem} />
          {submit(t("sendCode"), t("sending"), "account-send-code")}
        </form>
      ) : null}
      {step === "code" ? (
        <form onSubmit={onCode} noValidate className="space-y-4" data-testid="account-code-form">
          <Field registration={codeForm.register("code")} error={codeForm.formState.errors.code?.message} id="account-code" label={t("code")} hint={t("codeHint")} inputMode="numeric" autoComplete="one-time-code" maxLength={12} />
          <Problem text={problem} />
          <div className="flex flex-col gap-2 sm:flex-row">
            {submit(t("verify"), t("checking"), "account-verify-code")}
            <Button type="button" variant="outline" disabled={pending} onClick={() => sendCode(phone)} data-testid="account-resend">
              {t("resend")}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={pending}
              onClick={() => {
                setProblem(null);
                setStep("phone");
              }}
            >
              {t("changeNumber")}
            </Button>
          </div>
        </form>
      ) : null}
      {step === "identity" ? (
        <form onSubmit={onIdentity} noValidate className="space-y-4" data-testid="account-identity-form">
          <p className="text-sm">{t("identityIntro")}</p>
          <Field registration={identityForm.register("nidLast4")} error={identityForm.formState.errors.nidLast4?.message} id="account-nid-last4" label={t("nidLast4")} inputMode="numeric" maxLength={8} autoComplete="off" />
          <p className="text-muted-foreground text-sm">{t("or")}</p>
          <Field registration={identityForm.register("dateOfBirth")} error={identityForm.formState.errors.dateOfBirth?.message} id="account-dob" label={t("dateOfBirth")} type="date" autoComplete="bday" />
          <Problem text={problem} />
          {submit(t("confirm"), t("checking"), "account-verify-identity")}
        </form>
      ) : null}
    </div>
  );
}
