import "server-only";
import { officeDb } from "@/lib/offices/scope";
import type { ApplicationStatus, CustomerStatus, LoanStatus } from "@/lib/generated/prisma/enums";
import { isAllowed, type StaffContext } from "@/lib/auth/guard";
import { classifyQuery } from "./classify-query";

const LIMIT = 10;

export type SearchResults = {
  applications: { applicationId: string; name: string; phone: string; status: ApplicationStatus; amount: number; submittedAt: Date }[] | null;
  loans: { loanNumber: string; customerName: string; status: LoanStatus; requestedAmount: number; applicationId: string | null }[] | null;
  customers: { userNumber: string; name: string; phone: string; status: CustomerStatus; applicationId: string | null }[] | null;
};

/**
 * The panel's search box: applications, loans and customers by ID, phone, NID or name, each list only
 * when the user may read that kind (null otherwise).
 */
export async function searchBackOffice(raw: string, ctx: StaffContext): Promise<SearchResults> {
  const q = classifyQuery(raw);
  if (q.text.length < 2) return { applications: [], loans: [], customers: [] };
  const name = { contains: q.text, mode: "insensitive" as const };
  const db = officeDb(ctx.scope);

  const applications = isAllowed(ctx, "applications.read")
    ? db.loanApplication.findMany({
        where: q.applicationId
          ? { applicationId: q.applicationId }
          : q.phone
            ? { phone: q.phone }
            : q.nid
              ? { nid: q.nid }
              : { OR: [{ name }, { email: { equals: q.text, mode: "insensitive" } }] },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        take: LIMIT,
        select: { applicationId: true, name: true, phone: true, status: true, amount: true, submittedAt: true },
      })
    : null;

  const customerWhere = q.userNumber
    ? { userNumber: q.userNumber }
    : q.userCode
      ? { userCode: q.userCode }
      : q.phone
        ? { phone: q.phone }
        : q.nid
          ? { nid: q.nid }
          : { name };

  const loans = isAllowed(ctx, "loans.read")
    ? db.loan.findMany({
        where: q.loanNumber ? { loanNumber: q.loanNumber } : { customer: customerWhere },
        orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
        take: LIMIT,
        select: { loanNumber: true, status: true, requestedAmount: true, customer: { select: { name: true } }, application: { select: { applicationId: true } } },
      })
    : null;

  const customers = isAllowed(ctx, "customers.read")
    ? db.customer.findMany({
        where: customerWhere,
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take: LIMIT,
        select: {
          userNumber: true,
          name: true,
          phone: true,
          status: true,
          applications: { select: { applicationId: true }, orderBy: { submittedAt: "desc" }, take: 1 },
        },
      })
    : null;

  const [a, l, c] = await Promise.all([applications, loans, customers]);
  return {
    applications: a,
    loans: l?.map((row) => ({
      loanNumber: row.loanNumber,
      customerName: row.customer.name,
      status: row.status,
      requestedAmount: row.requestedAmount,
      applicationId: row.application?.applicationId ?? null,
    })) ?? null,
    customers: c?.map((row) => ({
      userNumber: row.userNumber,
      name: row.name,
      phone: row.phone,
      status: row.status,
      applicationId: row.applications[0]?.applicationId ?? null,
    })) ?? null,
  };
}
