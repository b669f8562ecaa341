"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, Clock, Loader2, XCircle } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ActionResult } from "@/lib/auth/action-result";
import type { ReviewDecision } from "@/lib/applications/review";
import { approveApplication, markApplicationUnderReview, rejectApplication } from "@/lib/applications/review-actions";
import { MAX_REJECTION_REASON_LENGTH, rejectApplicationSchema, type RejectApplicationInput } from "@/lib/applications/review-schemas";
import type { DecisionResult } from "@/lib/applications/review-service";

type Notice = { tone: "success" | "error"; title?: string; text: string };

/**
 * The decisions the application's status allows, with the spec's messages. `compact` is the table row's
 * version (no reject: that needs the reason form of the dialog).
 */
export function DecisionButtons({ applicationId, allowed, compact = false }: { applicationId: string; allowed: readonly ReviewDecision[]; compact?: boolean }) {
  const t = useTranslations("adminReview");
  const format = useFormatter();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const form = useForm<RejectApplicationInput>({ resolver: zodResolver(rejectApplicationSchema), defaultValues: { applicationId, reason: "" } });
  const reason = useWatch({ control: form.control, name: "reason" });

  const failure = (result: Extract<DecisionResult, { ok: false }>, fallback: string): Notice => {
    const { reason: why, details } = result.error;
    if (why === "alreadyDecided") {
      return {
        tone: "error",
        text: details?.by && details.at ? t("toasts.alreadyDecided", { by: String(details.by), at: format.dateTime(new Date(String(details.at)), { dateStyle: "medium", timeStyle: "short" }) }) : t("toasts.alreadyDecidedUnknown"),
      };
    }
    return { tone: "error", text: fallback };
  };

  const run = (call: () => Promise<ActionResult<unknown>>, success: (r: DecisionResult & { ok: true }) => Notice, fallback: string) =>
    startTransition(async () => {
      const result = (await call()) as DecisionResult;
      setNotice(result.ok ? success(result) : failure(result, fallback));
      if (result.ok) setRejecting(false);
      router.refresh();
    });

  const onReject = form.handleSubmit(
    (values) =>
      run(
        () => rejectApplication(values),
        (r) => ({ tone: "success", title: t("toasts.rejectedTitle"), text: t("toasts.rejectedText", { to: r.data.notified ?? "" }) }),
        t("toasts.rejectFailed"),
      ),
    () => setNotice({ tone: "error", title: t("toasts.reasonRequiredTitle"), text: t("toasts.reasonRequiredText") }),
  );

  if (allowed.length === 0 && !notice) return null;
  return (
    <div className="space-y-3">
      <div className={compact ? "flex flex-wrap justify-end gap-1" : "flex flex-wrap gap-2"}>
        {allowed.includes("under_review") ? (
          <Button
            size="sm"
            variant="outline"
            disabled={pending}
            data-testid="mark-under-review"
            onClick={() =>
              run(() => markApplicationUnderReview({ applicationId }), () => ({ tone: "success", title: t("toasts.underReviewTitle"), text: t("toasts.underReviewText") }), t("toasts.underReviewFailed"))
            }
          >
            <Clock aria-hidden />
            {t("markUnderReview")}
          </Button>
        ) : null}
        {allowed.includes("approved") ? (
          <Button
            size="sm"
            disabled={pending}
            data-testid="approve"
            onClick={() =>
              run(() => approveApplication({ applicationId }), () => ({ tone: "success", title: t("toasts.approvedTitle"), text: t("toasts.approvedText", { id: applicationId }) }), t("toasts.approveFailed"))
            }
          >
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
      {rejecting ? (
        <form onSubmit={onReject} className="space-y-2" noValidate data-testid="reject-form">
          <Label htmlFor={`reason-${applicationId}`}>{t("dialog.reasonLabel")}</Label>
          <Textarea id={`reason-${applicationId}`} rows={3} maxLength={MAX_REJECTION_REASON_LENGTH} {...form.register("reason")} />
          <div className="flex gap-2">
            <Button type="submit" variant="destructive" size="sm" disabled={pending || reason.trim() === ""} data-testid="send-rejection">
              {t("dialog.sendRejection")}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setRejecting(false)}>
              {t("dialog.close")}
            </Button>
          </div>
        </form>
      ) : null}
      {notice ? (
        <Alert variant={notice.tone === "error" ? "destructive" : "default"} role="status" data-testid="decision-notice" className={compact ? "text-left" : undefined}>
          {notice.title ? <AlertTitle>{notice.title}</AlertTitle> : null}
          <AlertDescription>{notice.text}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
