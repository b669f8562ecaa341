import "server-only";
import { prisma } from "@/lib/db";
import { officeDb, type OfficeScope } from "@/lib/offices/scope";
import { dhakaToday, toAsciiDigits } from "@/lib/format";
import type { InstallmentStatus, LoanStatus, LoanType, Prisma } from "@/lib/generated/prisma/client";
import { installmentNow } from "@/lib/repayments/installments";
import { lateFeePolicies } from "@/lib/repayments/queries";
import { isoDateOf } from "@/lib/validation/fields";
import { customerWhere } from "@/lib/customers/queries";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { assessRisk, type RiskAssessment, type RiskFacts } from "./risk";
import type { LoanListFilters, LoanTab } from "./schemas";

export const LOAN_PAGE_SIZE = 20;

/** Loans waiting for their credit decision: the Applications tab, the Pending Approvals card and the sidebar badge. */
const AWAITING_DECISION: LoanStatus[] = ["pending_approval", "under_review"];

const TAB_STATUSES: Record<LoanTab, LoanStatus[] | null> = {
  // Awaiting the credit decision: under_review is pending_approval put on hold (the spec shows it as a badge only).
  applications: AWAITING_DECISION,
  approved: ["approved"],
  active: ["disbursed"],
  all: null,
};

/** The filters as one WHERE: the tab, then status, type and risk, then the search over loan number and applicant. */
function loanWhere(filters: LoanListFilters): Prisma.LoanWhereInput {
  const and: Prisma.LoanWhereInput[] = [];
  const tabStatuses = TAB_STATUSES[filters.tab];
  if (tabStatuses) and.push({ status: { in: tabStatuses } });
  if (filters.status !== "any") and.push({ status: filters.status });
  if (filters.loanType !== "any") and.push({ loanType: filters.loanType });
  if (filters.risk !== "any") and.push({ riskLevel: filters.risk });
  const q = filters.q;
  if (q) {
    // The loan number, or the borrower by the customer screen's own "all fields" search (phone in any form, name,
    // e-mail, user number or code, NID) as one subquery, so the page and its count agree. "LN-…" is only a loan
    // number and a phone number only a phone; bare digits may be either.
    const ascii = toAsciiDigits(q.trim());
    const loanNumber = /^ln-?(\d{1,12})$/i.exec(ascii)?.[1];
    const digits = /^\d{1,12}$/.test(ascii) && !normalizeBdMobile(ascii) ? ascii : undefined;
    const borrower: Prisma.LoanWhereInput = { customer: { is: customerWhere({ by: "all", q, status: "any", kyc: "any" }) } };
    if (loanNumber) and.push({ loanNumber: { contains: loanNumber } });
    else if (digits) and.push({ OR: [{ loanNumber: { contains: digits } }, borrower] });
    else and.push(borrower);
  }
  return and.length ? { AND: and } : {};
}

const listSelect = {
  loanNumber: true,
  loanType: true,
  tenure: true,
  interestRate: true,
  requestedAmount: true,
  approvedAmount: true,
  emi: true,
  riskLevel: true,
  creditScore: true,
  monthlyIncome: true,
  status: true,
  submittedAt: true,
  customer: { select: { name: true, phone: true, email: true, userNumber: true, bankName: true, bankAccountNumber: true, creditScore: true } },
} satisfies Prisma.LoanSelect;

export type LoanListRow = Prisma.LoanGetPayload<{ select: typeof listSelect }>;
export type LoanList = { rows: LoanListRow[]; total: number; page: number; pageCount: number };

/** One page of the filtered list, newest first (index on status + submittedAt). */
export async function listLoans(filters: LoanListFilters, scope: OfficeScope): Promise<LoanList> {
  const where = loanWhere(filters);
  const db = officeDb(scope);
  const [rows, total] = await Promise.all([
    db.loan.findMany({
      where,
      orderBy: [{ submittedAt: "desc" }, { loanNumber: "desc" }],
      skip: (filters.page - 1) * LOAN_PAGE_SIZE,
      take: LOAN_PAGE_SIZE,
      select: listSelect,
    }),
    db.loan.count({ where }),
  ]);
  return { rows, total, page: filters.page, pageCount: Math.max(1, Math.ceil(total / LOAN_PAGE_SIZE)) };
}

export type LoanStats = {
  pendingApprovals: { count: number; totalRequested: number };
  approved: number;
  active: number;
  /** Everything paid out, ever (disbursed and since closed loans alike). */
  totalDisbursed: number;
  /** Paid out this calendar month and the last one (Asia/Dhaka): the card's month-on-month change, computed. */
  disbursedThisMonth: number;
  disbursedLastMonth: number;
};

/** The four cards, from the data: one grouped query by status (index-only) and sums of what went out when. */
export async function loanStats(scope: OfficeScope, now = new Date()): Promise<LoanStats> {
  const db = officeDb(scope);
  const [year, month] = dhakaToday(now).split("-").map(Number) as [number, number];
  // Asia/Dhaka is UTC+6 all year: a Dhaka month starts at 18:00 UTC on the day before the 1st.
  const monthStart = (monthsAgo: number) => new Date(Date.UTC(year, month - 1 - monthsAgo, 1) - 6 * 60 * 60 * 1000);
  const disbursedBetween = (from: Date, to: Date) =>
    db.loan.aggregate({ where: { disbursedAt: { gte: from, lt: to } }, _sum: { disbursedAmount: true } });
  const [thisMonth, lastMonth, nextMonth] = [monthStart(0), monthStart(1), monthStart(-1)];
  const [groups, current, previous] = await Promise.all([
    db.loan.groupBy({ by: ["status"], _count: { _all: true }, _sum: { requestedAmount: true, disbursedAmount: true } }),
    disbursedBetween(thisMonth, nextMonth),
    disbursedBetween(lastMonth, thisMonth),
  ]);
  const group = (s: LoanStatus) => groups.find((g) => g.status === s);
  return {
    pendingApprovals: {
      count: AWAITING_DECISION.reduce((sum, s) => sum + (group(s)?._count._all ?? 0), 0),
      totalRequested: AWAITING_DECISION.reduce((sum, s) => sum + (group(s)?._sum.requestedAmount ?? 0), 0),
    },
    approved: group("approved")?._count._all ?? 0,
    active: group("disbursed")?._count._all ?? 0,
    totalDisbursed: groups.reduce((sum, g) => sum + (g._sum.disbursedAmount ?? 0), 0),
    disbursedThisMonth: current._sum.disbursedAmount ?? 0,
    disbursedLastMonth: previous._sum.disbursedAmount ?? 0,
  };
}

const detailSelect = {
  id: true,
  loanNumber: true,
  loanType: true,
  requestedAmount: true,
  approvedAmount: true,
  tenure: true,
  interestRate: true,
  emi: true,
  purpose: true,
  status: true,
  riskLevel: true,
  creditScore: true,
  monthlyIncome: true,
  existingLoans: true,
  submittedAt: true,
  approvedAt: true,
  rejectedAt: true,
  rejectionReason: true,
  scheduledDisbursementAt: true,
  disbursedAt: true,
  disbursedAmount: true,
  disbursementBankAccount: true,
  disbursementBankName: true,
  closedAt: true,
  approvedById: true,
  approvedBy: { select: { name: true } },
  rejectedBy: { select: { name: true } },
  disbursedBy: { select: { name: true } },
  customer: {
    select: {
      id: true,
      userNumber: true,
      name: true,
      phone: true,
      email: true,
      address: true,
      dateOfBirth: true,
      nid: true,
      employmentType: true,
      employer: true,
      kycStatus: true,
      creditScore: true,
      bankName: true,
      bankAccountNumber: true,
    },
  },
  application: {
    select: { applicationId: true, employmentType: true, employer: true, reviewedById: true, reviewedAt: true, reviewedBy: { select: { name: true } }, nidImageId: true },
  },
  documents: { select: { id: true, type: true, status: true, uploadedAt: true, documentId: true }, orderBy: { uploadedAt: "asc" } },
  notes: { select: { id: true, content: true, createdAt: true, author: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
  installments: {
    select: { emiNumber: true, dueDate: true, emiAmount: true, principalAmount: true, interestAmount: true, lateFee: true, paidAmount: true, paidAt: true, status: true },
    orderBy: { emiNumber: "asc" },
  },
} satisfies Prisma.LoanSelect;

/**
 * The risk rule table (lib/loans/risk.ts) applied to a loan's figures and what we know of its borrower now: KYC
 * state and their other loans that are out and not yet repaid. Inside a transaction when given one.
 */
export async function assessLoanRisk(
  db: Prisma.TransactionClient,
  loan: { id?: string; customerId: string; emi: number; monthlyIncome: number; existingLoans: number | null; employmentType: RiskFacts["employmentType"] },
): Promise<RiskAssessment> {
  const [customer, otherActiveLoans] = await Promise.all([
    db.customer.findUniqueOrThrow({ where: { id: loan.customerId }, select: { kycStatus: true } }),
    db.loan.count({ where: { customerId: loan.customerId, status: { in: ["disbursed", "written_off"] }, ...(loan.id ? { id: { not: loan.id } } : {}) } }),
  ]);
  return assessRisk({ ...loan, kycStatus: customer.kycStatus, otherActiveLoans });
}

type StoredLoanDetail = Prisma.LoanGetPayload<{ select: typeof detailSelect }>;

export type LoanDetail = Omit<StoredLoanDetail, "installments"> & {
  /**
   * The schedule as of today: each instalment's late fee and state as the repayments screen, the schedule PDF and the
   * borrower's page show them (installmentNow: the fee charged, or the one a payment today would charge).
   */
  installments: (StoredLoanDetail["installments"][number] & { state: InstallmentStatus })[];
  /** The product's amount range: the approval amount must stay inside it. */
  product: { minAmount: number; maxAmount: number } | null;
  /** The rule table on today's data (KYC state and other loans may have changed since the level was stored). */
  risk: RiskAssessment;
};

/** Everything the loan's detail dialog shows, by its public number; null when there is none. */
export async function getLoanDetail(loanNumber: string, scope: OfficeScope): Promise<LoanDetail | null> {
  const loan = await officeDb(scope).loan.findUnique({ where: { loanNumber }, select: detailSelect });
  if (!loan) return null;
  const [product, risk, policies] = await Promise.all([
    prisma.loanProduct.findUnique({ where: { key: loan.loanType }, select: { minAmount: true, maxAmount: true } }),
    assessLoanRisk(prisma, {
      id: loan.id,
      customerId: loan.customer.id,
      emi: loan.emi,
      monthlyIncome: loan.monthlyIncome,
      existingLoans: loan.existingLoans,
      employmentType: loan.application?.employmentType ?? loan.customer.employmentType,
    }),
    lateFeePolicies(),
  ]);
  const today = dhakaToday();
  const installments = loan.installments.map((i) => {
    const now = installmentNow({ dueDate: isoDateOf(i.dueDate), emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount, status: i.status }, today, policies[loan.loanType]);
    return { ...i, lateFee: now.lateFee, state: now.state };
  });
  return { ...loan, installments, product, risk };
}

/** The sidebar's Loan Management badge: loans waiting for their credit decision. */
export function countLoansAwaitingDecision(scope: OfficeScope): Promise<number> {
  return officeDb(scope).loan.count({ where: { status: { in: AWAITING_DECISION } } });
}

export type ProductRanges = Partial<Record<LoanType, { minAmount: number; maxAmount: number }>>;

/** Each product's amount range, for the approval dialogs' hint (the server checks it again). */
export async function loanProductRanges(): Promise<ProductRanges> {
  const products = await prisma.loanProduct.findMany({ select: { key: true, minAmount: true, maxAmount: true } });
  return Object.fromEntries(products.map((p) => [p.key, { minAmount: p.minAmount, maxAmount: p.maxAmount }]));
}

/** How far back the public approval rate looks. */
export const PUBLIC_FIGURES_DAYS = 365;

export type PublicLendingFigures = { borrowers: number; disbursed: number; approvalPercent: number | null };

/**
 * The home page's figures, from the loans themselves (never a claim typed into the code): borrowers who received a
 * loan, the taka disbursed, and the share of credit decisions of the last year that approved (whole percent, rounded
 * down; null when there were none).
 */
export async function publicLendingFigures(now = new Date()): Promise<PublicLendingFigures> {
  const since = new Date(now.getTime() - PUBLIC_FIGURES_DAYS * 86_400_000);
  const [row] = await prisma.$queryRaw<{ borrowers: bigint; disbursed: bigint | null; approved: bigint; decided: bigint }[]>`
    SELECT count(DISTINCT "customerId") FILTER (WHERE "disbursedAt" IS NOT NULL) AS "borrowers",
           sum("disbursedAmount") FILTER (WHERE "disbursedAt" IS NOT NULL) AS "disbursed",
           count(*) FILTER (WHERE "approvedAt" >= ${since}) AS "approved",
           count(*) FILTER (WHERE "approvedAt" >= ${since} OR "rejectedAt" >= ${since}) AS "decided"
    FROM "Loan"`;
  const decided = Number(row?.decided ?? 0);
  return {
    borrowers: Number(row?.borrowers ?? 0),
    disbursed: Number(row?.disbursed ?? 0),
    approvalPercent: decided > 0 ? Math.floor((Number(row!.approved) * 100) / decided) : null,
  };
}
