"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, FileWarning, RotateCw, XCircle, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm, useWatch } from "react-hook-form";
import { DecisionFooter, NoteForm, useDecisionDone, type Form } from "@/components/admin/decision-parts";
import { ActionErrorAlert, FormField, useActionSubmit } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { compactSelectClassName } from "@/components/forms/native-select";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import type { ActionError } from "@/lib/auth/action-result";
import { addKycNoteAction, approveKycAction, assignKycAction, decideKycDocumentAction, rejectKycAction, requestKycResubmissionAction } from "@/lib/kyc/actions";
import { addKycNoteSchema, approveKycSchema, MAX_KYC_TEXT_LENGTH, rejectKycSchema } from "@/lib/kyc/schemas";

function ApproveKycDialog({ caseNumber }: { caseNumber: string }) {
  const t = useTranslations("adminKyc");
  const tCommon = useTranslations("adminCommon");
  const [open, setOpen] = useState(false);
  const done = useDecisionDone(setOpen);
  type F = Form<typeof approveKycSchema>;
  const form = useForm<F["input"], unknown, F["output"]>({ resolver: zodResolver(approveKycSchema), defaultValues: { caseNumber } });
  const { onSubmit, error, pending } = useActionSubmit(form, approveKycAction, (data) => done(t("notices.approvedTitle"), t("notices.approvedText", { caseNumber: data.caseNumber })));
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" data-testid="approve-kyc">
          <CheckCircle2 aria-hidden />
          {t("approve")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid="approve-kyc-dialog">
        <DialogHeader>
          <DialogTitle>{t("approveTitle", { caseNumber })}</DialogTitle>
          <DialogDescription>{t("approveText")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <DecisionFooter error={error} pending={pending} label={t("approve")} testId="confirm-approve-kyc" onCancel={() => setOpen(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Reject KYC and Request New Document: both need a reason, which the applicant is told. */
function ReasonDialog({ caseNumber, kind }: { caseNumber: string; kind: "reject" | "resubmit" }) {
  const t = useTranslations("adminKyc");
  const tCommon = useTranslations("adminCommon");
  const [open, setOpen] = useState(false);
  const done = useDecisionDone(setOpen);
  type F = Form<typeof rejectKycSchema>;
  const form = useForm<F["input"], unknown, F["output"]>({ resolver: zodResolver(rejectKycSchema), defaultValues: { caseNumber, reason: "" } });
  const blank = String(useWatch({ control: form.control, name: "reason" }) ?? "").trim() === "";
  const action = kind === "reject" ? rejectKycAction : requestKycResubmissionAction;
  const { onSubmit, error, pending } = useActionSubmit(form, action, (data) => done(t(`notices.${kind}Title`), t(`notices.${kind}Text`, { caseNumber: data.caseNumber })));
  const id = `${kind}-${caseNumber}`;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant={kind === "reject" ? "destructive" : "outline"} data-testid={`${kind}-kyc`}>
          {kind === "reject" ? <XCircle aria-hidden /> : <FileWarning aria-hidden />}
          {t(kind)}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={tCommon("close")} data-testid={`${kind}-kyc-dialog`}>
        <DialogHeader>
          <DialogTitle>{t(`${kind}Title`, { caseNumber })}</DialogTitle>
          <DialogDescription>{t(`${kind}Text`)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <FormField id={id} label={t("reason")} error={form.formState.errors.reason?.message}>
            <Textarea id={id} rows={3} maxLength={MAX_KYC_TEXT_LENGTH} {...form.register("reason")} />
          </FormField>
          <DecisionFooter
            error={error}
            pending={pending}
            disabled={blank}
            label={t(kind)}
            testId={`confirm-${kind}-kyc`}
            variant={kind === "reject" ? "destructive" : "default"}
            onCancel={() => setOpen(false)}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Approve KYC, Reject KYC and Request New Document, for cases still open. */
export function KycDecisionButtons({ caseNumber }: { caseNumber: string }) {
  return (
    <div className="flex flex-wrap gap-1" data-testid="kyc-decisions">
      <ApproveKycDialog caseNumber={caseNumber} />
      <ReasonDialog caseNumber={caseNumber} kind="reject" />
      <ReasonDialog caseNumber={caseNumber} kind="resubmit" />
    </div>
  );
}

/** One click that calls an action and refreshes, with its refusal shown beside it. */
function useQuickAction() {
  const router = useRouter();
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (call: () => Promise<{ ok: true } | { ok: false; error: ActionError }>, success?: () => void) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) return setError(result.error);
      setError(null);
      success?.();
      router.refresh();
    });
  return { error, pending, run };
}

/** Verify Document / Reject Document: once per document, while the case is open. */
export function DocumentDecisionButtons({ documentId }: { documentId: string }) {
  const t = useTranslations("adminKyc");
  const { error, pending, run } = useQuickAction();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-1">
        <Button size="sm" disabled={pending} data-testid="verify-document" onClick={() => run(() => decideKycDocumentAction({ documentId, decision: "verified" }))}>
          <CheckCircle2 aria-hidden />
          {t("verifyDocument")}
        </Button>
        <Button size="sm" variant="destructive" disabled={pending} data-testid="reject-document" onClick={() => run(() => decideKycDocumentAction({ documentId, decision: "rejected" }))}>
          <XCircle aria-hidden />
          {t("rejectDocument")}
        </Button>
      </div>
      <ActionErrorAlert error={error} reasonsFrom="adminKyc" />
    </div>
  );
}

/** Assign to: the officers who may decide KYC; taking a case that waits starts its review. */
export function AssignControl({ caseNumber, assigneeId, officers }: { caseNumber: string; assigneeId: string | null; officers: { id: string; name: string }[] }) {
  const t = useTranslations("adminKyc");
  const { error, pending, run } = useQuickAction();
  return (
    <div className="space-y-2">
      <label className="flex flex-col gap-1 text-sm sm:flex-row sm:items-center">
        <span className="text-muted-foreground">{t("assignTo")}</span>
        <select
          className={compactSelectClassName}
          defaultValue={assigneeId ?? ""}
          disabled={pending}
          data-testid="kyc-assign"
          onChange={(event) => {
            const value = event.target.value || null;
            run(() => assignKycAction({ caseNumber, assigneeId: value }), () => announceNotice({ tone: "success", title: t("notices.assignedTitle"), text: t("notices.assignedText", { caseNumber }) }));
          }}
        >
          <option value="">{t("unassigned")}</option>
          {officers.map((officer) => (
            <option key={officer.id} value={officer.id}>
              {officer.name}
            </option>
          ))}
        </select>
      </label>
      <ActionErrorAlert error={error} reasonsFrom="adminKyc" />
    </div>
  );
}

/**
 * The card photo with Zoom and Rotate done in the browser (CSS transforms: nothing is re-encoded or stored).
 * The image comes from the authorized route, never cached.
 */
export function DocumentImageViewer({ src, alt }: { src: string; alt: string }) {
  const t = useTranslations("adminKyc");
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  return (
    <div className="space-y-2" data-testid="document-viewer">
      <div className="flex h-64 items-center justify-center overflow-auto rounded-md border bg-muted sm:h-80">
        {/* eslint-disable-next-line @next/next/no-img-element -- a private, uncached image from an authorized route */}
        <img
          src={src}
          alt={alt}
          className="max-h-full max-w-full transition-transform"
          style={{ transform: `scale(${zoom}) rotate(${turns * 90}deg)` }}
          data-testid="document-image"
          data-zoom={zoom}
          data-rotation={(turns * 90) % 360}
        />
      </div>
      <div className="flex flex-wrap gap-1">
        <Button type="button" size="sm" variant="outline" onClick={() => setZoom((z) => Math.min(3, z + 0.5))} data-testid="zoom-in">
          <ZoomIn aria-hidden />
          {t("zoomIn")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setZoom((z) => Math.max(1, z - 0.5))} disabled={zoom === 1}>
          <ZoomOut aria-hidden />
          {t("zoomOut")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setTurns((n) => (n + 1) % 4)} data-testid="rotate">
          <RotateCw aria-hidden />
          {t("rotate")}
        </Button>
      </div>
    </div>
  );
}

export function KycNoteForm({ caseNumber }: { caseNumber: string }) {
  const t = useTranslations("adminKyc");
  return (
    <NoteForm
      schema={addKycNoteSchema}
      action={addKycNoteAction}
      keyValues={{ caseNumber }}
      id={`kyc-note-${caseNumber}`}
      label={t("addNote")}
      buttonLabel={t("addNoteButton")}
      maxLength={MAX_KYC_TEXT_LENGTH}
      testId="kyc-note-form"
    />
  );
}
