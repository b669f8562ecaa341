import "server-only";
import { cache } from "react";
import { minuteBucket, versionedMemo } from "@/lib/cache/versioned";
import { prisma } from "@/lib/db";
import { officeDb, type OfficeScope } from "@/lib/offices/scope";
import { scopeKey } from "@/lib/offices/scope-rules";
import type { ApplicationStatus, Language, LoanType } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { classifyQuery } from "@/lib/panel/classify-query";
import type { ReviewListFilters } from "./review-schemas";

export const REVIEW_PAGE_SIZE = 20;
const EXPORT_BATCH_SIZE = 2_000;

/** Newest first; the id breaks ties so pages and export batches never skip or repeat a row. */
const REVIEW_ORDER = [{ submittedAt: "desc" }, { id: "desc" }] satisfies Prisma.LoanApplicationOrderByWithRelationInput[];

/** Newest change to any application (index-only): the cache key of figures computed over all of them. */
export const applicationsVersion = cache(async (): Promise<string> => {
  const { _max, _count } = await prisma.loanApplication.aggregate({ _max: { updatedAt: true }, _count: { _all: true } });
  return `${_max.updatedAt?.getTime() ?? 0}:${_count._all}`;
});

/** Applications waiting for a reviewer (the sidebar badge): from the same cached counts as the stat cards. */
export async function countApplicationsAwaitingReview(scope: OfficeScope): Promise<number> {
  const stats = await reviewStats(scope);
  return stats.pending + stats.underReview;
}

/**
 * The list's filter as one indexed condition: an application ID, phone number or e-mail address is
 * matched exactly, anything else as part of the name.
 */
export function reviewWhere(filters: Pick<ReviewListFilters, "q" | "status">): Prisma.LoanApplicationWhereInput {
  const where: Prisma.LoanApplicationWhereInput = filters.status === "all" ? {} : { status: filters.status };
  const q = filters.q ? classifyQuery(filters.q) : null;
  if (!q || q.text === "") return where;
  if (q.applicationId) return { ...where, applicationId: q.applicationId };
  if (q.phone) return { ...where, phone: q.phone };
  if (q.email) return { ...where, email: { equals: q.email, mode: "insensitive" } };
  return { ...where, name: { contains: q.text, mode: "insensitive" } };
}

const listSelect = {
  applicationId: true,
  loanType: true,
  language: true,
  name: true,
  phone: true,
  email: true,
  nidVerified: true,
  amount: true,
  tenure: true,
  emi: true,
  status: true,
  submittedAt: true,
  reviewedAt: true,
  reviewedBy: { select: { name: true } },
} satisfies Prisma.LoanApplicationSelect;

export type ReviewListRow = Prisma.LoanApplicationGetPayload<{ select: typeof listSelect }>;

export type ReviewStats = { total: number; pending: number; underReview: number; approved: number; rejected: number; totalAmount: number };

/**
 * The five stat cards, from one grouped query over every application, recomputed only when an application
 * was added or changed (and at least once a minute): every back-office page shows the badge, and the
 * grouping reads every row.
 */
export async function reviewStats(scope: OfficeScope): Promise<ReviewStats> {
  return cachedStats(`${scopeKey(scope)}:${await applicationsVersion()}:${minuteBucket()}`, scope);
}

// One entry per scope in use (a branch's staff share theirs).
const cachedStats = versionedMemo(computeReviewStats, 256);

async function computeReviewStats(scope: OfficeScope): Promise<ReviewStats> {
  const groups = await officeDb(scope).loanApplication.groupBy({ by: ["status"], _count: { _all: true }, _sum: { amount: true } });
  const count = (s: ApplicationStatus) => groups.find((g) => g.status === s)?._count._all ?? 0;
  return {
    total: groups.reduce((n, g) => n + g._count._all, 0),
    pending: count("pending"),
    underReview: count("under_review"),
    approved: count("approved"),
    rejected: count("rejected"),
    totalAmount: groups.reduce((n, g) => n + (g._sum.amount ?? 0), 0),
  };
}

/** Loan type names in both languages (the table shows each application in its applicant's language). */
export async function loanTypeTitles(): Promise<Record<LoanType, Record<Language, string>>> {
  const products = await prisma.loanProduct.findMany({ select: { key: true, titleBn: true, titleEn: true } });
  return Object.fromEntries(products.map((p) => [p.key, { bn: p.titleBn, en: p.titleEn }])) as Record<LoanType, Record<Language, string>>;
}

export type ReviewList = { rows: ReviewListRow[]; total: number; page: number; pageCount: number };

/** One page of the filtered list, newest first (index on submittedAt, or status + submittedAt). */
export async function listApplicationsForReview(filters: ReviewListFilters, scope: OfficeScope): Promise<ReviewList> {
  const where = reviewWhere(filters);
  const db = officeDb(scope);
  const [rows, total] = await Promise.all([
    db.loanApplication.findMany({
      where,
      orderBy: REVIEW_ORDER,
      skip: (filters.page - 1) * REVIEW_PAGE_SIZE,
      take: REVIEW_PAGE_SIZE,
      select: listSelect,
    }),
    db.loanApplication.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)) };
}

/** Everything the detail dialog shows about one application (never the image bytes). */
export async function getApplicationForReview(applicationId: string, scope: OfficeScope) {
  return officeDb(scope).loanApplication.findUnique({
    where: { applicationId },
    include: {
      reviewedBy: { select: { name: true } },
      nidImage: { select: { id: true, mimeType: true, sizeBytes: true, uploadedAt: true, sha256: true } },
      loan: { select: { loanNumber: true, status: true } },
      customer: { select: { userNumber: true } },
      branch: { select: { code: true, nameBn: true, nameEn: true } },
    },
  });
}
export type ApplicationForReview = NonNullable<Awaited<ReturnType<typeof getApplicationForReview>>>;

/** The card photo for the authorized image route. */
export async function getApplicationNidImage(applicationId: string, scope: OfficeScope) {
  const row = await officeDb(scope).loanApplication.findUnique({
    where: { applicationId },
    select: { nidImage: { select: { bytes: true, mimeType: true } } },
  });
  return row?.nidImage ?? null;
}

const exportSelect = {
  ...listSelect,
  id: true,
  purpose: true,
  employmentType: true,
  monthlyIncome: true,
  interestRate: true,
  rejectionReason: true,
} satisfies Prisma.LoanApplicationSelect;

export type ExportRow = Prisma.LoanApplicationGetPayload<{ select: typeof exportSelect }>;

/**
 * Rows of the CSV export: the screen's filter, every matching application in the screen's order. Read in
 * keyset batches (after the last row's submittedAt and id, along the index) so a 100,000-row export neither
 * holds one huge result nor pays for ever larger OFFSETs.
 */
export async function* exportApplicationBatches(
  filters: Pick<ReviewListFilters, "q" | "status">,
  scope: OfficeScope,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  const where = reviewWhere(filters);
  const db = officeDb(scope);
  let last: { submittedAt: Date; id: string } | null = null;
  for (;;) {
    const after: Prisma.LoanApplicationWhereInput | null = last
      ? { OR: [{ submittedAt: { lt: last.submittedAt } }, { submittedAt: last.submittedAt, id: { lt: last.id } }] }
      : null;
    const batch: ExportRow[] = await db.loanApplication.findMany({
      where: after ? { AND: [where, after] } : where,
      orderBy: REVIEW_ORDER,
      take: batchSize,
      select: exportSelect,
    });
    if (batch.length > 0) yield batch;
    if (batch.length < batchSize) return;
    const { submittedAt, id } = batch[batch.length - 1]!;
    last = { submittedAt, id };
  }
}
