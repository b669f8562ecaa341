"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Loader2, ShieldCheck } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { passwordStepSchema, type PasswordStepInput } from "@/lib/auth/sign-in-schemas";
import {
  cancelSignIn,
  submitSignInCode,
  submitSignInPassword,
  type CodeActionResult,
  type PasswordActionResult,
} from "@/lib/auth/sign-in-actions";
import { toAsciiDigits } from "@/lib/format";

type Step = { kind: "password" } | { kind: "code" } | { kind: "enrol"; secret: string; qrSvg: string } | { kind: "recoveryCodes"; codes: string[]; redirectTo: string };
type Failure = Extract<PasswordActionResult | CodeActionResult, { ok: false }>;

/** Only digits, at most six: Bengali digits become ASCII as they are typed. */
function sixDigits(value: string): string {
  return toAsciiDigits(value).replace(/\D/g, "").slice(0, 6);
}

/** Where to go after signing in: the page that sent the visitor here (only the society home), else the role's home. */
export function LoginForm({ next }: { next?: string | null }) {
  const t = useTranslations("adminAuth");
  const format = useFormatter();
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [error, setError] = useState<Failure | null>(null);
  const [pending, startTransition] = useTransition();
  const [code, setCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);

  const form = useForm<PasswordStepInput>({ resolver: zodResolver(passwordStepSchema), defaultValues: { phone: "", password: "" } });

  const message = (failure: Failure) => {
    if (failure.error === "locked" && failure.lockedUntil) {
      return t("errors.locked", { time: format.dateTime(new Date(failure.lockedUntil), { hour: "numeric", minute: "2-digit" }) });
    }
    // codesUnavailable: the server cannot open the two-step secret (its key): not the person's mistake, not counted.
    return t(`errors.${failure.error}`);
  };

  const clearError = () => setError(null);

  const onPassword = form.handleSubmit((values) =>
    startTransition(async () => {
      const result = await submitSignInPassword(values);
      if (!result.ok) return setError(result);
      setError(null);
      setCode("");
      setStep(result.step === "enrol" ? { kind: "enrol", ...result.enrolment } : { kind: "code" });
    }),
  );

  const onCode = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await submitSignInCode({ code, recovery: useRecovery });
      if (!result.ok) {
        if (result.error === "expired") setStep({ kind: "password" });
        return setError(result);
      }
      const redirectTo = next ?? result.redirectTo;
      if (result.recoveryCodes) return setStep({ kind: "recoveryCodes", codes: result.recoveryCodes, redirectTo });
      router.replace(redirectTo);
      router.refresh();
    });
  };

  const backToLogin = () =>
    startTransition(async () => {
      await cancelSignIn();
      setError(null);
      setCode("");
      setUseRecovery(false);
      setStep({ kind: "password" });
    });

  const errorAlert = error ? (
    <Alert variant="destructive" role="alert" data-testid="login-error">
      <AlertDescription>{message(error)}</AlertDescription>
    </Alert>
  ) : null;

  if (step.kind === "recoveryCodes") {
    return (
      <div className="space-y-4" data-testid="recovery-codes">
        <h2 className="text-lg font-semibold">{t("recoveryTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("recoveryText")}</p>
        <ul className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm">
          {step.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <Button
          className="w-full"
          onClick={() => {
            router.replace(step.redirectTo);
            router.refresh();
          }}
        >
          {t("recoverySaved")}
        </Button>
      </div>
    );
  }

  if (step.kind === "code" || step.kind === "enrol") {
    const enrolling = step.kind === "enrol";
    const recovery = useRecovery && !enrolling;
    return (
      <form onSubmit={onCode} className="space-y-4" data-testid={enrolling ? "enrol-step" : "code-step"} noValidate>
        <div className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg font-semibold">{enrolling ? t("enrolTitle") : t("codeTitle")}</h2>
        </div>
        {enrolling ? (
          <>
            <p className="text-sm text-muted-foreground">{t("enrolText")}</p>
            {/* SVG drawn on the server by the qrcode library from our own secret. */}
            <div className="mx-auto w-48 rounded-md border bg-white p-2" data-testid="enrol-qr" dangerouslySetInnerHTML={{ __html: step.qrSvg }} />
            <p className="text-sm">{t("enrolKey")}</p>
            <p className="rounded-md bg-muted p-2 text-center font-mono text-sm break-all" data-testid="enrol-secret">
              {step.secret.replace(/(.{4})/g, "$1 ").trim()}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("codeText")}</p>
        )}
        <div className="space-y-2">
          <Label htmlFor="code">{recovery ? t("recoveryCode") : t("code")}</Label>
          <Input
            id="code"
            name="code"
            autoFocus
            autoComplete="one-time-code"
            inputMode={recovery ? "text" : "numeric"}
            maxLength={recovery ? 11 : 6}
            value={code}
            onChange={(e) => {
              setCode(recovery ? e.target.value.slice(0, 11) : sixDigits(e.target.value));
              clearError();
            }}
            className={recovery ? "font-mono" : "text-center font-mono text-lg tracking-[0.5em]"}
          />
        </div>
        {errorAlert}
        <Button type="submit" className="w-full" disabled={pending || (!recovery && code.length !== 6) || (recovery && code.trim() === "")}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          {pending ? t("verifying") : enrolling ? t("confirm") : t("verify")}
        </Button>
        {!enrolling ? (
          <Button
            type="button"
            variant="link"
            className="w-full"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode("");
              clearError();
            }}
          >
            {useRecovery ? t("useAuthenticator") : t("useRecovery")}
          </Button>
        ) : null}
        <Button type="button" variant="outline" className="w-full" onClick={backToLogin} disabled={pending}>
          {t("backToLogin")}
        </Button>
      </form>
    );
  }

  const phoneField = form.register("phone", { onChange: clearError });
  const passwordField = form.register("password", { onChange: clearError });
  return (
    <form onSubmit={onPassword} className="space-y-4" data-testid="password-step" noValidate>
      <div className="space-y-2">
        <Label htmlFor="phone">{t("phone")}</Label>
        <Input id="phone" type="tel" inputMode="tel" autoComplete="username" placeholder={t("phonePlaceholder")} {...phoneField} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="password">{t("password")}</Label>
        <Input id="password" type="password" autoComplete="current-password" {...passwordField} />
      </div>
      {form.formState.errors.phone || form.formState.errors.password ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{t("errors.validation")}</AlertDescription>
        </Alert>
      ) : null}
      {errorAlert}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </form>
  );
}
