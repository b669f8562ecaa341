"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Clock, Loader2, XCircle } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { Locale } from "@/i18n/config";
import type { ReviewDecision } from "@/lib/applications/review";
import { approveApplication, markApplicationUnderReview, rejectApplication } from "@/lib/applications/review-actions";
import { MAX_REJECTION_REASON_LENGTH, rejectApplicationSchema, type RejectApplicationInput } from "@/lib/applications/review-schemas";
import type { DecisionResult } from "@/lib/applications/review-service";
import { formatDateTime } from "@/lib/format";
import { announceNotice, NoticeAlert, type Notice } from "@/components/admin/notices";

type DecisionSuccess = Extract<DecisionResult, { ok: true }>;
type DecisionFailure = Extract<DecisionResult, { ok: false }>;

/**
 * The decisions the application's status allows, with the spec's messages. In the detail dialog the outcome
 * shows under the buttons; `compact` is the table row's version (no reject: that needs the reason form),
 * whose outcome goes to the page's notice region because the row may leave the list on the refresh.
 */
export function DecisionButtons({ applicationId, allowed, compact = false }: { applicationId: string; allowed: readonly ReviewDecision[]; compact?: boolean }) {
  const t = useTranslations("adminReview");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const form = useForm<RejectApplicationInput>({ resolver: zodResolver(rejectApplicationSchema), defaultValues: { applicationId, reason: "" } });
  const reason = useWatch({ control: form.control, name: "reason" });
  const reasonBlank = reason.trim() === "";
  const reasonRequired: Notice = { tone: "error", title: t("toasts.reasonRequiredTitle"), text: t("toasts.reasonRequiredText") };

  const show = (next: Notice) => (compact ? announceNotice(next) : setNotice(next));

  const failureNotice = ({ error }: DecisionFailure, fallback: string): Notice => {
    if (error.code === "conflict" && error.reason === "alreadyDecided") {
      const { by, at } = error.details ?? {};
      return {
        tone: "error",
        text: by && at ? t("toasts.alreadyDecided", { by: String(by), at: formatDateTime(String(at), locale) }) : t("toasts.alreadyDecidedUnknown"),
      };
    }
    if (error.code === "conflict" && error.reason === "noBranch") return { tone: "error", text: t("toasts.noBranch") };
    if (error.code === "validation" && error.fieldErrors?.reason) return reasonRequired;
    return { tone: "error", text: fallback };
  };

  const decide = (call: () => Promise<DecisionResult>, success: (result: DecisionSuccess) => Notice, fallback: string) =>
    startTransition(async () => {
      let result: DecisionResult;
      try {
        result = await call();
      } catch {
        // The request itself failed (offline, server restarting): same message as a refused decision.
        return show({ tone: "error", text: fallback });
      }
      show(result.ok ? success(result) : failureNotice(result, fallback));
      if (result.ok) setRejecting(false);
      router.refresh();
    });

  const markUnderReview = () =>
    decide(
      () => markApplicationUnderReview({ applicationId }),
      () => ({ tone: "success", title: t("toasts.underReviewTitle"), text: t("toasts.underReviewText") }),
      t("toasts.underReviewFailed"),
    );

  const approve = () =>
    decide(
      () => approveApplication({ applicationId }),
      () => ({ tone: "success", title: t("toasts.approvedTitle"), text: t("toasts.approvedText", { id: applicationId }) }),
      t("toasts.approveFailed"),
    );

  const reject = form.handleSubmit(
    (values) =>
      decide(
        () => rejectApplication(values),
        (result) => ({ tone: "success", title: t("toasts.rejectedTitle"), text: t("toasts.rejectedText", { to: result.data.notified ?? "" }) }),
        t("toasts.rejectFailed"),
      ),
    () => show(reasonRequired),
  );

  if (allowed.length === 0 && !notice) return null;
  const reasonId = `reason-${applicationId}`;
  const reasonTouchedBlank = form.formState.touchedFields.reason === true && reasonBlank;
  return (
    <div className="space-y-3">
      <div className={compact ? "flex flex-wrap justify-end gap-1" : "flex flex-wrap gap-2"}>
        {allowed.includes("under_review") ? (
          <Button size="sm" variant="outline" disabled={pending} data-testid="mark-under-review" onClick={markUnderReview}>
            <Clock aria-hidden />
            {t("markUnderReview")}
          </Button>
        ) : null}
        {allowed.includes("approved") ? (
          <Button size="sm" disabled={pending} data-testid="approve" onClick={approve}>
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <CheckCircle2 aria-hidden />}
            {t("approve")}
          </Button>
        ) : null}
        {!compact && allowed.includes("rejected") && !rejecting ? (
          <Button size="sm" variant="destructive" disabled={pending} data-testid="reject" onClick={() => setRejecting(true)}>
            <XCircle aria-hidden />
            {t("reject")}
          </Button>
        ) : null}
      </div>
      {rejecting && allowed.includes("rejected") ? (
        <form onSubmit={reject} className="space-y-2 rounded-md border p-3" noValidate data-testid="reject-form">
          <Label htmlFor={reasonId}>{t("dialog.reasonLabel")}</Label>
          <Textarea
            id={reasonId}
            rows={3}
            maxLength={MAX_REJECTION_REASON_LENGTH}
            aria-invalid={reasonTouchedBlank || undefined}
            aria-describedby={reasonTouchedBlank ? `${reasonId}-required` : undefined}
            {...form.register("reason")}
          />
          {reasonTouchedBlank ? (
            <p id={`${reasonId}-required`} className="text-sm text-destructive">
              {t("toasts.reasonRequiredText")}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="destructive" size="sm" disabled={pending || reasonBlank} data-testid="send-rejection">
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {t("dialog.sendRejection")}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={pending} onClick={() => setRejecting(false)}>
              {t("dialog.cancel")}
            </Button>
          </div>
        </form>
      ) : null}
      {notice ? <NoticeAlert notice={notice} /> : null}
    </div>
  );
}
