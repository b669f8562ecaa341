import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { DetailDialogFrame } from "@/components/admin/detail-dialog-frame";
import { Facts } from "@/components/admin/facts";
import { StatusPill, type PillTone } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatDateTime, formatNumber, formatPercent, formatPhone } from "@/lib/format";
import type { VerificationCheckStatus } from "@/lib/generated/prisma/enums";
import type { DuplicateRecord } from "@/lib/kyc/checks";
import type { KycCaseDetail } from "@/lib/kyc/queries";
import { isOpenKycStatus } from "@/lib/kyc/status";
import { cn } from "@/lib/utils";
import { AssignControl, DocumentDecisionButtons, DocumentImageViewer, KycDecisionButtons, KycNoteForm } from "./kyc-actions";
import { CheckDots, DOCUMENT_TONE, KycStatusBadge, PriorityBadge } from "./kyc-list";

const CHECK_TONE: Record<VerificationCheckStatus, PillTone> = { pass: "green", fail: "red", pending: "yellow" };
const CARD_FIELDS = ["nidNumber", "fullName", "dateOfBirth", "fatherName", "motherName", "address"] as const;

/** The spec's OCR confidence bar: green above 90, yellow above 70, red otherwise. */
export function confidenceTone(percent: number): string {
  return percent > 90 ? "bg-green-500" : percent > 70 ? "bg-yellow-400" : "bg-red-500";
}

/** Where a duplicate record can be opened in the back office; society members belong to their society's own tool. */
function duplicateHref(record: DuplicateRecord): string | null {
  if (record.kind === "application") return `/admin/application-review?view=${encodeURIComponent(record.reference)}`;
  if (record.kind === "customer") return `/admin/user-profiles?view=${encodeURIComponent(record.reference)}`;
  return null;
}

/** The KYC case's detail dialog (?view=KYC-…): overview, documents, verification, history. */
export async function KycDetailDialog({
  kyc,
  closeHref,
  canDecide,
  officers,
}: {
  kyc: KycCaseDetail;
  closeHref: string;
  canDecide: boolean;
  officers: { id: string; name: string }[];
}) {
  const [t, locale] = await Promise.all([getTranslations("adminKyc"), getLocale() as Promise<Locale>]);
  const open = isOpenKycStatus(kyc.status);
  const p = kyc.person;
  const clientNamespaces: ("adminKyc" | "adminCommon" | "validation")[] = ["adminKyc", "adminCommon", "validation"];

  const overview = (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <KycStatusBadge status={kyc.status} />
        <PriorityBadge priority={kyc.priority} />
        <CheckDots checks={kyc.checks} />
      </div>
      {canDecide && open ? (
        <ClientMessages namespaces={clientNamespaces}>
          <KycDecisionButtons caseNumber={kyc.caseNumber} />
        </ClientMessages>
      ) : null}
      {canDecide && open ? (
        <ClientMessages namespaces={clientNamespaces}>
          <AssignControl caseNumber={kyc.caseNumber} assigneeId={kyc.assignee?.id ?? null} officers={officers} />
        </ClientMessages>
      ) : (
        <p className="text-sm">
          {t("assignTo")}: <span className="font-medium">{kyc.assignee?.name ?? t("unassigned")}</span>
        </p>
      )}
      <Facts
        rows={[
          [t("dialog.name"), p.name],
          [t("dialog.phone"), p.phone ? formatPhone(p.phone) : "—"],
          [t("dialog.email"), p.email ?? "—"],
          [t("dialog.nid"), p.nid],
          [t("dialog.dob"), p.dateOfBirth ? formatCalendarDate(p.dateOfBirth, locale) : "—"],
          [t("dialog.address"), p.address || "—"],
          [t("dialog.memberId"), p.memberId ?? t("dialog.notCustomerYet")],
          ...(kyc.application ? ([[t("dialog.application"), kyc.application.applicationId]] as [string, string][]) : []),
          [t("dialog.submitted"), formatDateTime(kyc.submittedAt, locale)],
          [t("dialog.lastActivity"), formatDateTime(kyc.lastActivityAt, locale)],
          ...(kyc.decision.approvedAt ? ([[t("dialog.approvedBy"), `${kyc.decision.approvedBy ?? "—"} · ${formatDateTime(kyc.decision.approvedAt, locale)}`]] as [string, string][]) : []),
          ...(kyc.decision.rejectedAt ? ([[t("dialog.rejectedBy"), `${kyc.decision.rejectedBy ?? "—"} · ${formatDateTime(kyc.decision.rejectedAt, locale)}`]] as [string, string][]) : []),
          ...(kyc.decision.reason ? ([[t("dialog.reason"), kyc.decision.reason]] as [string, string][]) : []),
        ]}
      />
    </div>
  );

  const cardFieldText = (field: (typeof CARD_FIELDS)[number], value: string | number | null | undefined) => {
    if (value === null || value === undefined || value === "") return t("notRead");
    if (field === "nidNumber") return String(value);
    if (field === "dateOfBirth" && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return formatCalendarDate(String(value), locale);
    return String(value);
  };
  const documents = (
    <ul className="space-y-4" data-testid="kyc-documents">
      {kyc.documents.map((doc) => {
        const read = doc.extractedData;
        const ocrState = read ? "read" : doc.ocrReadAt ? "failed" : "pending";
        return (
          <li key={doc.id} className="space-y-3 rounded-md border p-3" data-testid="kyc-document" data-document-id={doc.id} data-ocr={ocrState}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-medium">{t(`documentType.${doc.type}`)}</p>
                <p className="text-xs text-muted-foreground">{t("uploaded", { date: formatDateTime(doc.uploadedAt, locale) })}</p>
              </div>
              <StatusPill tone={DOCUMENT_TONE[doc.verificationStatus]} label={t(`documentStatus.${doc.verificationStatus}`)} status={doc.verificationStatus} testId="document-status" />
            </div>
            <ClientMessages namespaces={clientNamespaces}>
              <DocumentImageViewer src={`/admin/api/kyc/documents/${doc.id}/image`} alt={t("documentAlt", { type: t(`documentType.${doc.type}`), caseNumber: kyc.caseNumber })} />
            </ClientMessages>
            <div>
              <h4 className="mb-1 text-sm font-semibold">{t("extracted")}</h4>
              {read ? (
                <Facts
                  rows={CARD_FIELDS.filter((field) => read[field] !== undefined).map((field) => [
                    t(`cardField.${field}`),
                    cardFieldText(field, read[field]),
                  ])}
                />
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="ocr-state">
                  {t(ocrState === "failed" ? "ocrFailed" : "ocrPending")}
                </p>
              )}
            </div>
            {doc.ocrConfidence !== null ? (
              <div data-testid="ocr-confidence" data-value={doc.ocrConfidence}>
                <div className="mb-1 flex justify-between text-xs">
                  <span>{t("ocrConfidence")}</span>
                  <span>{formatPercent(doc.ocrConfidence, locale)}</span>
                </div>
                <div className="h-2 rounded-full bg-muted" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={doc.ocrConfidence} aria-label={t("ocrConfidence")}>
                  <div className={cn("h-2 rounded-full", confidenceTone(doc.ocrConfidence))} style={{ width: `${doc.ocrConfidence}%` }} />
                </div>
              </div>
            ) : null}
            {canDecide && open && doc.verificationStatus === "pending" ? (
              <ClientMessages namespaces={clientNamespaces}>
                <DocumentDecisionButtons documentId={doc.id} />
              </ClientMessages>
            ) : null}
          </li>
        );
      })}
    </ul>
  );

  const checkText = (check: KycCaseDetail["checks"][number]) => {
    if (!check.explanationKey) return "";
    const key = `checkText.${check.explanationKey}` as "checkText.nameMatch.pass";
    const v = check.explanationValues ?? {};
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(v)) {
      if (typeof value === "number") values[name] = formatNumber(value, locale);
      else if (typeof value === "string") values[name] = name === "card" || name === "form" ? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? formatCalendarDate(value, locale) : value) : value;
    }
    return t.has(key) ? t(key, values) : check.explanationKey;
  };
  const verification = (
    <ul className="space-y-2" data-testid="kyc-checks">
      {kyc.checks.map((check) => {
        const records = Array.isArray(check.explanationValues?.records) ? (check.explanationValues.records as DuplicateRecord[]) : [];
        return (
          <li key={check.kind} className="rounded-md border p-3 text-sm" data-testid="kyc-check" data-kind={check.kind} data-status={check.status}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{t(`checkKind.${check.kind}`)}</span>
              <span className="flex items-center gap-2">
                {check.confidence !== null ? <span className="text-xs text-muted-foreground">{formatPercent(check.confidence, locale)}</span> : null}
                <StatusPill tone={CHECK_TONE[check.status]} label={t(`checkStatus.${check.status}`)} status={check.status} />
              </span>
            </div>
            <p className="mt-1 text-muted-foreground">{checkText(check)}</p>
            {records.length > 0 ? (
              <ul className="mt-1 space-y-0.5 text-xs" data-testid="duplicate-records">
                {records.map((record) => {
                  const href = duplicateHref(record);
                  const label = `${t(`duplicateKind.${record.kind}`)} ${record.reference}${record.where ? ` · ${record.where}` : ""}`;
                  return <li key={`${record.kind}-${record.reference}`}>{href ? <Link className="text-primary underline" href={href}>{label}</Link> : label}</li>;
                })}
              </ul>
            ) : null}
            {check.checkedAt ? <p className="mt-1 text-xs text-muted-foreground">{t("checkedAt", { date: formatDateTime(check.checkedAt, locale) })}</p> : null}
          </li>
        );
      })}
    </ul>
  );

  const noteText = (note: KycCaseDetail["notes"][number]) => {
    if (note.type === "system") {
      const key = `systemNote.${note.content}` as "systemNote.opened";
      return t.has(key) ? t(key) : note.content;
    }
    if (note.type === "decision" && note.decision) return note.content ? t("decisionNoteWithReason", { status: t(`status.${note.decision}`), reason: note.content }) : t("decisionNote", { status: t(`status.${note.decision}`) });
    return note.content;
  };
  const history = (
    <div className="space-y-4">
      <ul className="space-y-2" data-testid="kyc-notes">
        {kyc.notes.map((note) => (
          <li key={note.id} className="rounded-md border p-2 text-sm" data-type={note.type}>
            <div className="mb-1 flex items-center gap-2">
              <StatusPill tone={note.type === "decision" ? "blue" : note.type === "system" ? "grey" : "purple"} label={t(`noteType.${note.type}`)} status={note.type} />
              <span className="text-xs text-muted-foreground">
                {note.author ?? t("system")} · {formatDateTime(note.createdAt, locale)}
              </span>
            </div>
            <p className="whitespace-pre-wrap">{noteText(note)}</p>
          </li>
        ))}
      </ul>
      {canDecide ? (
        <ClientMessages namespaces={clientNamespaces}>
          <KycNoteForm caseNumber={kyc.caseNumber} />
        </ClientMessages>
      ) : null}
    </div>
  );

  return (
    <DetailDialogFrame
      closeLabel={(await getTranslations("adminCommon"))("close")}
      testId="kyc-dialog"
      title={`${kyc.caseNumber} · ${p.name}`}
      description={t("dialog.description", { status: t(`status.${kyc.status}`) })}
      closeHref={closeHref}
      tabs={[
        { value: "overview", label: t("dialog.tabs.overview"), content: overview },
        { value: "documents", label: t("dialog.tabs.documents"), content: documents },
        { value: "verification", label: t("dialog.tabs.verification"), content: verification },
        { value: "history", label: t("dialog.tabs.history"), content: history },
      ]}
    />
  );
}
