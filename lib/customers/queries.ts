import "server-only";
import { BORROWER_SESSION_IDLE_MS } from "@/lib/borrower/limits";
import { prisma } from "@/lib/db";
import { branchInScopeSql, officeDb, type OfficeScope } from "@/lib/offices/scope";
import { inScope, loanBranchWhere } from "@/lib/offices/scope-rules";
import { dhakaToday, toAsciiDigits } from "@/lib/format";
import { Prisma } from "@/lib/generated/prisma/client";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { isoDateOf } from "@/lib/validation/fields";
import { installmentNow } from "@/lib/repayments/installments";
import { lateFeePolicies, lateFeeSql } from "@/lib/repayments/queries";
import type { CustomerAccess } from "./access";
import type { CustomerListFilters, CustomerSearchField } from "./schemas";

export const CUSTOMER_PAGE_SIZE = 20;
const EXPORT_BATCH_SIZE = 500;

/** Newest customers first; the user number breaks ties (and is unique, so pages never overlap). */
const CUSTOMER_ORDER = [{ createdAt: "desc" }, { userNumber: "desc" }] satisfies Prisma.CustomerOrderByWithRelationInput[];

/** Matches nothing: a phone search whose text cannot be part of a phone number. */
const NOTHING: Prisma.CustomerWhereInput = { id: { in: [] } };

/**
 * A phone search in any usual form: a whole number (01712-345678, +880…, Bengali digits) matches exactly along
 * the phone index; a typed beginning ("01712", "8801712") matches numbers starting with it; any other run of at
 * least three digits matches numbers containing it. Null when the text has no usable digits.
 */
function phoneCondition(text: string): Prisma.CustomerWhereInput | null {
  const e164 = normalizeBdMobile(text);
  if (e164) return { phone: e164 };
  const digits = toAsciiDigits(text).replace(/[\s\-().+]/g, "");
  if (!/^\d{3,}$/.test(digits)) return null;
  if (digits.startsWith("880")) return { phone: { startsWith: `+${digits}` } };
  if (digits.startsWith("0")) return { phone: { startsWith: `+88${digits}` } };
  return { phone: { contains: digits } };
}

function searchCondition(by: CustomerSearchField, q: string): Prisma.CustomerWhereInput {
  // User numbers and codes are ASCII; someone may type their digits in Bengali.
  const ascii = toAsciiDigits(q);
  const userNumber: Prisma.CustomerWhereInput = { userNumber: { contains: ascii, mode: "insensitive" } };
  const userCode: Prisma.CustomerWhereInput = { userCode: { contains: ascii, mode: "insensitive" } };
  const name: Prisma.CustomerWhereInput = { name: { contains: q, mode: "insensitive" } };
  const phone = phoneCondition(q);
  switch (by) {
    case "userNumber":
      return userNumber;
    case "userCode":
      return userCode;
    case "name":
      return name;
    case "phone":
      return phone ?? NOTHING;
    case "all": {
      const nid = ascii.replace(/[\s-]/g, "");
      return {
        OR: [
          userNumber,
          userCode,
          name,
          { email: { contains: q, mode: "insensitive" } },
          ...(phone ? [phone] : []),
          ...(/^\d{10,17}$/.test(nid) ? [{ nid }] : []),
        ],
      };
    }
  }
}

/** The screen's filters as one WHERE: status and KYC (index on status + kycStatus), then the search. */
export function customerWhere(filters: Pick<CustomerListFilters, "by" | "q" | "status" | "kyc">): Prisma.CustomerWhereInput {
  const and: Prisma.CustomerWhereInput[] = [];
  if (filters.status !== "any") and.push({ status: filters.status });
  if (filters.kyc !== "any") and.push({ kycStatus: filters.kyc });
  if (filters.q) and.push(searchCondition(filters.by, filters.q));
  return and.length ? { AND: and } : {};
}

const listSelect = {
  id: true,
  userNumber: true,
  userCode: true,
  name: true,
  email: true,
  phone: true,
  status: true,
  kycStatus: true,
  lastActivityAt: true,
  joinDate: true,
} satisfies Prisma.CustomerSelect;

/**
 * A customer's loans in two figures. `loanCount`: every loan recorded for them, whatever its status (the
 * profile's "total loans"). `activeLoans` / `activeAmount`: loans that are out (status disbursed) and what is
 * still owed on them, i.e. the sum over their unpaid instalments of EMI plus the late fee due today minus what was paid (the most a
 * payment may be, see lib/repayments/allocation.ts); a disbursed loan without a schedule counts its disbursed
 * amount. Closed, pending, approved and rejected loans owe nothing here.
 */
export type LoanSummary = { loanCount: number; activeLoans: number; activeAmount: number };

const NO_LOANS: LoanSummary = { loanCount: 0, activeLoans: 0, activeAmount: 0 };

/** The loan summaries of a page of customers in one grouped query (Loan.customerId and the instalments' loanId indexes). */
export async function loanSummaries(customerIds: readonly string[], scope: OfficeScope): Promise<Map<string, LoanSummary>> {
  if (customerIds.length === 0) return new Map();
  // Late fees due today counted as every screen counts them (installmentNow; in SQL, lateFeeSql; the loan is `l`).
  const fee = lateFeeSql(dhakaToday(), await lateFeePolicies()).sql;
  const rows = await prisma.$queryRaw<{ customerId: string; loanCount: number; activeLoans: number; activeAmount: bigint | number | null }[]>`
    SELECT l."customerId",
           count(*)::int AS "loanCount",
           (count(*) FILTER (WHERE l."status" = 'disbursed'))::int AS "activeLoans",
           COALESCE(sum(CASE WHEN l."status" = 'disbursed' THEN COALESCE(o."owed", l."disbursedAmount", 0) END), 0)::bigint AS "activeAmount"
    FROM "Loan" l
    LEFT JOIN LATERAL (
      SELECT sum(CASE WHEN i."status" = 'paid' THEN 0 ELSE GREATEST(i."emiAmount" + ${fee} - i."paidAmount", 0) END) AS "owed"
      FROM "LoanInstallment" i
      WHERE i."loanId" = l."id" AND l."status" = 'disbursed'
    ) o ON true
    WHERE l."customerId" = ANY(${[...customerIds]}::text[]) AND ${branchInScopeSql(scope, Prisma.sql`l."branchId"`)}
    GROUP BY l."customerId"`;
  return new Map(rows.map((r) => [r.customerId, { loanCount: r.loanCount, activeLoans: r.activeLoans, activeAmount: Number(r.activeAmount ?? 0) }]));
}

/** `loans` is null for someone without loans.read. */
export type CustomerListRow = Prisma.CustomerGetPayload<{ select: typeof listSelect }> & { loans: LoanSummary | null };
export type CustomerList = { rows: CustomerListRow[]; total: number; page: number; pageCount: number };

/** One page of the filtered list and its loan figures: three queries whatever the page size. */
export async function listCustomers(filters: CustomerListFilters, access: Pick<CustomerAccess, "loans" | "scope">): Promise<CustomerList> {
  const where = customerWhere(filters);
  const db = officeDb(access.scope);
  const [customers, total] = await Promise.all([
    db.customer.findMany({ where, orderBy: CUSTOMER_ORDER, skip: (filters.page - 1) * CUSTOMER_PAGE_SIZE, take: CUSTOMER_PAGE_SIZE, select: listSelect }),
    db.customer.count({ where }),
  ]);
  const summaries = access.loans ? await loanSummaries(customers.map((c) => c.id), access.scope) : null;
  return {
    rows: customers.map((c) => ({ ...c, loans: summaries ? (summaries.get(c.id) ?? NO_LOANS) : null })),
    total,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(total / CUSTOMER_PAGE_SIZE)),
  };
}

/** `activeLoans` is null for someone without loans.read. */
export type CustomerStats = { total: number; kycVerified: number; activeLoans: number | null };

/** The cards that do not depend on the filters (Search Results is the list's own total). */
export async function customerStats(access: Pick<CustomerAccess, "loans" | "scope">): Promise<CustomerStats> {
  const db = officeDb(access.scope);
  const [total, kycVerified, activeLoans] = await Promise.all([
    db.customer.count(),
    db.customer.count({ where: { kycStatus: "verified" } }),
    // Every loan belongs to a customer: the disbursed ones are the customers' active loans.
    access.loans ? db.loan.count({ where: { status: "disbursed" } }) : Promise.resolve(null),
  ]);
  return { total, kycVerified, activeLoans };
}

const exportSelect = {
  ...listSelect,
  createdAt: true,
  nid: true,
  address: true,
  dateOfBirth: true,
  employmentType: true,
  employer: true,
  monthlyIncome: true,
  creditScore: true,
} satisfies Prisma.CustomerSelect;
export type CustomerExportRow = Prisma.CustomerGetPayload<{ select: typeof exportSelect }> & { loans: LoanSummary | null };

/**
 * Rows of the CSV export: the screen's filters, every matching customer in the screen's order, read in keyset
 * batches (after the last row's createdAt and user number) with each batch's loan figures in one query.
 */
export async function* exportCustomerBatches(
  filters: CustomerListFilters,
  access: Pick<CustomerAccess, "loans" | "scope">,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<CustomerExportRow[]> {
  const where = customerWhere(filters);
  const db = officeDb(access.scope);
  let last: { createdAt: Date; userNumber: string } | null = null;
  for (;;) {
    const after: Prisma.CustomerWhereInput | null = last
      ? { OR: [{ createdAt: { lt: last.createdAt } }, { createdAt: last.createdAt, userNumber: { lt: last.userNumber } }] }
      : null;
    const batch: Prisma.CustomerGetPayload<{ select: typeof exportSelect }>[] = await db.customer.findMany({ where: after ? { AND: [where, after] } : where, orderBy: CUSTOMER_ORDER, take: batchSize, select: exportSelect });
    if (batch.length > 0) {
      const summaries = access.loans ? await loanSummaries(batch.map((c) => c.id), access.scope) : null;
      yield batch.map((c) => ({ ...c, loans: summaries ? (summaries.get(c.id) ?? NO_LOANS) : null }));
    }
    if (batch.length < batchSize) return;
    const { createdAt, userNumber } = batch[batch.length - 1]!;
    last = { createdAt, userNumber };
  }
}

const editSelect = {
  userNumber: true,
  userCode: true,
  name: true,
  email: true,
  nid: true,
  dateOfBirth: true,
  status: true,
  kycStatus: true,
  phone: true,
  address: true,
  emergencyContactName: true,
  emergencyContactPhone: true,
  emergencyContactRelation: true,
  employmentType: true,
  employer: true,
  monthlyIncome: true,
  creditScore: true,
  bankName: true,
  bankAccountNumber: true,
  bankBranch: true,
  updatedAt: true,
} satisfies Prisma.CustomerSelect;
export type CustomerForEdit = Prisma.CustomerGetPayload<{ select: typeof editSelect }>;

/** What the edit dialog is opened with (its updatedAt goes back with the save). */
export function getCustomerForEdit(userNumber: string, scope: OfficeScope): Promise<CustomerForEdit | null> {
  return officeDb(scope).customer.findUnique({ where: { userNumber }, select: editSelect });
}

const profileSelect = {
  ...editSelect,
  id: true,
  joinDate: true,
  lastActivityAt: true,
  createdAt: true,
  kycCases: { select: { id: true, caseNumber: true, branchId: true } },
  applications: { select: { id: true, applicationId: true, branchId: true } },
} satisfies Prisma.CustomerSelect;

export type ProfileLoan = {
  loanNumber: string;
  loanType: Prisma.LoanGetPayload<{ select: { loanType: true } }>["loanType"];
  status: Prisma.LoanGetPayload<{ select: { status: true } }>["status"];
  /** Disbursed amount once paid out, else the approved amount, else the amount requested. */
  amount: number;
  emi: number;
  /** Annual percent. */
  interestRate: number;
  tenure: number;
  disbursedAt: Date | null;
  /** Still owed (EMIs plus fees minus payments) on a disbursed loan; 0 once closed; null before disbursement. */
  remaining: number | null;
  /** The oldest instalment not yet covered: its due date (YYYY-MM-DD) and what it still owes. */
  nextDue: { date: string; amount: number; overdue: boolean } | null;
};

export type ProfilePayment = {
  paymentNumber: string;
  loanNumber: string;
  amount: number;
  /** YYYY-MM-DD, the day the money was received (Asia/Dhaka). */
  date: string;
  method: Prisma.LoanPaymentGetPayload<{ select: { method: true } }>["method"];
  reference: string | null;
  status: Prisma.LoanPaymentGetPayload<{ select: { status: true } }>["status"];
};

export type ActivityEntry = {
  id: string;
  action: string;
  entityType: string;
  /** The record's public reference: a loan, payment, application or KYC case number; null for the customer. */
  subject: string | null;
  at: Date;
  /** The staff member's current name, else the label stored with the row ("Applicant", "System"). */
  by: string;
  byStaff: boolean;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Loan figures are null without loans.read, payment figures without payments.read (lib/customers/access.ts). */
export type CustomerProfile = Omit<Prisma.CustomerGetPayload<{ select: typeof profileSelect }>, "kycCases" | "applications"> & {
  loans: ProfileLoan[] | null;
  payments: ProfilePayment[] | null;
  /** Sum of the customer's completed payments. */
  totalRepaid: number | null;
  totalLoans: number | null;
  activeLoanAmount: number | null;
  activity: ActivityEntry[];
  /** The borrower's own page (/account): the last sign-in and the sessions still open, by this customer's NID. */
  onlineAccess: { lastSignInAt: Date | null; openSessions: number };
};

/** Audit rows shown on the Activity Log tab: the latest ones. */
export const ACTIVITY_LIMIT = 100;

const asObject = (v: Prisma.JsonValue): Record<string, unknown> | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);

/**
 * Everything the view dialog shows, by user number; null when there is none. Loans with their schedules, every
 * payment (bounded by the loans' tenures), the repaid total, and the audit rows about the customer, its loans,
 * payments, applications and KYC cases (AuditLog's entityType + entityId index): seven indexed queries.
 */
export async function getCustomerProfile(userNumber: string, access: CustomerAccess, now = new Date()): Promise<CustomerProfile | null> {
  // The customer through the scope, and of her records those of the reader's branches: a loan another branch services
  // (its application came in there) stays that branch's, with its payments and history.
  const db = officeDb(access.scope);
  const found = await db.customer.findUnique({ where: { userNumber }, select: profileSelect });
  if (!found) return null;
  const { kycCases: allCases, applications: allApplications, ...customer } = found;
  const kycCases = allCases.filter((k) => inScope(access.scope, k.branchId));
  const applications = allApplications.filter((a) => inScope(access.scope, a.branchId));
  const ownLoans = { customerId: customer.id, ...loanBranchWhere(access.scope) };
  const [loans, payments, repaid] = await Promise.all([
    // Loan ids are read either way: payments are found through them, and the activity log names them.
    db.loan.findMany({
      where: { customerId: customer.id },
      orderBy: [{ submittedAt: "desc" }, { loanNumber: "desc" }],
      select: {
        id: true,
        loanNumber: true,
        loanType: true,
        status: true,
        requestedAmount: true,
        approvedAmount: true,
        disbursedAmount: true,
        emi: true,
        interestRate: true,
        tenure: true,
        disbursedAt: true,
        installments: { select: { dueDate: true, emiAmount: true, lateFee: true, paidAmount: true, status: true }, orderBy: { emiNumber: "asc" } },
      },
    }),
    prisma.loanPayment.findMany({
      where: { loan: ownLoans, ...(access.payments ? {} : { id: { in: [] } }) },
      orderBy: [{ paymentDate: "desc" }, { paymentNumber: "desc" }],
      select: { id: true, paymentNumber: true, amount: true, paymentDate: true, method: true, reference: true, status: true, loan: { select: { loanNumber: true } } },
    }),
    access.payments ? prisma.loanPayment.aggregate({ where: { status: "completed", loan: ownLoans }, _sum: { amount: true } }) : Promise.resolve(null),
  ]);

  // The activity log covers only the records this staff member may see.
  const subjects = new Map<string, string>([
    ...(access.loans ? loans.map((l) => [`Loan:${l.id}`, l.loanNumber] as const) : []),
    ...payments.map((p) => [`LoanPayment:${p.id}`, p.paymentNumber] as const),
    ...(access.applications ? applications.map((a) => [`LoanApplication:${a.id}`, a.applicationId] as const) : []),
    ...(access.kyc ? kycCases.map((k) => [`KycCase:${k.id}`, k.caseNumber] as const) : []),
  ]);
  const ids = (type: string) => [...subjects.keys()].filter((k) => k.startsWith(`${type}:`)).map((k) => k.slice(type.length + 1));
  const auditRows = await prisma.auditLog.findMany({
    where: {
      OR: [
        { entityType: "Customer", entityId: customer.id },
        ...["Loan", "LoanPayment", "LoanApplication", "KycCase"].filter((type) => ids(type).length > 0).map((type) => ({ entityType: type, entityId: { in: ids(type) } })),
      ],
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: ACTIVITY_LIMIT,
    select: { id: true, action: true, entityType: true, entityId: true, actorLabel: true, actor: { select: { name: true } }, before: true, after: true, createdAt: true },
  });

  const [lastSignIn, openSessions] = await Promise.all([
    prisma.borrowerSession.findFirst({ where: { nid: customer.nid }, orderBy: { createdAt: "desc" }, select: { createdAt: true } }),
    prisma.borrowerSession.count({
      where: { nid: customer.nid, revokedAt: null, expiresAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - BORROWER_SESSION_IDLE_MS) } },
    }),
  ]);

  const today = dhakaToday(now);
  const policies = await lateFeePolicies();
  const profileLoans: ProfileLoan[] = loans.map((l) => {
    const open = l.installments
      .map((i) => {
        const date = isoDateOf(i.dueDate);
        return { date, owed: installmentNow({ dueDate: date, emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount, status: i.status }, today, policies[l.loanType]).owed };
      })
      .filter((i) => i.owed > 0);
    // A written-off loan is still owed (decision 0267).
    const remaining = l.status === "disbursed" || l.status === "written_off" ? (l.installments.length ? open.reduce((sum, i) => sum + i.owed, 0) : (l.disbursedAmount ?? 0)) : l.status === "closed" ? 0 : null;
    const next = l.status === "disbursed" || l.status === "written_off" ? open[0] : undefined;
    return {
      loanNumber: l.loanNumber,
      loanType: l.loanType,
      status: l.status,
      amount: l.disbursedAmount ?? l.approvedAmount ?? l.requestedAmount,
      emi: l.emi,
      interestRate: l.interestRate.toNumber(),
      tenure: l.tenure,
      disbursedAt: l.disbursedAt,
      remaining,
      nextDue: next ? { date: next.date, amount: next.owed, overdue: next.date < today } : null,
    };
  });

  return {
    ...customer,
    loans: access.loans ? profileLoans : null,
    payments: !access.payments
      ? null
      : payments.map((p) => ({
      paymentNumber: p.paymentNumber,
      loanNumber: p.loan.loanNumber,
      amount: p.amount,
      date: isoDateOf(p.paymentDate),
      method: p.method,
      reference: p.reference,
      status: p.status,
    })),
    totalRepaid: repaid ? (repaid._sum.amount ?? 0) : null,
    totalLoans: access.loans ? loans.length : null,
    activeLoanAmount: access.loans ? profileLoans.reduce((sum, l) => sum + (l.status === "disbursed" ? (l.remaining ?? 0) : 0), 0) : null,
    onlineAccess: { lastSignInAt: lastSignIn?.createdAt ?? null, openSessions },
    activity: auditRows.map((row) => ({
      id: row.id,
      action: row.action,
      entityType: row.entityType,
      subject: row.entityType === "Customer" ? null : (subjects.get(`${row.entityType}:${row.entityId}`) ?? null),
      at: row.createdAt,
      by: row.actor?.name ?? row.actorLabel,
      byStaff: row.actor !== null,
      before: asObject(row.before),
      after: asObject(row.after),
    })),
  };
}
