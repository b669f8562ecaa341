"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { preparePhoto } from "@/components/nid/prepare-photo";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";
import { submitKycResubmission } from "@/lib/kyc/public-actions";
import type { KycResubmissionResult } from "@/lib/kyc/resubmission";
import { kycResubmissionSchema } from "@/lib/kyc/schemas";

type Input = z.input<typeof kycResubmissionSchema>;
type Output = z.output<typeof kycResubmissionSchema>;

/**
 * The applicant's side of "Request New Document": their phone number and a new photo of the card's front.
 * The photo is shrunk on the phone first (slow mobile data); the server checks everything again.
 */
export function KycResubmissionForm({ token }: { token: string }) {
  const t = useTranslations("kycResubmit");
  const tv = useTranslations("validation");
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(kycResubmissionSchema), defaultValues: { token, phone: "" } });
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const onSubmit = form.handleSubmit((values) =>
    startTransition(async () => {
      setError(null);
      if (!photo) return setError(tv("imageMissing"));
      const prepared = await preparePhoto(photo);
      if (!prepared.ok) return setError(prepared.error === "heicUnsupported" ? t("errors.heicUnsupported") : tv(prepared.error));
      const data = new FormData();
      data.set("token", values.token);
      data.set("phone", values.phone);
      data.set("photo", prepared.image, "nid-card.jpg");
      const result: KycResubmissionResult = await submitKycResubmission(data);
      if (result.ok) return setDone(result.caseNumber);
      if (result.error === "imageMissing" || result.error === "imageTooLarge" || result.error === "imageNotImage") return setError(tv(result.error));
      setError(t(`errors.${result.error === "imageExpired" ? "server" : result.error}`));
    }),
  );

  if (done) {
    return (
      <Alert data-testid="resubmit-done">
        <CheckCircle2 aria-hidden />
        <AlertDescription>{t("done", { caseNumber: done })}</AlertDescription>
      </Alert>
    );
  }
  const phoneError = form.formState.errors.phone?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4" data-testid="resubmit-form">
      <div className="space-y-1.5">
        <Label htmlFor="resubmit-phone">{t("phone")}</Label>
        <Input id="resubmit-phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="01712-345678" {...form.register("phone")} aria-invalid={!!phoneError} />
        {phoneError ? (
          <p className="text-destructive text-sm" role="alert">
            {tv(toValidationMessageKey(phoneError))}
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="resubmit-photo">{t("photo")}</Label>
        <Input id="resubmit-photo" type="file" accept="image/*" capture="environment" onChange={(event) => setPhoto(event.target.files?.[0] ?? null)} data-testid="resubmit-photo" />
        <p className="text-muted-foreground text-xs">{t("photoHint")}</p>
      </div>
      {error ? (
        <Alert variant="destructive" role="alert" data-testid="resubmit-error">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" disabled={pending} data-testid="resubmit-submit">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {pending ? t("sending") : t("submit")}
      </Button>
    </form>
  );
}
