"use client";

import { CircleAlert } from "@/components/icons";
import { useActionState, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { lookupApplicationStatus } from "@/lib/applications/actions";
import { normalizeApplicationId } from "@/lib/applications/ids";
import type { ApplicationStatusKey, ApplicationStatusLookupResult } from "@/lib/applications/types";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatDate, formatNumber, formatPercent, formatTaka } from "@/lib/format";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import { cn } from "@/lib/utils";
import { normalizeBdMobile } from "@/lib/validation/bd";

type FieldErrors = { applicationId?: "idRequired" | "idInvalid"; phone?: "phoneRequired" | "phoneInvalid" };

type LookupState =
  | { kind: "idle" }
  | { kind: "answer"; result: ApplicationStatusLookupResult }
  | { kind: "failed" };

/** Checked in the browser first so a typo costs no request (and no rate-limit allowance). */
function validate(applicationId: string, phone: string): FieldErrors {
  const errors: FieldErrors = {};
  if (applicationId.trim() === "") errors.applicationId = "idRequired";
  else if (!normalizeApplicationId(applicationId)) errors.applicationId = "idInvalid";
  if (phone.trim() === "") errors.phone = "phoneRequired";
  else if (!normalizeBdMobile(phone)) errors.phone = "phoneInvalid";
  return errors;
}

const BADGE_CLASSES: Record<ApplicationStatusKey, string> = {
  pending: "bg-amber-100 text-amber-900 border-amber-200",
  under_review: "bg-sky-100 text-sky-900 border-sky-200",
  approved: "bg-primary text-primary-foreground",
  rejected: "bg-destructive text-white",
};

export function StatusLookup({ initialApplicationId }: { initialApplicationId: string }) {
  const t = useTranslations("status");
  const ids = useId();
  // Controlled inputs: React resets uncontrolled fields after a form action, which would wipe them.
  const [applicationId, setApplicationId] = useState(initialApplicationId);
  const [phone, setPhone] = useState("");
  const [attempted, setAttempted] = useState(false);

  const [state, lookUp, pending] = useActionState<LookupState, FormData>(async (_previous, formData) => {
    const input = { applicationId: String(formData.get("applicationId") ?? ""), phone: String(formData.get("phone") ?? "") };
    try {
      return { kind: "answer", result: await lookupApplicationStatus(input) };
    } catch {
      return { kind: "failed" };
    }
  }, { kind: "idle" });

  const errors = attempted ? validate(applicationId, phone) : {};

  // On a phone the answer appears below the form: bring it into view (on a wide screen it already is).
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const top = answerRef.current?.getBoundingClientRect().top;
    if (state.kind !== "idle" && top !== undefined && (top < 0 || top > window.innerHeight * 0.6)) {
      answerRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }, [state]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setAttempted(true);
    const found = validate(applicationId, phone);
    if (found.applicationId || found.phone) {
      event.preventDefault();
      document.getElementById(`${ids}-${found.applicationId ? "id" : "phone"}`)?.focus();
    }
  }

  const result = state.kind === "answer" ? state.result : null;
  // The server's own "validation" answer can only follow a check the browser also makes; it says
  // as little as "notFound" does.
  const notFound = result !== null && !result.ok && (result.error === "notFound" || result.error === "validation");

  return (
    <div className="grid items-start gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("formTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate action={lookUp} onSubmit={onSubmit} className="space-y-3">
            <div className="space-y-2">
              <Label htmlFor={`${ids}-id`}>{t("applicationId")}</Label>
              <Input
                id={`${ids}-id`}
                name="applicationId"
                data-testid="status-id"
                className="h-10"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder={t("applicationIdPlaceholder")}
                value={applicationId}
                onChange={(event) => setApplicationId(event.target.value)}
                aria-invalid={errors.applicationId ? true : undefined}
                aria-describedby={`${ids}-id-message`}
              />
              <p id={`${ids}-id-message`} data-testid={errors.applicationId ? "status-id-error" : undefined} className="text-destructive min-h-5 text-sm">
                {errors.applicationId ? t(`errors.${errors.applicationId}`) : null}
              </p>
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${ids}-phone`}>{t("phone")}</Label>
              <Input
                id={`${ids}-phone`}
                name="phone"
                data-testid="status-phone"
                className="h-10"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={t("phonePlaceholder")}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                aria-invalid={errors.phone ? true : undefined}
                aria-describedby={`${ids}-phone-message`}
              />
              <p id={`${ids}-phone-message`} data-testid={errors.phone ? "status-phone-error" : undefined} className="text-destructive min-h-5 text-sm">
                {errors.phone ? t(`errors.${errors.phone}`) : null}
              </p>
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={pending} data-testid="status-submit">
              {pending ? t("submitting") : t("submit")}
            </Button>
          </form>
        </CardContent>
      </Card>

      <div ref={answerRef} aria-live="polite" className="min-w-0 scroll-mt-20">
        {result?.ok ? (
          <StatusResult result={result} />
        ) : notFound ? (
          <Problem testId="status-not-found" text={t("errors.notFound")} />
        ) : result && !result.ok && result.error === "rateLimited" ? (
          <Problem testId="status-rate-limited" text={t("errors.rateLimited")} />
        ) : state.kind === "failed" ? (
          <Problem testId="status-error" text={t("errors.server")} />
        ) : null}
      </div>
    </div>
  );
}

function Problem({ testId, text }: { testId: string; text: string }) {
  return (
    <Alert data-testid={testId} className="border-destructive/40 text-destructive bg-background">
      <CircleAlert aria-hidden />
      <AlertDescription className="text-destructive">{text}</AlertDescription>
    </Alert>
  );
}

function StatusResult({ result }: { result: Extract<ApplicationStatusLookupResult, { ok: true }> }) {
  const t = useTranslations("status");
  const locale = useLocale();
  return (
    <Card data-testid="status-result" className="bg-secondary/60 border-primary/20">
      <CardHeader className="gap-3">
        <CardTitle className="text-lg leading-snug break-all">
          {t("resultTitle", { id: result.applicationId })}
        </CardTitle>
        <Badge data-testid="status-badge" data-status={result.status} className={cn("px-3 py-1 text-sm", BADGE_CLASSES[result.status])}>
          {t(`statuses.${result.status}`)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-5">
        <p className="leading-relaxed">{t(`statusText.${result.status}`)}</p>
        {result.kycResubmission ? (
          <div data-testid="status-kyc-resubmission" className="rounded-lg border border-orange-300 bg-orange-50 p-3 text-sm">
            <p className="font-semibold">{t("kycResubmission.title")}</p>
            {result.kycResubmission.reason ? <p className="mt-1 leading-relaxed whitespace-pre-line">{result.kycResubmission.reason}</p> : null}
            <p className="mt-1 leading-relaxed">{t("kycResubmission.text")}</p>
          </div>
        ) : null}
        {result.status === "rejected" && result.rejectionReason && (
          <div data-testid="status-reason" className="bg-background rounded-lg border p-3 text-sm">
            <p className="font-semibold">{t("reason")}</p>
            <p className="mt-1 leading-relaxed whitespace-pre-line">{result.rejectionReason}</p>
          </div>
        )}
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-muted-foreground">{t("loanType")}</dt>
            <dd data-testid="status-loan-type" className="text-base font-semibold">
              {t(`loanTypes.${result.loanType}`)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("amount")}</dt>
            <dd data-testid="status-amount" className="text-base font-semibold">
              {formatTaka(result.amount, locale)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("tenure")}</dt>
            <dd className="text-base font-semibold">{t("tenureValue", { months: formatNumber(result.tenure, locale) })}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("submitted")}</dt>
            <dd data-testid="status-submitted" className="text-base font-semibold">
              {formatDate(result.submittedAt, locale)}
            </dd>
          </div>
          {result.reviewedAt && (
            <div>
              <dt className="text-muted-foreground">{t("updated")}</dt>
              <dd className="text-base font-semibold">{formatDate(result.reviewedAt, locale)}</dd>
            </div>
          )}
        </dl>
        {result.loan ? <LoanSchedule loan={result.loan} /> : null}
      </CardContent>
    </Card>
  );
}

/** A disbursed loan's instalments, as the borrower follows them: due date (moved off days off), amount, state. */
function LoanSchedule({ loan }: { loan: NonNullable<Extract<ApplicationStatusLookupResult, { ok: true }>["loan"]> }) {
  const t = useTranslations("status.schedule");
  const locale = useLocale() as Locale;
  return (
    <section data-testid="status-schedule" aria-labelledby="status-schedule-title" className="space-y-2">
      <h2 id="status-schedule-title" className="font-semibold">
        {t("title", { loan: loan.loanNumber })}
      </h2>
      <p className="text-muted-foreground text-sm" data-testid="status-rate">
        {t("rate", { rate: formatPercent(loan.annualRate, locale), effective: formatPercent(effectiveAnnualRate(loan.annualRate), locale) })}
      </p>
      <div className="bg-background overflow-x-auto rounded-lg border" tabIndex={0} role="region" aria-labelledby="status-schedule-title">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="p-2 font-medium">{t("columns.number")}</th>
              <th scope="col" className="p-2 font-medium">{t("columns.due")}</th>
              <th scope="col" className="p-2 text-right font-medium">{t("columns.amount")}</th>
              <th scope="col" className="p-2 font-medium">{t("columns.status")}</th>
            </tr>
          </thead>
          <tbody>
            {loan.installments.map((row) => (
              <tr key={row.emiNumber} className="border-b last:border-0" data-testid="status-installment" data-due={row.dueDate}>
                <td className="p-2">{formatNumber(row.emiNumber, locale)}</td>
                <td className="p-2">
                  <span className="whitespace-nowrap">{formatCalendarDate(row.dueDate, locale)}</span>
                  {row.dueDate !== row.scheduledDate ? (
                    <span className="text-muted-foreground block text-xs" data-testid="status-installment-moved">
                      {t("moved", { date: formatCalendarDate(row.scheduledDate, locale) })}
                    </span>
                  ) : null}
                </td>
                <td className="p-2 text-right whitespace-nowrap">{formatTaka(row.amount, locale)}</td>
                <td className="p-2">{t(`statuses.${row.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
