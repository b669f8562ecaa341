import "server-only";
import { inScope, officeSees } from "@/lib/offices/scope-rules";
import { auditBy, writeAudit, type AuditEntry } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { randomToken, sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { KycCaseStatus, Prisma } from "@/lib/generated/prisma/client";
import { createStoredDocument } from "@/lib/documents/service";
import type { CheckedImageUpload } from "@/lib/documents/upload";
import { enqueueJob } from "@/lib/jobs/queue";
import { queueMessage } from "@/lib/outbox/service";
import { findBlacklistHits } from "@/lib/blacklist/queries";
import { cardReadingOf, computeChecks, type DuplicateRecord } from "./checks";
import { KYC_TRANSITIONS, customerKycStatusFor, isOpenKycStatus, type KycTransition } from "./status";
import { localizedPath } from "@/i18n/paths";

/** Concurrent decisions wait on the case's row; give them time, as loan decisions do. */
const KYC_TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 };
/** How long a resubmission link works. */
export const RESUBMISSION_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Enough other records to judge a duplicate; more would only lengthen the list. */
const DUPLICATE_LIMIT = 10;

const subjectSelect = {
  id: true,
  caseNumber: true,
  status: true,
  customerId: true,
  customer: { select: { id: true, name: true, phone: true, nid: true, dateOfBirth: true, email: true } },
  application: { select: { id: true, applicationId: true, customerId: true, name: true, phone: true, nid: true, dob: true, email: true, language: true } },
} satisfies Prisma.KycCaseSelect;

type CaseWithSubject = Prisma.KycCaseGetPayload<{ select: typeof subjectSelect }>;

/** Who the case is about: its customer, else its application's applicant (the form they filled in). */
function subjectOf(found: CaseWithSubject) {
  const person = found.customer ?? found.application;
  if (!person) throw new Error(`KYC case ${found.caseNumber} has neither a customer nor an application`);
  const dob = found.customer ? found.customer.dateOfBirth : found.application!.dob;
  return {
    name: person.name,
    phone: person.phone,
    nid: person.nid,
    email: person.email,
    dateOfBirth: dob ? dob.toISOString().slice(0, 10) : null,
    language: found.application?.language ?? ("bn" as const),
    customerId: found.customerId ?? found.application?.customerId ?? null,
    applicationDbId: found.application?.id ?? null,
  };
}

/** Other applications, customers and society members with this NID (the case's own records excluded). */
async function duplicatesOf(tx: Prisma.TransactionClient, subject: ReturnType<typeof subjectOf>): Promise<DuplicateRecord[]> {
  const [applications, customers, members] = await Promise.all([
    tx.loanApplication.findMany({
      where: { nid: subject.nid, ...(subject.applicationDbId ? { id: { not: subject.applicationDbId } } : {}) },
      select: { applicationId: true, phone: true },
      orderBy: { submittedAt: "desc" },
      take: DUPLICATE_LIMIT,
    }),
    tx.customer.findMany({
      where: { nid: subject.nid, ...(subject.customerId ? { id: { not: subject.customerId } } : {}) },
      select: { userNumber: true, phone: true },
      take: DUPLICATE_LIMIT,
    }),
    tx.societyMember.findMany({
      where: { nid: subject.nid },
      select: { memberCode: true, phone: true, society: { select: { name: true } } },
      take: DUPLICATE_LIMIT,
    }),
  ]);
  return [
    ...applications.map((a) => ({ kind: "application" as const, reference: a.applicationId, phone: a.phone })),
    ...customers.map((c) => ({ kind: "customer" as const, reference: c.userNumber, phone: c.phone })),
    ...members.map((m) => ({ kind: "societyMember" as const, reference: m.memberCode, where: m.society.name, phone: m.phone })),
  ];
}

/**
 * Computes every check of a case from the data as it is now and stores them (one row per kind). Runs when a
 * case opens, when OCR has read its card and when a new document arrives; inside the caller's transaction.
 */
export async function recomputeKycChecks(tx: Prisma.TransactionClient, caseId: string, now = new Date()): Promise<void> {
  const found = await tx.kycCase.findUniqueOrThrow({ where: { id: caseId }, select: subjectSelect });
  const subject = subjectOf(found);
  const [card, duplicates, blacklist] = await Promise.all([
    tx.kycDocument.findFirst({
      where: { caseId, type: "nid_front" },
      orderBy: { uploadedAt: "desc" },
      select: { extractedData: true, ocrConfidence: true, ocrReadAt: true },
    }),
    duplicatesOf(tx, subject),
    findBlacklistHits(tx, { nid: subject.nid, phone: subject.phone }),
  ]);
  const outcomes = computeChecks({
    form: { nid: subject.nid, name: subject.name, dateOfBirth: subject.dateOfBirth, phone: subject.phone },
    card: card ? cardReadingOf(card) : { state: "failed" },
    duplicates,
    blacklist: blacklist.map((hit) => ({ kind: hit.kind, value: hit.value, reason: hit.reason })),
  });
  for (const outcome of outcomes) {
    const data = {
      status: outcome.status,
      confidence: outcome.confidence,
      explanationKey: outcome.explanationKey,
      explanationValues: (outcome.explanationValues ?? undefined) as Prisma.InputJsonValue | undefined,
      checkedAt: now,
    };
    await tx.verificationCheck.upsert({
      where: { caseId_kind: { caseId, kind: outcome.kind } },
      create: { caseId, kind: outcome.kind, ...data },
      update: { ...data, explanationValues: (outcome.explanationValues ?? null) as Prisma.InputJsonValue },
    });
  }
}

/** Writes the customer's KYC status from their latest case: the one place it is ever written. */
export async function syncCustomerKycStatus(tx: Prisma.TransactionClient, customerId: string): Promise<void> {
  const latest = await tx.kycCase.findFirst({
    where: { OR: [{ customerId }, { application: { customerId } }] },
    orderBy: { submittedAt: "desc" },
    select: { status: true },
  });
  await tx.customer.update({ where: { id: customerId }, data: { kycStatus: customerKycStatusFor(latest?.status ?? null) } });
}

/** The guarded step of every transition: only from the statuses its row of the table allows. */
async function moveCase(tx: Prisma.TransactionClient, caseId: string, transition: KycTransition, data: Prisma.KycCaseUpdateManyMutationInput): Promise<boolean> {
  const { from, to } = KYC_TRANSITIONS[transition];
  const moved = await tx.kycCase.updateMany({ where: { id: caseId, status: { in: [...from] } }, data: { ...data, status: to } });
  return moved.count === 1;
}

async function refusedAs<T>(tx: Prisma.TransactionClient, caseId: string): Promise<ActionResult<T>> {
  const current = await tx.kycCase.findUnique({ where: { id: caseId }, select: { status: true } });
  return current ? fail("conflict", { reason: "statusChanged", details: { status: current.status } }) : fail("notFound");
}

/** A link in a message: the site's address in front when it is configured, else the path alone. */
function publicLink(path: string): string {
  const base = env().PUBLIC_SITE_URL;
  return base ? new URL(path, base).toString() : path;
}

export type KycDecision = "approve" | "reject" | "requestResubmission";

const DECISION_STATUS: Record<KycDecision, KycCaseStatus> = {
  approve: "approved",
  reject: "rejected",
  requestResubmission: "resubmission_required",
};

/**
 * Approve, reject, or ask the applicant for a new card photo: one guarded update from pending_review or
 * under_review (of concurrent decisions exactly one wins), a decision entry in the history, an audit row, the
 * customer's KYC status, and for a resubmission an SMS with a link that accepts a new photo with their phone.
 */
export async function decideKycCase(
  ctx: StaffContext,
  input: { caseNumber: string; decision: KycDecision; reason?: string },
  now = new Date(),
): Promise<ActionResult<{ caseNumber: string; status: KycCaseStatus }>> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.kycCase.findUnique({ where: { caseNumber: input.caseNumber }, select: { ...subjectSelect, branchId: true } });
    if (!found || !inScope(ctx.scope, found.branchId)) return fail("notFound");
    if (input.decision === "approve") {
      const blacklist = await tx.verificationCheck.findUnique({ where: { caseId_kind: { caseId: found.id, kind: "blacklist_check" } }, select: { status: true } });
      if (blacklist?.status === "fail") return fail("conflict", { reason: "blacklisted" });
    }
    const subject = subjectOf(found);
    const reason = input.decision === "approve" ? null : (input.reason ?? "").trim();
    const token = input.decision === "requestResubmission" ? randomToken() : null;
    const moved = await moveCase(tx, found.id, input.decision, {
      lastActivityAt: now,
      ...(input.decision === "approve" ? { approvedById: ctx.user.id, approvedAt: now, rejectionReason: null } : {}),
      ...(input.decision === "reject" ? { rejectedById: ctx.user.id, rejectedAt: now, rejectionReason: reason } : {}),
      ...(token
        ? { rejectionReason: reason, resubmissionTokenHash: sha256Hex(token), resubmissionExpiresAt: new Date(now.getTime() + RESUBMISSION_LINK_TTL_MS) }
        : { resubmissionTokenHash: null, resubmissionExpiresAt: null }),
    });
    if (!moved) return refusedAs(tx, found.id);

    const status = DECISION_STATUS[input.decision];
    await tx.kycNote.create({ data: { caseId: found.id, type: "decision", decision: status, authorId: ctx.user.id, content: reason ?? "", createdAt: now } });
    if (token) {
      await queueMessage(tx, {
        channel: "sms",
        recipient: subject.phone,
        language: subject.language,
        template: "kyc.resubmission",
        values: { caseNumber: found.caseNumber, reason: reason ?? "", link: publicLink(localizedPath(`/kyc/resubmit?token=${token}`, subject.language)) },
        entityType: "KycCase",
        entityId: found.id,
        branchId: found.branchId,
      });
    }
    if (subject.customerId) await syncCustomerKycStatus(tx, subject.customerId);
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: `kyc.${input.decision === "requestResubmission" ? "request_resubmission" : input.decision}`,
      entityType: "KycCase",
      entityId: found.id,
      before: { status: found.status },
      after: { status, ...(reason ? { reason } : {}) },
    });
    return ok({ caseNumber: found.caseNumber, status });
  }, KYC_TRANSACTION_OPTIONS);
}

/**
 * Verify Document / Reject Document: once, from pending, while the case is open. Re-checking a decided
 * document would hide who decided first; a new photo is a new document.
 */
export async function decideKycDocument(
  ctx: StaffContext,
  input: { documentId: string; decision: "verified" | "rejected" },
  now = new Date(),
): Promise<ActionResult<{ documentId: string }>> {
  return prisma.$transaction(async (tx) => {
    const doc = await tx.kycDocument.findUnique({ where: { id: input.documentId }, select: { id: true, type: true, caseId: true, case: { select: { status: true, branchId: true } } } });
    if (!doc || !inScope(ctx.scope, doc.case.branchId)) return fail("notFound");
    if (!isOpenKycStatus(doc.case.status)) return fail("conflict", { reason: "statusChanged", details: { status: doc.case.status } });
    const changed = await tx.kycDocument.updateMany({ where: { id: doc.id, verificationStatus: "pending" }, data: { verificationStatus: input.decision } });
    if (changed.count !== 1) return fail("conflict", { reason: "documentDecided" });
    await tx.kycCase.update({ where: { id: doc.caseId }, data: { lastActivityAt: now } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: input.decision === "verified" ? "kyc.document_verify" : "kyc.document_reject",
      entityType: "KycCase",
      entityId: doc.caseId,
      before: { documentId: doc.id, verificationStatus: "pending" },
      after: { documentId: doc.id, type: doc.type, verificationStatus: input.decision },
    });
    return ok({ documentId: doc.id });
  }, KYC_TRANSACTION_OPTIONS);
}

/**
 * Assigns a case to an officer who may decide KYC (or unassigns it). Assigning a case still pending review
 * starts its review (under_review) in the same step.
 */
export async function assignKycCase(
  ctx: StaffContext,
  input: { caseNumber: string; assigneeId: string | null },
  now = new Date(),
): Promise<ActionResult<{ caseNumber: string; status: KycCaseStatus }>> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.kycCase.findUnique({ where: { caseNumber: input.caseNumber }, select: { id: true, status: true, assignedToId: true, branchId: true } });
    if (!found || !inScope(ctx.scope, found.branchId)) return fail("notFound");
    if (!isOpenKycStatus(found.status)) return fail("conflict", { reason: "statusChanged", details: { status: found.status } });
    if (input.assigneeId) {
      const assignee = await tx.staffUser.findUnique({ where: { id: input.assigneeId }, select: { role: true, active: true, office: { select: { path: true, parentId: true } } } });
      // The officer must see the case afterwards: her office's subtree holds its branch (the queue: the head office).
      const branch = found.branchId ? await tx.office.findUnique({ where: { id: found.branchId }, select: { path: true } }) : null;
      if (!assignee || !assignee.active || !hasPermission(assignee.role, "kyc.decide") || !officeSees(assignee.office, branch?.path ?? null)) {
        return fail("validation", { fieldErrors: { assigneeId: "notAKycOfficer" } });
      }
    }
    // Guarded on what the officer saw, so two officers taking one case at once cannot both believe they have it.
    const assigned = await tx.kycCase.updateMany({
      where: { id: found.id, status: found.status, assignedToId: found.assignedToId },
      data: { assignedToId: input.assigneeId, lastActivityAt: now },
    });
    if (assigned.count !== 1) return refusedAs(tx, found.id);
    let status = found.status;
    if (input.assigneeId && found.status === "pending_review" && (await moveCase(tx, found.id, "startReview", {}))) status = "under_review";
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "kyc.assign",
      entityType: "KycCase",
      entityId: found.id,
      before: { assignedToId: found.assignedToId, status: found.status },
      after: { assignedToId: input.assigneeId, status },
    });
    return ok({ caseNumber: input.caseNumber, status });
  }, KYC_TRANSACTION_OPTIONS);
}

export async function addKycNote(ctx: StaffContext, input: { caseNumber: string; content: string }, now = new Date()): Promise<ActionResult<{ noteId: string }>> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.kycCase.findUnique({ where: { caseNumber: input.caseNumber }, select: { id: true, branchId: true } });
    if (!found || !inScope(ctx.scope, found.branchId)) return fail("notFound");
    const note = await tx.kycNote.create({ data: { caseId: found.id, type: "note", authorId: ctx.user.id, content: input.content, createdAt: now }, select: { id: true } });
    await tx.kycCase.update({ where: { id: found.id }, data: { lastActivityAt: now } });
    await writeAudit(tx, { ...auditBy(ctx), action: "kyc.note", entityType: "KycCase", entityId: found.id, after: { noteId: note.id, content: input.content } });
    return ok({ noteId: note.id });
  });
}

/** Queues OCR of a case's new card photo and computes the checks it can already compute. In the caller's transaction. */
export async function openKycDocumentChecks(tx: Prisma.TransactionClient, input: { caseId: string; documentId: string; readCard: boolean }, now = new Date()): Promise<void> {
  if (input.readCard) await enqueueJob(tx, { kind: "kyc.ocr", payload: { documentId: input.documentId } });
  await recomputeKycChecks(tx, input.caseId, now);
}

export type ResubmissionResult =
  | { ok: true; caseNumber: string }
  | { ok: false; error: "invalidLink" | "phoneMismatch" };

/**
 * The applicant's new card photo from a resubmission link: the link's token and their phone must both match
 * a case waiting for one. One transaction: the stored photo, a new document on the case, the case back to
 * pending_review (guarded: one photo per request), the link spent, OCR queued, checks recomputed, a history
 * entry and an audit row.
 */
export async function acceptKycResubmission(
  input: { token: string; phone: string; photo: CheckedImageUpload },
  request: { ip: string; userAgent: string | null },
  now = new Date(),
): Promise<ResubmissionResult> {
  return prisma.$transaction(async (tx) => {
    const found = await tx.kycCase.findUnique({ where: { resubmissionTokenHash: sha256Hex(input.token) }, select: { ...subjectSelect, resubmissionExpiresAt: true } });
    if (!found || found.status !== "resubmission_required" || !found.resubmissionExpiresAt || found.resubmissionExpiresAt < now) {
      return { ok: false, error: "invalidLink" } as const;
    }
    const subject = subjectOf(found);
    if (subject.phone !== input.phone) return { ok: false, error: "phoneMismatch" } as const;

    const moved = await moveCase(tx, found.id, "resubmitted", { lastActivityAt: now, resubmissionTokenHash: null, resubmissionExpiresAt: null });
    if (!moved) return { ok: false, error: "invalidLink" } as const;
    const stored = await createStoredDocument(tx, { kind: "nid_front", file: input.photo, uploadedAt: now });
    const doc = await tx.kycDocument.create({
      data: { caseId: found.id, type: "nid_front", category: "identity", frontImageId: stored.id, verificationStatus: "pending", uploadedAt: now },
      select: { id: true },
    });
    await tx.kycNote.create({ data: { caseId: found.id, type: "system", content: "resubmitted", createdAt: now } });
    await openKycDocumentChecks(tx, { caseId: found.id, documentId: doc.id, readCard: true }, now);
    if (subject.customerId) await syncCustomerKycStatus(tx, subject.customerId);
    const audit: AuditEntry = {
      actor: { id: null, label: "applicant" },
      action: "kyc.resubmit",
      entityType: "KycCase",
      entityId: found.id,
      ip: request.ip,
      userAgent: request.userAgent,
      before: { status: found.status },
      after: { status: "pending_review", documentId: doc.id, storedDocumentId: stored.id },
    };
    await writeAudit(tx, audit);
    return { ok: true, caseNumber: found.caseNumber } as const;
  }, KYC_TRANSACTION_OPTIONS);
}
