import "server-only";
import { prisma } from "@/lib/db";
import type { ApplicationStatus, Language, LoanType } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { classifyQuery } from "@/lib/panel/classify-query";
import type { ReviewListFilters } from "./review-schemas";

export const REVIEW_PAGE_SIZE = 20;
/** The CSV export stops here; a larger list should be narrowed by filters first. */
export const REVIEW_EXPORT_LIMIT = 50_000;

/** Applications waiting for a reviewer (the sidebar badge). */
export function countApplicationsAwaitingReview(): Promise<number> {
  return prisma.loanApplication.count({ where: { status: { in: ["pending", "under_review"] } } });
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

/** The five stat cards, from one grouped query over every application. */
export async function reviewStats(): Promise<ReviewStats> {
  const groups = await prisma.loanApplication.groupBy({ by: ["status"], _count: { _all: true }, _sum: { amount: true } });
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
export async function listApplicationsForReview(filters: ReviewListFilters): Promise<ReviewList> {
  const where = reviewWhere(filters);
  const [rows, total] = await Promise.all([
    prisma.loanApplication.findMany({
      where,
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      skip: (filters.page - 1) * REVIEW_PAGE_SIZE,
      take: REVIEW_PAGE_SIZE,
      select: listSelect,
    }),
    prisma.loanApplication.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE)) };
}

/** Everything the detail dialog shows about one application (never the image bytes). */
export async function getApplicationForReview(applicationId: string) {
  return prisma.loanApplication.findUnique({
    where: { applicationId },
    include: {
      reviewedBy: { select: { name: true } },
      nidImage: { select: { id: true, mimeType: true, sizeBytes: true, uploadedAt: true, sha256: true } },
      loan: { select: { loanNumber: true, status: true } },
      customer: { select: { userNumber: true } },
    },
  });
}
export type ApplicationForReview = NonNullable<Awaited<ReturnType<typeof getApplicationForReview>>>;

/** The card photo for the authorized image route. */
export async function getApplicationNidImage(applicationId: string) {
  const row = await prisma.loanApplication.findUnique({
    where: { applicationId },
    select: { nidImage: { select: { bytes: true, mimeType: true } } },
  });
  return row?.nidImage ?? null;
}

/** Rows of the CSV export: the same filter as the screen, every page. */
export function exportApplications(filters: Pick<ReviewListFilters, "q" | "status">) {
  return prisma.loanApplication.findMany({
    where: reviewWhere(filters),
    orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
    take: REVIEW_EXPORT_LIMIT,
    select: {
      ...listSelect,
      purpose: true,
      employmentType: true,
      monthlyIncome: true,
      interestRate: true,
      rejectionReason: true,
    },
  });
}
