import "server-only";
import { prisma } from "@/lib/db";
import { branchInScopeSql, officeDb, type OfficeScope } from "@/lib/offices/scope";
import { dhakaDay, percentOf } from "@/lib/dashboard/period";
import { toAsciiDigits } from "@/lib/format";
import { Prisma, type KycCaseStatus } from "@/lib/generated/prisma/client";
import { PERMISSIONS } from "@/lib/auth/permissions";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { CHECK_KINDS, type CheckValues } from "./checks";
import type { KycListFilters, KycTab } from "./schemas";
import { OPEN_KYC_STATUSES } from "./status";
import { normalizeApplicationId } from "@/lib/applications/ids";

export const KYC_PAGE_SIZE = 20;
const EXPORT_BATCH_SIZE = 500;
/** The approval rate looks at the cases decided in this many days. */
export const APPROVAL_RATE_DAYS = 30;

const TAB_STATUSES: Record<KycTab, readonly KycCaseStatus[] | null> = {
  pending: OPEN_KYC_STATUSES,
  approved: ["approved"],
  rejected: ["rejected"],
  all: null,
};

/**
 * The search, by what the text looks like: a whole phone number in any form (Bengali digits too) matches the
 * customer's or the applicant's phone exactly; a KYC ID, member number or application ID matches that column;
 * anything else is a name or e-mail on the case's customer or on its application's form (trigram indexes).
 * People are looked up first and their cases found by the case's own indexes: an OR across the two relations
 * would make PostgreSQL scan every case.
 */
async function searchCondition(q: string): Promise<Prisma.KycCaseWhereInput> {
  const ascii = toAsciiDigits(q).trim();
  const text = { contains: ascii, mode: "insensitive" as const };
  // A whole KYC ID (as printed, six digits or more) is looked up by its unique index; a part of one by a scan.
  if (/^KYC-\d{6,}$/i.test(ascii)) return { caseNumber: ascii.toUpperCase() };
  if (/^KYC-?\d+$/i.test(ascii)) return { caseNumber: text };
  if (/^U\d+$/i.test(ascii)) return { customer: { userNumber: text } };
  // A whole application reference (either form) by its unique index; the start of an older one by a scan.
  const applicationId = normalizeApplicationId(q);
  if (applicationId) return { application: { applicationId } };
  if (/^LB\d+$/i.test(ascii)) return { application: { applicationId: text } };
  const phone = normalizeBdMobile(q);
  const person: Prisma.CustomerWhereInput & Prisma.LoanApplicationWhereInput = phone
    ? { phone }
    : { OR: [{ name: { contains: q, mode: "insensitive" } }, { email: { contains: q, mode: "insensitive" } }] };
  const [customers, applications] = await Promise.all([
    prisma.customer.findMany({ where: person, select: { id: true } }),
    prisma.loanApplication.findMany({ where: person, select: { id: true } }),
  ]);
  return { OR: [{ customerId: { in: customers.map((c) => c.id) } }, { applicationId: { in: applications.map((a) => a.id) } }] };
}

export async function kycWhere(filters: Pick<KycListFilters, "tab" | "q" | "status" | "priority">): Promise<Prisma.KycCaseWhereInput> {
  const and: Prisma.KycCaseWhereInput[] = [];
  const statuses = TAB_STATUSES[filters.tab];
  if (statuses) and.push({ status: { in: [...statuses] } });
  if (filters.status !== "any") and.push({ status: filters.status });
  if (filters.priority !== "any") and.push({ priority: filters.priority });
  if (filters.q) and.push(await searchCondition(filters.q));
  return and.length > 0 ? { AND: and } : {};
}

/** The Pending tab is a work queue: most urgent first, then the longest waiting. Other tabs: newest first. */
function kycOrder(tab: KycTab): Prisma.KycCaseOrderByWithRelationInput[] {
  return tab === "pending" ? [{ priority: "asc" }, { submittedAt: "asc" }, { caseNumber: "asc" }] : [{ submittedAt: "desc" }, { caseNumber: "desc" }];
}

const personSelect = { name: true, email: true, phone: true } as const;

const listSelect = {
  id: true,
  caseNumber: true,
  status: true,
  priority: true,
  submittedAt: true,
  lastActivityAt: true,
  assignedTo: { select: { id: true, name: true } },
  customer: { select: { userNumber: true, ...personSelect } },
  application: { select: { applicationId: true, ...personSelect } },
  documents: { select: { id: true, type: true, verificationStatus: true }, orderBy: { uploadedAt: "asc" } },
  checks: { select: { kind: true, status: true } },
} satisfies Prisma.KycCaseSelect;

type ListCase = Prisma.KycCaseGetPayload<{ select: typeof listSelect }>;

/** The person a case is about, for display: its customer, else the applicant of its application. */
function personOf(c: Pick<ListCase, "customer" | "application">) {
  const p = c.customer ?? c.application;
  return { name: p?.name ?? "", email: p?.email ?? null, phone: p?.phone ?? "", memberId: c.customer?.userNumber ?? null, applicationId: c.application?.applicationId ?? null };
}

function listRow(c: ListCase) {
  const order = new Map<string, number>(CHECK_KINDS.map((k, i) => [k, i]));
  return {
    caseNumber: c.caseNumber,
    status: c.status,
    priority: c.priority,
    submittedAt: c.submittedAt,
    lastActivityAt: c.lastActivityAt,
    assignee: c.assignedTo,
    person: personOf(c),
    documents: c.documents.map((d) => ({ type: d.type, verificationStatus: d.verificationStatus })),
    checks: [...c.checks].sort((a, b) => (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99)),
  };
}

export type KycListRow = ReturnType<typeof listRow>;
export type KycList = { rows: KycListRow[]; total: number; page: number; pageCount: number };

export async function listKycCases(filters: KycListFilters, scope: OfficeScope): Promise<KycList> {
  const where = await kycWhere(filters);
  const db = officeDb(scope);
  const [cases, total] = await Promise.all([
    db.kycCase.findMany({ where, orderBy: kycOrder(filters.tab), skip: (filters.page - 1) * KYC_PAGE_SIZE, take: KYC_PAGE_SIZE, select: listSelect }),
    db.kycCase.count({ where }),
  ]);
  return { rows: cases.map(listRow), total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / KYC_PAGE_SIZE)) };
}

export type KycStats = { pendingReview: number; approvedToday: number; rejectedToday: number; approvalRate: number | null; decidedInWindow: number };

/**
 * The four cards: pending review (pending_review + under_review), approved and rejected since Dhaka midnight,
 * and the share approved of the cases decided in the last APPROVAL_RATE_DAYS days (null when none was).
 */
export async function kycStats(scope: OfficeScope, now = new Date()): Promise<KycStats> {
  const db = officeDb(scope);
  const today = dhakaDay(now).start;
  const windowStart = new Date(now.getTime() - APPROVAL_RATE_DAYS * 24 * 60 * 60 * 1000);
  const [pendingReview, approvedToday, rejectedToday, approvedInWindow, rejectedInWindow] = await Promise.all([
    db.kycCase.count({ where: { status: { in: [...OPEN_KYC_STATUSES] } } }),
    db.kycCase.count({ where: { status: "approved", approvedAt: { gte: today } } }),
    db.kycCase.count({ where: { status: "rejected", rejectedAt: { gte: today } } }),
    db.kycCase.count({ where: { status: "approved", approvedAt: { gte: windowStart } } }),
    db.kycCase.count({ where: { status: "rejected", rejectedAt: { gte: windowStart } } }),
  ]);
  const decidedInWindow = approvedInWindow + rejectedInWindow;
  return { pendingReview, approvedToday, rejectedToday, approvalRate: percentOf(approvedInWindow, decidedInWindow), decidedInWindow };
}

/** The Pending Review count, for the sidebar badge. */
export function countOpenKycCases(scope: OfficeScope): Promise<number> {
  return officeDb(scope).kycCase.count({ where: { status: { in: [...OPEN_KYC_STATUSES] } } });
}

/**
 * Staff a case of the scope can be assigned to: active, allowed to decide KYC, and seeing the case (their office's
 * subtree holds its branch; a case in the head office's queue, the head office's staff). None for a case outside it.
 */
export function listKycAssignees(caseNumber: string, scope: OfficeScope): Promise<{ id: string; name: string }[]> {
  return prisma.$queryRaw<{ id: string; name: string }[]>`
    SELECT s."id", s."name"
      FROM "KycCase" c
      LEFT JOIN "Office" b ON b."id" = c."branchId"
      JOIN "StaffUser" s ON s."active" AND s."role"::text = ANY(${[...PERMISSIONS["kyc.decide"]]}::text[])
      JOIN "Office" o ON o."id" = s."officeId" AND (o."parentId" IS NULL OR starts_with(b."path", o."path"))
     WHERE c."caseNumber" = ${caseNumber} AND ${branchInScopeSql(scope, Prisma.sql`c."branchId"`)}
     ORDER BY s."name"`;
}

const detailSelect = {
  ...listSelect,
  approvedAt: true,
  rejectedAt: true,
  rejectionReason: true,
  approvedBy: { select: { name: true } },
  rejectedBy: { select: { name: true } },
  customer: { select: { userNumber: true, nid: true, dateOfBirth: true, address: true, ...personSelect } },
  application: { select: { applicationId: true, nid: true, dob: true, address: true, loanType: true, amount: true, ...personSelect } },
  documents: {
    select: {
      id: true,
      type: true,
      category: true,
      verificationStatus: true,
      uploadedAt: true,
      extractedData: true,
      ocrConfidence: true,
      ocrText: true,
      ocrReadAt: true,
      backImageId: true,
    },
    orderBy: { uploadedAt: "asc" },
  },
  checks: { select: { kind: true, status: true, confidence: true, explanationKey: true, explanationValues: true, checkedAt: true } },
  notes: { select: { id: true, type: true, decision: true, content: true, createdAt: true, author: { select: { name: true } } }, orderBy: { createdAt: "desc" } },
} satisfies Prisma.KycCaseSelect;

/** Everything the detail dialog's four tabs show (document bytes stay in the image route). */
export async function getKycCaseDetail(caseNumber: string, scope: OfficeScope) {
  const found = await officeDb(scope).kycCase.findUnique({ where: { caseNumber }, select: detailSelect });
  if (!found) return null;
  const order = new Map<string, number>(CHECK_KINDS.map((k, i) => [k, i]));
  const subject = found.customer ?? found.application;
  const dob = found.customer?.dateOfBirth ?? found.application?.dob ?? null;
  return {
    ...listRow(found),
    person: { ...personOf(found), nid: subject?.nid ?? "", address: subject?.address ?? "", dateOfBirth: dob ? dob.toISOString().slice(0, 10) : null },
    application: found.application ? { applicationId: found.application.applicationId, loanType: found.application.loanType, amount: found.application.amount } : null,
    decision: {
      approvedAt: found.approvedAt,
      approvedBy: found.approvedBy?.name ?? null,
      rejectedAt: found.rejectedAt,
      rejectedBy: found.rejectedBy?.name ?? null,
      reason: found.rejectionReason,
    },
    documents: found.documents.map((d) => ({
      ...d,
      extractedData: d.extractedData && typeof d.extractedData === "object" && !Array.isArray(d.extractedData) ? (d.extractedData as Record<string, string | number | null>) : null,
    })),
    checks: [...found.checks]
      .sort((a, b) => (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99))
      .map((c) => ({ ...c, explanationValues: (c.explanationValues ?? null) as CheckValues | null })),
    notes: found.notes.map((n) => ({ id: n.id, type: n.type, decision: n.decision, content: n.content, createdAt: n.createdAt, author: n.author?.name ?? null })),
  };
}

export type KycCaseDetail = NonNullable<Awaited<ReturnType<typeof getKycCaseDetail>>>;

/** The filtered queue for the CSV export, in batches (keyset on the id). */
export async function* exportKycBatches(filters: KycListFilters, scope: OfficeScope): AsyncGenerator<KycListRow[]> {
  const where = await kycWhere(filters);
  const db = officeDb(scope);
  let after: string | null = null;
  for (;;) {
    const batch: ListCase[] = await db.kycCase.findMany({
      where: after ? { AND: [where, { id: { gt: after } }] } : where,
      orderBy: { id: "asc" },
      take: EXPORT_BATCH_SIZE,
      select: listSelect,
    });
    if (batch.length === 0) return;
    yield batch.map(listRow);
    after = batch[batch.length - 1]!.id;
    if (batch.length < EXPORT_BATCH_SIZE) return;
  }
}

/** The bytes of a KYC document's front image, for the authorized image route. */
export function getKycDocumentImage(documentId: string, scope: OfficeScope) {
  return officeDb(scope).kycDocument.findUnique({ where: { id: documentId }, select: { frontImage: { select: { bytes: true, mimeType: true } } } });
}
