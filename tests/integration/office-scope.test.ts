/**
 * Branches (issue 41) on PostgreSQL: the office tree's rules in the database, and the one scope every staff-facing
 * read, export, PDF, image and action goes through. A loan officer of one branch asks for every id of another
 * branch's application, customer, loan, instalment, payment, KYC case and document: not found every time (404 from
 * the route handlers), nothing of it in her lists, counts, search or dashboard, and her actions on it change nothing.
 * Figures that add up do so across branches (the head office's total is the branches' sum).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));

import { GET as applicationExport } from "@/app/admin/api/applications/export/route";
import { GET as nidImage } from "@/app/admin/api/applications/[applicationId]/nid-image/route";
import { GET as customerExport } from "@/app/admin/api/customers/export/route";
import { GET as kycImage } from "@/app/admin/api/kyc/documents/[documentId]/image/route";
import { GET as kycExport } from "@/app/admin/api/kyc/export/route";
import { GET as schedulePdf } from "@/app/admin/api/loans/[loanNumber]/schedule.pdf/route";
import { GET as receiptPdf } from "@/app/admin/api/payments/[paymentNumber]/receipt.pdf/route";
import { approveApplication, assignApplicationBranchAction, rejectApplication } from "@/lib/applications/review-actions";
import { getApplicationForReview, listApplicationsForReview, reviewStats } from "@/lib/applications/review-queries";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { getStaffContext, isAllowed } from "@/lib/auth/guard";
import { HEAD_OFFICE_PERMISSIONS } from "@/lib/auth/permissions";
import { officeDb } from "@/lib/offices/scope";
import { resendMessageAction } from "@/lib/outbox/actions";
import { createStaffAction } from "@/lib/staff/actions";
import { customerStats, getCustomerForEdit, getCustomerProfile, listCustomers, loanSummaries } from "@/lib/customers/queries";
import { createCustomerAction, endBorrowerSessionsAction, updateCustomerAction } from "@/lib/customers/actions";
import { getDashboard, getDashboardVersion } from "@/lib/dashboard/queries";
import { prisma } from "@/lib/db";
import { addKycNoteAction, approveKycAction, assignKycAction, decideKycDocumentAction } from "@/lib/kyc/actions";
import { getKycCaseDetail, kycStats, listKycAssignees, listKycCases } from "@/lib/kyc/queries";
import { kycListFiltersSchema } from "@/lib/kyc/schemas";
import { addLoanNoteAction, approveLoanAction, rejectLoanAction } from "@/lib/loans/actions";
import { getLoanDetail, listLoans, loanStats } from "@/lib/loans/queries";
import { loanListFiltersSchema } from "@/lib/loans/schemas";
import { scopeOfOffice, type OfficeScope } from "@/lib/offices/scope";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { searchBackOffice } from "@/lib/panel/search";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { logCallAction } from "@/lib/repayments/collection-actions";
import { repaymentListFiltersSchema } from "@/lib/repayments/list-schemas";
import { getRepaymentDetail, listCollectionActivities, listRepayments, repaymentStats } from "@/lib/repayments/queries";
import { reviewListFiltersSchema } from "@/lib/applications/review-schemas";
import { customerListFiltersSchema } from "@/lib/customers/schemas";
import { seedDemo } from "@/prisma/seed";
import { freshIp, submissionForm, validPayload } from "../support/application-fixtures";
import { payment } from "../support/loan-fixtures";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
let north: string; // an area under the head office
let riverside: string; // a branch of the north area, where one customer's records are moved
let south: string; // another area, with an empty branch
let harbour: string;

/** What of the demo data was put into the riverside branch. */
const moved = {} as {
  customer: { id: string; userNumber: string; nid: string };
  loanNumber: string;
  installmentId: string;
  oldPaymentNumber: string;
  applicationId: string;
  caseNumber: string;
  documentId: string;
};

async function office(code: string, level: "zone" | "region" | "area" | "branch", parentId: string): Promise<string> {
  const row = await prisma.office.create({
    data: { code, nameBn: `অফিস ${code}`, nameEn: `Office ${code}`, level, parentId, openedOn: new Date("2026-01-01") },
    select: { id: true },
  });
  return row.id;
}

const scopeOf = async (officeId: string): Promise<OfficeScope> =>
  scopeOfOffice(await prisma.office.findUniqueOrThrow({ where: { id: officeId }, select: { id: true, path: true, parentId: true } }));

beforeAll(async () => {
  await seedDemo(prisma);
  north = await office("OS-A1", "area", HEAD);
  riverside = await office("OS-B1", "branch", north);
  south = await office("OS-A2", "area", HEAD);
  harbour = await office("OS-B2", "branch", south);

  // One borrower with a disbursed loan that has payments and a KYC case with documents moves to riverside (as a
  // transfer will); the payments already received stay where they were received.
  const loan = await prisma.loan.findFirstOrThrow({
    where: { status: "disbursed", payments: { some: {} }, installments: { some: { status: { not: "paid" } } }, customer: { kycCases: { some: { documents: { some: {} } } } } },
    orderBy: { loanNumber: "asc" },
    select: {
      loanNumber: true,
      customer: { select: { id: true, userNumber: true, nid: true } },
      installments: { where: { status: { not: "paid" } }, select: { id: true }, orderBy: { emiNumber: "asc" }, take: 1 },
      payments: { select: { paymentNumber: true }, take: 1 },
    },
  });
  const customerId = loan.customer.id;
  await prisma.$transaction([
    prisma.customer.update({ where: { id: customerId }, data: { branchId: riverside } }),
    prisma.loan.updateMany({ where: { customerId }, data: { branchId: riverside } }),
    prisma.loanApplication.updateMany({ where: { customerId }, data: { branchId: riverside } }),
    prisma.kycCase.updateMany({ where: { customerId }, data: { branchId: riverside } }),
    prisma.collectionActivity.updateMany({ where: { customerId }, data: { branchId: riverside } }),
  ]);
  const kycCase = await prisma.kycCase.findFirstOrThrow({
    where: { customerId, documents: { some: {} } },
    select: { caseNumber: true, documents: { select: { id: true }, take: 1 } },
  });
  // And one pending application with a card photo, of someone else.
  const application = await prisma.loanApplication.findFirstOrThrow({ where: { status: "pending", nidImageId: { not: null } }, select: { applicationId: true } });
  await prisma.loanApplication.update({ where: { applicationId: application.applicationId }, data: { branchId: riverside } });
  Object.assign(moved, {
    customer: loan.customer,
    loanNumber: loan.loanNumber,
    installmentId: loan.installments[0]!.id,
    oldPaymentNumber: loan.payments[0]!.paymentNumber,
    applicationId: application.applicationId,
    caseNumber: kycCase.caseNumber,
    documentId: kycCase.documents[0]!.id,
  });
});

describe("the office tree", () => {
  it("keeps each office's path from its parent's, and a move rewrites the subtree", async () => {
    const path = async (id: string) => (await prisma.office.findUniqueOrThrow({ where: { id } })).path;
    const head = { path: await path(HEAD) };
    const area = { path: await path(north) };
    const branch = { path: await path(riverside) };
    expect(area.path).toBe(`${head.path}${north}/`);
    expect(branch.path).toBe(`${area.path}${riverside}/`);
    const zone = await office("Z01", "zone", HEAD);
    await prisma.office.update({ where: { id: north }, data: { parentId: zone } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: riverside } })).path).toBe(`${head.path}${zone}/${north}/${riverside}/`);
    await prisma.office.update({ where: { id: north }, data: { parentId: HEAD } });
    expect((await prisma.office.findUniqueOrThrow({ where: { id: riverside } })).path).toBe(branch.path);
  });

  it("refuses a branch under a branch, a level changed, a move under itself, a second root and a deletion", async () => {
    await expect(office("B9999", "branch", riverside)).rejects.toThrow(/higher level/);
    await expect(office("A99", "area", north)).rejects.toThrow(/higher level/);
    await expect(prisma.office.update({ where: { id: north }, data: { level: "region" } })).rejects.toThrow(/keeps its level/);
    await expect(prisma.office.update({ where: { id: HEAD }, data: { parentId: north } })).rejects.toThrow(/(higher level|under itself)/);
    await expect(prisma.office.create({ data: { code: "HO2", nameBn: "দ্বিতীয়", nameEn: "Second", level: "head_office", openedOn: new Date("2026-01-01") } })).rejects.toThrow(
      /head office|Office_path/,
    );
    await expect(prisma.office.delete({ where: { id: harbour } })).rejects.toThrow(/never deleted/);
  });

  it("puts records only in an open branch, closes an area after its branches, and keeps where a payment was received", async () => {
    const customer = await prisma.customer.findFirstOrThrow({ where: { branchId: MAIN }, select: { id: true } });
    await expect(prisma.customer.update({ where: { id: customer.id }, data: { branchId: north } })).rejects.toThrow(/open branch/);
    await expect(prisma.office.update({ where: { id: south }, data: { status: "closed", closedOn: new Date("2026-11-28") } })).rejects.toThrow(/after the offices under it/);
    const spare = await office("OS-B3", "branch", south);
    await prisma.office.update({ where: { id: spare }, data: { status: "closed", closedOn: new Date("2026-11-28") } });
    await expect(prisma.customer.update({ where: { id: customer.id }, data: { branchId: spare } })).rejects.toThrow(/open branch/);
    await expect(createStaff("loan_officer", { officeId: spare })).rejects.toThrow(/open office/);
    const paid = await prisma.loanPayment.findUniqueOrThrow({ where: { paymentNumber: moved.oldPaymentNumber }, select: { id: true, receivedAtBranchId: true } });
    expect(paid.receivedAtBranchId).toBe(MAIN);
    await expect(prisma.loanPayment.update({ where: { id: paid.id }, data: { receivedAtBranchId: riverside } })).rejects.toThrow(/where it was received/);
  });
});

describe("a loan officer of the main branch", () => {
  let main: OfficeScope;
  let river: OfficeScope;
  beforeAll(async () => {
    [main, river] = await Promise.all([scopeOf(MAIN), scopeOf(riverside)]);
  });

  it("works in her branch only; an area's manager in its branches; the head office everywhere", async () => {
    expect(main).toEqual({ kind: "branches", officeId: MAIN, branchIds: [MAIN] });
    expect((await scopeOf(north)) as unknown).toEqual({ kind: "branches", officeId: north, branchIds: [riverside] });
    expect(await scopeOf(HEAD)).toEqual(ALL_OFFICES);
  });

  it("finds none of another branch's records by id, and none in her lists, search and exports", async () => {
    expect(await getLoanDetail(moved.loanNumber, main)).toBeNull();
    expect(await getLoanDetail(moved.loanNumber, river)).not.toBeNull();
    expect(await getApplicationForReview(moved.applicationId, main)).toBeNull();
    expect(await getApplicationForReview(moved.applicationId, river)).not.toBeNull();
    const everything = { loans: true, payments: true, applications: true, kyc: true };
    expect(await getCustomerProfile(moved.customer.userNumber, { ...everything, scope: main })).toBeNull();
    expect(await getCustomerProfile(moved.customer.userNumber, { ...everything, scope: river })).not.toBeNull();
    expect(await getCustomerForEdit(moved.customer.userNumber, main)).toBeNull();
    expect(await getKycCaseDetail(moved.caseNumber, main)).toBeNull();
    expect(await getKycCaseDetail(moved.caseNumber, river)).not.toBeNull();
    expect(await getRepaymentDetail(moved.installmentId, main)).toBeNull();
    expect(await getRepaymentDetail(moved.installmentId, river)).not.toBeNull();

    const loans = await listLoans(loanListFiltersSchema.parse({ tab: "all", q: moved.loanNumber }), main);
    expect(loans.total).toBe(0);
    expect((await listLoans(loanListFiltersSchema.parse({ tab: "all", q: moved.loanNumber }), river)).total).toBe(1);
    expect((await listApplicationsForReview(reviewListFiltersSchema.parse({ q: moved.applicationId }), main)).total).toBe(0);
    expect((await listCustomers(customerListFiltersSchema.parse({ by: "userNumber", q: moved.customer.userNumber }), { loans: true, scope: main })).total).toBe(0);
    expect((await listKycCases(kycListFiltersSchema.parse({ tab: "all", q: moved.caseNumber }), main)).total).toBe(0);
    const repayments = await listRepayments({ ...repaymentListFiltersSchema.parse({ tab: "upcoming", q: moved.loanNumber }), tab: "upcoming" }, main);
    expect(repayments.total).toBe(0);
    expect((await listRepayments({ ...repaymentListFiltersSchema.parse({ tab: "upcoming", q: moved.loanNumber }), tab: "upcoming" }, river)).total).toBeGreaterThan(0);
    const activities = await listCollectionActivities(repaymentListFiltersSchema.parse({ tab: "collections", q: moved.loanNumber }), main);
    expect(activities.total).toBe(0);

    const officer = await createStaff("loan_officer", { officeId: MAIN });
    await signInAs(officer.id);
    const ctx = (await getStaffContext())!;
    expect(ctx.scope).toEqual(main);
    const found = await searchBackOffice(moved.customer.userNumber, ctx);
    expect(found.customers).toEqual([]);
    expect((await searchBackOffice(moved.loanNumber, ctx)).loans).toEqual([]);
  });

  it("gets 404 for another branch's card photo, KYC image, schedule and receipt, and their rows nowhere in her CSV", async () => {
    const newPaymentNumber = await riversidePayment();
    const admin = await createStaff("admin", { officeId: MAIN });
    await signInAs(admin.id);
    const notFound = async (response: Response) => {
      expect(response.status).toBe(404);
    };
    await notFound(await nidImage(new Request("http://localhost/x"), { params: Promise.resolve({ applicationId: moved.applicationId }) }));
    await notFound(await kycImage(new Request("http://localhost/x"), { params: Promise.resolve({ documentId: moved.documentId }) }));
    await notFound(await schedulePdf(new Request("http://localhost/x"), { params: Promise.resolve({ loanNumber: moved.loanNumber }) }));
    await notFound(await receiptPdf(new Request("http://localhost/x"), { params: Promise.resolve({ paymentNumber: newPaymentNumber }) }));
    const csv = async (get: (r: Request) => Promise<Response>, query: string) => (await (await get(new Request(`http://localhost/x?${query}`))).text());
    expect(await csv(applicationExport, "status=all")).not.toContain(moved.applicationId);
    expect(await csv(customerExport, "")).not.toContain(moved.customer.userNumber);
    expect(await csv(kycExport, "tab=all")).not.toContain(moved.caseNumber);

    // The same requests from riverside's staff are answered.
    const riversideAdmin = await createStaff("admin", { officeId: riverside });
    await signInAs(riversideAdmin.id);
    expect((await nidImage(new Request("http://localhost/x"), { params: Promise.resolve({ applicationId: moved.applicationId }) })).status).toBe(200);
    expect((await kycImage(new Request("http://localhost/x"), { params: Promise.resolve({ documentId: moved.documentId }) })).status).toBe(200);
    expect((await schedulePdf(new Request("http://localhost/x"), { params: Promise.resolve({ loanNumber: moved.loanNumber }) })).status).toBe(200);
    expect((await receiptPdf(new Request("http://localhost/x"), { params: Promise.resolve({ paymentNumber: newPaymentNumber }) })).status).toBe(200);
    expect(await csv(customerExport, "")).toContain(moved.customer.userNumber);
  });

  it("changes nothing of another branch's records with her actions: each answers not found", async () => {
    const admin = await createStaff("admin", { officeId: MAIN });
    await signInAs(admin.id);
    const auditBefore = await prisma.auditLog.count({ where: { actorId: admin.id } });
    const loanBefore = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: moved.loanNumber }, include: { notes: true, payments: true } });
    const results = [
      await addLoanNoteAction({ loanNumber: moved.loanNumber, content: "not mine" }),
      await approveLoanAction({ loanNumber: moved.loanNumber, amount: "10000" }),
      await rejectLoanAction({ loanNumber: moved.loanNumber, reason: "not mine" }),
      await recordPaymentAction(payment({ loanNumber: moved.loanNumber, customer: moved.customer }, { amount: "500" })),
      await logCallAction({ installmentId: moved.installmentId }),
      await approveKycAction({ caseNumber: moved.caseNumber }),
      await addKycNoteAction({ caseNumber: moved.caseNumber, content: "not mine" }),
      await decideKycDocumentAction({ documentId: moved.documentId, decision: "verified" }),
      await endBorrowerSessionsAction({ userNumber: moved.customer.userNumber }),
      await approveApplication({ applicationId: moved.applicationId }),
    ];
    for (const [i, result] of results.entries()) expect(result, `action ${i}`).toEqual({ ok: false, error: { code: "notFound" } });
    const profile = await prisma.customer.findUniqueOrThrow({ where: { id: moved.customer.id } });
    const update = await updateCustomerAction({
      userNumber: profile.userNumber,
      expectedUpdatedAt: profile.updatedAt.toISOString(),
      name: "Changed",
      email: profile.email ?? "",
      nid: profile.nid,
      status: profile.status,
      phone: profile.phone.replace("+880", "0"),
      address: profile.address,
    });
    expect(update).toEqual({ ok: false, error: { code: "notFound" } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: moved.customer.id } })).name).toBe(profile.name);
    const loanAfter = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: moved.loanNumber }, include: { notes: true, payments: true } });
    expect(loanAfter).toEqual(loanBefore);
    expect(await prisma.auditLog.count({ where: { actorId: admin.id, action: { not: { startsWith: "access." } } } })).toBe(auditBefore);
  });

  it("sees figures of her branch only; the head office's are the branches' sum", async () => {
    const scopes = [main, river, await scopeOf(harbour)];
    const sum = <T>(values: T[], pick: (v: T) => number) => values.reduce((n, v) => n + pick(v), 0);
    const loanFigures = await Promise.all([ALL_OFFICES, ...scopes].map((s) => loanStats(s)));
    expect(loanFigures[0]!.active).toBe(sum(loanFigures.slice(1), (f) => f.active));
    expect(loanFigures[0]!.totalDisbursed).toBe(sum(loanFigures.slice(1), (f) => f.totalDisbursed));
    expect(loanFigures[2]!.active).toBeGreaterThan(0);
    expect(loanFigures[3]!).toMatchObject({ active: 0, totalDisbursed: 0 });

    const review = await Promise.all([ALL_OFFICES, ...scopes].map((s) => reviewStats(s)));
    expect(review[0]!.total).toBe(sum(review.slice(1), (f) => f.total));
    expect(review[2]!.pending).toBeGreaterThan(0);
    const kyc = await Promise.all([ALL_OFFICES, ...scopes].map((s) => kycStats(s)));
    expect(kyc[0]!.pendingReview).toBe(sum(kyc.slice(1), (f) => f.pendingReview));
    const customers = await Promise.all([ALL_OFFICES, ...scopes].map((s) => customerStats({ loans: true, scope: s })));
    expect(customers[0]!.total).toBe(sum(customers.slice(1), (f) => f.total));
    expect(customers[2]!.total).toBe(1);
    const repayments = await Promise.all([ALL_OFFICES, ...scopes].map((s) => repaymentStats(s)));
    expect(repayments[0]!.overdue.count).toBe(sum(repayments.slice(1), (f) => f.overdue.count));
    expect(repayments[0]!.collectionRate.due).toBe(sum(repayments.slice(1), (f) => f.collectionRate.due));

    const dashboards = await Promise.all([ALL_OFFICES, ...scopes].map((s) => getDashboard("90d", s)));
    for (const key of ["applicationsReceived", "amountDisbursed", "activePortfolio"] as const) {
      expect(dashboards[0]!.kpis[key].current, key).toBe(sum(dashboards.slice(1), (d) => d.kpis[key].current ?? 0));
    }
    expect(dashboards[0]!.today.collected).toBe(sum(dashboards.slice(1), (d) => d.today.collected));
    expect(dashboards[1]!.recent.map((r) => r.applicationId)).not.toContain(moved.applicationId);
    expect(dashboards[2]!.recent.map((r) => r.applicationId)).toContain(moved.applicationId);
    expect(dashboards[3]!.kpis.activePortfolio.current).toBe(0);
  });

  it("the dashboard's change fingerprint moves with the scope's own records, never with another branch's", async () => {
    const [harbourScope, riversideScope] = await Promise.all([scopeOf(harbour), scopeOf(riverside)]);
    const before = await Promise.all([harbourScope, riversideScope, ALL_OFFICES].map((s) => getDashboardVersion(s)));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await prisma.loanApplication.update({ where: { applicationId: moved.applicationId }, data: { purpose: "দোকানের মাল কেনা" } });
    const after = await Promise.all([harbourScope, riversideScope, ALL_OFFICES].map((s) => getDashboardVersion(s)));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
  });
});

/** A payment on the moved loan by riverside's account manager: received at riverside. Returns its receipt number. */
async function riversidePayment(): Promise<string> {
  const manager = await createStaff("account_manager", { officeId: riverside });
  await signInAs(manager.id);
  const paid = await recordPaymentAction(payment({ loanNumber: moved.loanNumber, customer: moved.customer }, { amount: "500", idempotencyKey: randomUUID() }));
  if (!paid.ok) throw new Error(JSON.stringify(paid));
  return paid.data.paymentNumber;
}

describe("assigning a KYC case", () => {
  it("offers, and accepts, only officers who would see the case: its branch's, its area's and the head office's", async () => {
    const [head, own, area, other] = await Promise.all([
      createStaff("kyc_officer", { name: "ক প্রধান কার্যালয়", officeId: HEAD }),
      createStaff("kyc_officer", { name: "ক রিভারসাইড", officeId: riverside }),
      createStaff("kyc_officer", { name: "ক উত্তর এরিয়া", officeId: north }),
      createStaff("kyc_officer", { name: "ক হারবার", officeId: harbour }),
    ]);
    // Never offered: an officer no longer active, and a role that does not decide KYC, both in the case's branch.
    const [inactive, agent] = await Promise.all([
      createStaff("kyc_officer", { name: "ক নিষ্ক্রিয়", officeId: riverside, active: false }),
      createStaff("collection_agent", { name: "ক আদায়", officeId: riverside }),
    ]);
    // An open case of the main branch, put in riverside for this test (and put back).
    const open = await prisma.kycCase.findFirstOrThrow({ where: { branchId: MAIN, status: "pending_review" }, select: { caseNumber: true } });
    await prisma.kycCase.update({ where: { caseNumber: open.caseNumber }, data: { branchId: riverside } });
    const offered = (await listKycAssignees(open.caseNumber, ALL_OFFICES)).map((s) => s.id);
    expect(offered).toEqual(expect.arrayContaining([head.id, own.id, area.id]));
    expect(offered).not.toContain(other.id);
    expect(offered).not.toContain(inactive.id);
    expect(offered).not.toContain(agent.id);
    // Asked from a scope that does not hold the case: nobody (the case itself is not found there).
    expect(await listKycAssignees(open.caseNumber, await scopeOf(harbour))).toEqual([]);
    expect((await listKycAssignees(open.caseNumber, await scopeOf(riverside))).map((s) => s.id)).toEqual(expect.arrayContaining([head.id, own.id, area.id]));

    await signInAs(head.id);
    const before = await prisma.kycCase.findUniqueOrThrow({ where: { caseNumber: open.caseNumber }, select: { assignedToId: true, status: true, updatedAt: true } });
    expect(await assignKycAction({ caseNumber: open.caseNumber, assigneeId: other.id })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { assigneeId: "notAKycOfficer" } } });
    expect(await prisma.kycCase.findUniqueOrThrow({ where: { caseNumber: open.caseNumber }, select: { assignedToId: true, status: true, updatedAt: true } })).toEqual(before);
    expect(await assignKycAction({ caseNumber: open.caseNumber, assigneeId: area.id })).toMatchObject({ ok: true });
    // A case still in the head office's queue (no branch yet): only the head office's officers see it, so only they are offered.
    await prisma.kycCase.update({ where: { caseNumber: open.caseNumber }, data: { branchId: null } });
    const queued = (await listKycAssignees(open.caseNumber, ALL_OFFICES)).map((s) => s.id);
    expect(queued).toContain(head.id);
    expect(queued).not.toContain(own.id);
    expect(queued).not.toContain(area.id);
    await prisma.kycCase.update({ where: { caseNumber: open.caseNumber }, data: { branchId: MAIN, assignedToId: null, status: "pending_review" } });
  });
});

describe("after a customer's records move to another branch", () => {
  it("a new payment belongs to the new branch; the old ones stay where they were received", async () => {
    const paymentNumber = await riversidePayment();
    const rows = await prisma.loanPayment.findMany({ where: { loan: { loanNumber: moved.loanNumber } }, select: { paymentNumber: true, receivedAtBranchId: true } });
    expect(rows.find((r) => r.paymentNumber === paymentNumber)!.receivedAtBranchId).toBe(riverside);
    expect(rows.find((r) => r.paymentNumber === moved.oldPaymentNumber)!.receivedAtBranchId).toBe(MAIN);
  });

  it("a member of staff moved to another office sees its records with her next request", async () => {
    const officer = await createStaff("loan_officer", { officeId: MAIN });
    await signInAs(officer.id);
    expect((await getStaffContext())!.scope).toEqual(await scopeOf(MAIN));
    await prisma.staffUser.update({ where: { id: officer.id }, data: { officeId: north } });
    // A new request (React's per-request cache is not shared across requests; the test calls the loader again).
    const { loadActiveSession } = await import("@/lib/auth/session");
    const session = (await loadActiveSession((await import("../support/session-state")).sessionState.token!))!;
    expect(await scopeOfOffice(session.user.office)).toEqual({ kind: "branches", officeId: north, branchIds: [riverside] });
  });
});

describe("an application when the lender has several branches", () => {
  it("waits in the head office's queue, with its KYC case, and is approved only once a branch is assigned", async () => {
    const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid: "7199000001", phone: "01719000001" })), { ip: freshIp(), userAgent: "vitest" });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted));
    const stored = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: submitted.applicationId }, select: { id: true, branchId: true, kycCases: { select: { branchId: true } } } });
    expect(stored.branchId).toBeNull();
    expect(stored.kycCases.map((c) => c.branchId)).toEqual([null]);

    const branchReviewer = await createStaff("loan_officer", { officeId: MAIN });
    await signInAs(branchReviewer.id);
    expect(await approveApplication({ applicationId: submitted.applicationId })).toEqual({ ok: false, error: { code: "notFound" } });
    const headReviewer = await createStaff("loan_officer");
    await signInAs(headReviewer.id);
    expect(await approveApplication({ applicationId: submitted.applicationId })).toEqual({ ok: false, error: { code: "conflict", reason: "noBranch" } });
    expect((await prisma.loanApplication.findUniqueOrThrow({ where: { id: stored.id } })).status).toBe("pending");

    // A branch's reviewer cannot reach it to assign it either; of 20 concurrent assignments at the head office one wins.
    await signInAs(branchReviewer.id);
    expect(await assignApplicationBranchAction({ applicationId: submitted.applicationId, branchId: MAIN })).toEqual({ ok: false, error: { code: "notFound" } });
    await signInAs(headReviewer.id);
    expect(await assignApplicationBranchAction({ applicationId: submitted.applicationId, branchId: north })).toEqual({
      ok: false,
      error: { code: "validation", fieldErrors: { branchId: "officeNotOpen" } },
    });
    const targets = [harbour, riverside];
    const assigned = await Promise.all(Array.from({ length: 20 }, (_, i) => assignApplicationBranchAction({ applicationId: submitted.applicationId, branchId: targets[i % 2]! })));
    expect(assigned.filter((r) => r.ok)).toHaveLength(1);
    expect(assigned.filter((r) => !r.ok).map((r) => !r.ok && r.error.reason)).toEqual(Array(19).fill("alreadyAssigned"));
    const winner = (await prisma.loanApplication.findUniqueOrThrow({ where: { id: stored.id }, select: { branchId: true, kycCases: { select: { branchId: true } } } }));
    expect(targets).toContain(winner.branchId);
    expect(winner.kycCases.map((c) => c.branchId)).toEqual([winner.branchId]);
    expect(await prisma.auditLog.count({ where: { action: "application.assign_branch", entityId: stored.id } })).toBe(1);
    const approved = await approveApplication({ applicationId: submitted.applicationId });
    if (!approved.ok) throw new Error(JSON.stringify(approved));
    const loan = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: approved.data.loanNumber! }, select: { branchId: true, customer: { select: { branchId: true } } } });
    expect(loan).toEqual({ branchId: winner.branchId, customer: { branchId: winner.branchId } });
  });
});

describe("what acts on the whole lender", () => {
  it("is the head office's: an admin placed in a branch holds no lender-wide permission, and her calls are refused", async () => {
    const branchAdmin = await createStaff("admin", { officeId: MAIN });
    await signInAs(branchAdmin.id);
    const ctx = (await getStaffContext())!;
    for (const permission of HEAD_OFFICE_PERMISSIONS) expect(isAllowed(ctx, permission), permission).toBe(false);
    expect(isAllowed(ctx, "loans.read")).toBe(true);
    const staffBefore = await prisma.staffUser.count();
    expect(await createStaffAction({ name: "Head office by the back door", phone: "01799000123", email: "", role: "admin", officeId: "", password: "Welcome-2026" })).toEqual({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(await resendMessageAction({ id: "any" })).toEqual({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.staffUser.count()).toBe(staffBefore);

    const headAdmin = await createStaff("admin");
    await signInAs(headAdmin.id);
    const headCtx = (await getStaffContext())!;
    expect(HEAD_OFFICE_PERMISSIONS.filter((p) => isAllowed(headCtx, p))).toEqual(["staff.manage", "settings.products", "settings.blacklist", "settings.messages", "accounting.close", "writeOffs.approve"]);
  });
});

describe("a customer with a loan another branch services", () => {
  it("shows each branch only its own loan and payments on her profile and in the list's loan figures", async () => {
    // A main-branch customer whose application came in at riverside: that loan is riverside's.
    const loan = await prisma.loan.findFirstOrThrow({
      where: { branchId: MAIN, status: "disbursed", payments: { some: {} }, customer: { branchId: MAIN } },
      select: { id: true, loanNumber: true, customer: { select: { id: true, userNumber: true } } },
    });
    await prisma.loan.update({ where: { id: loan.id }, data: { branchId: riverside } });
    const [main, river] = await Promise.all([scopeOf(MAIN), scopeOf(riverside)]);
    const everything = { loans: true, payments: true, applications: true, kyc: true };
    const profile = (await getCustomerProfile(loan.customer.userNumber, { ...everything, scope: main }))!;
    expect(profile.loans!.map((l) => l.loanNumber)).not.toContain(loan.loanNumber);
    const paymentsOfLoan = await prisma.loanPayment.findMany({ where: { loanId: loan.id }, select: { paymentNumber: true } });
    for (const p of paymentsOfLoan) expect(profile.payments!.map((x) => x.paymentNumber)).not.toContain(p.paymentNumber);
    expect(await getCustomerProfile(loan.customer.userNumber, { ...everything, scope: river })).toBeNull();
    const all = (await loanSummaries([loan.customer.id], ALL_OFFICES)).get(loan.customer.id)!;
    const mainOnly = (await loanSummaries([loan.customer.id], main)).get(loan.customer.id);
    expect((mainOnly?.loanCount ?? 0) + 1).toBe(all.loanCount);
    await prisma.loan.update({ where: { id: loan.id }, data: { branchId: MAIN } });
  });
});

describe("the scoped client's writes", () => {
  it("refuses an upsert and a new record outside the scope's branches", async () => {
    const db = officeDb(await scopeOf(MAIN));
    await expect(db.loanNote.upsert({ where: { id: "x" }, create: { loanId: "x", content: "x" }, update: {} } as never)).rejects.toThrow(/upsert/);
    await expect(db.collectionActivity.create({ data: { loanId: "x", customerId: "x", activity: "call_made", branchId: riverside } as never })).rejects.toThrow(/outside the scope/);
  });
});

describe("the head office's queue, continued", () => {
  it("does not assign an application decided meanwhile; a customer is added only in a branch of the adder's offices", async () => {
    const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid: "7199000002", phone: "01719000002" })), { ip: freshIp(), userAgent: "vitest" });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted));
    const reviewer = await createStaff("loan_officer");
    await signInAs(reviewer.id);
    expect((await rejectApplication({ applicationId: submitted.applicationId, reason: "Income not shown" })).ok).toBe(true);
    expect(await assignApplicationBranchAction({ applicationId: submitted.applicationId, branchId: MAIN })).toEqual({ ok: false, error: { code: "conflict", reason: "decided" } });

    // The head office chooses the branch of a customer it adds (several are open): none chosen, or one that is not an
    // open branch, is refused and nothing is added; the branch chosen holds her.
    const headAdmin = await createStaff("admin");
    await signInAs(headAdmin.id);
    const before = await prisma.customer.count();
    const form = {
      name: "Office Made",
      phone: "01719000003",
      email: "",
      nid: "7199000003",
      address: "Bogura",
      dateOfBirth: "1990-01-01",
      employmentType: "salaried" as const,
      employer: "Somewhere",
      monthlyIncome: "30000",
    };
    expect(await createCustomerAction(form)).toEqual({ ok: false, error: { code: "validation", fieldErrors: { branchId: "required" } } });
    expect(await createCustomerAction({ ...form, branchId: north })).toEqual({ ok: false, error: { code: "validation", fieldErrors: { branchId: "officeNotOpen" } } });
    expect(await prisma.customer.count()).toBe(before);
    const chosen = await createCustomerAction({ ...form, branchId: harbour });
    if (!chosen.ok) throw new Error(JSON.stringify(chosen));
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: chosen.data.userNumber } })).branchId).toBe(harbour);
    const form2 = { ...form, nid: "7199000004", phone: "01719000004" };
    // The north area has one branch: its manager's customer goes there.
    const areaManager = await createStaff("admin", { officeId: north });
    await signInAs(areaManager.id);
    const created = await createCustomerAction({ ...form2, branchId: harbour });
    if (!created.ok) throw new Error(JSON.stringify(created));
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: created.data.userNumber } })).branchId).toBe(riverside);
    expect(await prisma.customer.count()).toBe(before + 2);
    // A head-office admin who picked a branch that has since closed is told so (the dialog shows no branch field then).
    const closedBranch = await office("OS-B4", "branch", south);
    await prisma.office.update({ where: { id: closedBranch }, data: { status: "closed", closedOn: new Date("2026-11-28") } });
    await signInAs(headAdmin.id);
    sessionState.branch = closedBranch;
    try {
      expect(await createCustomerAction({ ...form, nid: "7199000005", phone: "01719000005" })).toEqual({
        ok: false,
        error: { code: "validation", reason: "branchClosed", fieldErrors: { branchId: "officeNotOpen" } },
      });
    } finally {
      sessionState.branch = null;
    }
    expect(await prisma.customer.count()).toBe(before + 2);
  });
});
