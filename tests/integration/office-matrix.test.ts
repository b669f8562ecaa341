/**
 * The authorization matrix's office dimension (issue 41, acceptance), written as data: every back-office page, route
 * handler, export and action × every role × where the member of staff works relative to the record:
 * - own: in the record's branch;
 * - sibling: in another branch of the same area;
 * - parent: in the area above the record's branch;
 * - child: in a branch below the office that holds the record, i.e. the head office's queue (an application and its
 *   KYC case before a branch is assigned). Loans, payments and customers are only ever held by a branch, so their
 *   rows say so instead of a probe.
 * The answer is "found" (allowed), "notFound" (404) or "forbidden" (the role lacks the permission, or a lender-wide
 * one is used outside the head office): never a 403 for a record the role may read elsewhere. A page, route handler or
 * action without a row here fails the first test; so does a row for something that no longer exists.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));
vi.mock("next/cache", async (original) => ({ ...(await original<typeof import("next/cache")>()), updateTag: () => {}, revalidatePath: () => {} }));

import { GET as applicationExport } from "@/app/admin/api/applications/export/route";
import { GET as nidImage } from "@/app/admin/api/applications/[applicationId]/nid-image/route";
import { GET as customerExport } from "@/app/admin/api/customers/export/route";
import { GET as kycImage } from "@/app/admin/api/kyc/documents/[documentId]/image/route";
import { GET as kycExport } from "@/app/admin/api/kyc/export/route";
import { GET as schedulePdf } from "@/app/admin/api/loans/[loanNumber]/schedule.pdf/route";
import { GET as receiptPdf } from "@/app/admin/api/payments/[paymentNumber]/receipt.pdf/route";
import { approveApplication, assignApplicationBranchAction, markApplicationUnderReview, rejectApplication } from "@/lib/applications/review-actions";
import { getApplicationForReview } from "@/lib/applications/review-queries";
import { actionRegistry } from "@/lib/auth/action-client";
import { ADMIN_PAGES, ADMIN_ROUTE_HANDLERS } from "@/lib/auth/admin-routes";
import { getStaffContext, isAllowed } from "@/lib/auth/guard";
import { ROLES, type Permission } from "@/lib/auth/permissions";
import { endBorrowerSessionsAction, updateCustomerAction } from "@/lib/customers/actions";
import { getCustomerProfile } from "@/lib/customers/queries";
import { prisma } from "@/lib/db";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { addKycNoteAction, approveKycAction, assignKycAction, decideKycDocumentAction, rejectKycAction, requestKycResubmissionAction } from "@/lib/kyc/actions";
import { getKycCaseDetail } from "@/lib/kyc/queries";
import { addLoanNoteAction, approveLoanAction, disburseLoanAction, rejectLoanAction } from "@/lib/loans/actions";
import { getLoanDetail } from "@/lib/loans/queries";
import {
  approveStaffTransferAction,
  approveTransferAction,
  rejectStaffTransferAction,
  rejectTransferAction,
  requestStaffTransferAction,
  requestTransferAction,
} from "@/lib/offices/actions";
import { approvePaymentReversalAction, prepayLoanAction, quoteSettlementAction, recordPaymentAction, rejectPaymentReversalAction, requestPaymentReversalAction, settleLoanAction } from "@/lib/repayments/actions";
import { dhakaToday } from "@/lib/format";
import { proposeWriteOffAction } from "@/lib/write-offs/actions";
import { logCallAction, sendReminderAction } from "@/lib/repayments/collection-actions";
import { getRepaymentDetail } from "@/lib/repayments/queries";
import { seedDemo } from "@/prisma/seed";
import { disbursement, payment } from "../support/loan-fixtures";
import { createStaff, signInAs } from "../support/staff-session";

const HEAD = "office-head";
type Placement = "own" | "sibling" | "parent" | "child";
type Outcome = "found" | "notFound" | "forbidden";
const PLACEMENTS: Placement[] = ["own", "sibling", "parent", "child"];

/** The records the probes ask for: in the own branch, and (for "child") in the head office's queue. */
type Records = {
  branch: {
    applicationId: string;
    decidedApplicationId: string;
    caseNumber: string;
    documentId: string;
    userNumber: string;
    loanNumber: string;
    installmentId: string;
    paymentNumber: string;
    reversalId: string;
    transferId: string;
    staffTransferId: string;
    ownBranchId: string;
  };
  queue: { applicationId: string; caseNumber: string; documentId: string };
};
type Ids = { applicationId: string; caseNumber: string; documentId: string } & Records["branch"];

type Probe = (ids: Ids) => Promise<Outcome>;
type Row =
  | { surface: string; permission: Permission; probe: Probe; queue: "probe" | "branch only" }
  | { surface: string; permission?: Permission; notRecordAddressed: string };

/** A page's record by id: the guard's permission check, then the page's own query through the caller's scope. */
function page(permission: Permission, query: (ids: Ids, scope: NonNullable<Awaited<ReturnType<typeof getStaffContext>>>["scope"]) => Promise<unknown>): Probe {
  return async (ids) => {
    const ctx = await getStaffContext();
    if (!ctx || !isAllowed(ctx, permission)) return "forbidden";
    return (await query(ids, ctx.scope)) ? "found" : "notFound";
  };
}

function handler(call: (ids: Ids) => Promise<Response>): Probe {
  return async (ids) => {
    const { status } = await call(ids);
    return status === 403 ? "forbidden" : status === 404 ? "notFound" : status === 200 ? "found" : (`status ${status}` as Outcome);
  };
}

/** An export lists the record (found), or leaves it out (as good as not found), or is refused. */
function csvExport(get: (request: Request) => Promise<Response>, query: string, key: (ids: Ids) => string): Probe {
  return async (ids) => {
    const response = await get(new Request(`http://localhost/x?${query}`));
    if (response.status === 403) return "forbidden";
    return (await response.text()).includes(key(ids)) ? "found" : "notFound";
  };
}

type Result = { ok: boolean; error?: { code: string; reason?: string; fieldErrors?: Record<string, string> } };

/**
 * An action on the record: refused by the permission table (forbidden, no reason), not found, or anything else:
 * reached. A field error is the form's schema refusing the probe's input (a broken probe), unless it is the one the
 * service gives once it holds the record (`reachedWith`, e.g. a transfer to the customer's own branch).
 */
function action(call: (ids: Ids) => Promise<Result>, reachedWith?: string): Probe {
  return async (ids) => {
    const result = await call(ids);
    if (result.ok) return "found";
    if (result.error?.code === "notFound") return "notFound";
    if (result.error?.code === "forbidden" && !result.error.reason) return "forbidden";
    if (result.error?.code === "validation" && !result.error.reason && !Object.values(result.error.fieldErrors ?? {}).includes(reachedWith ?? "")) {
      throw new Error(`the probe's input is invalid: ${JSON.stringify(result)}`);
    }
    return "found";
  };
}

const params = <T,>(value: T) => ({ params: Promise.resolve(value) });
const request = () => new Request("http://localhost/x");

const ROWS: Row[] = [
  // Pages: the ones that open a record by id, through the query the page renders it with.
  { surface: "/admin/application-review", permission: "applications.read", probe: page("applications.read", (ids, scope) => getApplicationForReview(ids.applicationId, scope)), queue: "probe" },
  { surface: "/admin/loans", permission: "loans.read", probe: page("loans.read", (ids, scope) => getLoanDetail(ids.loanNumber, scope)), queue: "branch only" },
  { surface: "/admin/repayments", permission: "payments.read", probe: page("payments.read", (ids, scope) => getRepaymentDetail(ids.installmentId, scope)), queue: "branch only" },
  {
    surface: "/admin/user-profiles",
    permission: "customers.read",
    probe: page("customers.read", (ids, scope) => getCustomerProfile(ids.userNumber, { loans: true, payments: true, applications: true, kyc: true, scope })),
    queue: "branch only",
  },
  {
    surface: "/admin/members",
    permission: "customers.read",
    probe: page("customers.read", (ids, scope) => getCustomerProfile(ids.userNumber, { loans: true, payments: true, applications: true, kyc: true, scope })),
    queue: "branch only",
  },
  { surface: "/admin/kyc", permission: "kyc.read", probe: page("kyc.read", (ids, scope) => getKycCaseDetail(ids.caseNumber, scope)), queue: "probe" },
  { surface: "/admin/dashboard", permission: "dashboard.read", notRecordAddressed: "figures of the scope (tests/integration/office-scope.test.ts: a branch's add up to the head office's)" },
  { surface: "/admin/search", permission: "dashboard.read", notRecordAddressed: "results through the scope (office-scope.test.ts: another branch's customer and loan are not found)" },
  { surface: "/admin/accounting", permission: "accounting.read", notRecordAddressed: "the books of the scope's branches: figures and lines (lender-books.test.ts: another branch's lines are not shown)" },
  { surface: "/admin/transfers", permission: "customers.transfer", notRecordAddressed: "lists the moves of the caller's offices (customer-transfers and staff-transfers tests)" },
  { surface: "/admin/users", permission: "staff.manage", notRecordAddressed: "the head office's" },
  { surface: "/admin/settings/products", permission: "settings.products", notRecordAddressed: "the head office's" },
  { surface: "/admin/settings/blacklist", permission: "settings.blacklist", notRecordAddressed: "the head office's" },
  { surface: "/admin/settings/messages", permission: "settings.messages", notRecordAddressed: "the head office's" },
  { surface: "/admin/settings/calendar", permission: "settings.calendar", notRecordAddressed: "the head office's" },
  { surface: "/admin/settings/offices", permission: "settings.offices", notRecordAddressed: "the head office's" },
  { surface: "/admin/societies", permission: "societies.manage", notRecordAddressed: "the head office's" },
  { surface: "/admin/profile", permission: "profile.manage", notRecordAddressed: "one's own account" },

  // Route handlers and exports.
  { surface: "/admin/api/applications/[applicationId]/nid-image", permission: "applications.read", probe: handler((ids) => nidImage(request(), params({ applicationId: ids.applicationId }))), queue: "probe" },
  { surface: "/admin/api/kyc/documents/[documentId]/image", permission: "kyc.read", probe: handler((ids) => kycImage(request(), params({ documentId: ids.documentId }))), queue: "probe" },
  { surface: "/admin/api/loans/[loanNumber]/schedule.pdf", permission: "loans.read", probe: handler((ids) => schedulePdf(request(), params({ loanNumber: ids.loanNumber }))), queue: "branch only" },
  { surface: "/admin/api/payments/[paymentNumber]/receipt.pdf", permission: "payments.read", probe: handler((ids) => receiptPdf(request(), params({ paymentNumber: ids.paymentNumber }))), queue: "branch only" },
  { surface: "/admin/api/applications/export", permission: "applications.read", probe: csvExport(applicationExport, "status=all", (ids) => ids.applicationId), queue: "probe" },
  { surface: "/admin/api/customers/export", permission: "customers.read", probe: csvExport(customerExport, "", (ids) => ids.userNumber), queue: "branch only" },
  { surface: "/admin/api/kyc/export", permission: "kyc.read", probe: csvExport(kycExport, "tab=all", (ids) => ids.caseNumber), queue: "probe" },
  { surface: "/admin/api/dashboard/export", permission: "dashboard.read", notRecordAddressed: "the dashboard's figures of the scope, no record (office-scope.test.ts)" },
  { surface: "/admin/api/dashboard/version", permission: "dashboard.read", notRecordAddressed: "a fingerprint of the scope's records (office-scope.test.ts)" },
  { surface: "/admin/api/blacklist/export", permission: "settings.blacklist", notRecordAddressed: "the head office's" },

  // Actions on a record of a branch.
  { surface: "applications.under_review", permission: "applications.decide", probe: action((ids) => markApplicationUnderReview({ applicationId: ids.decidedApplicationId })), queue: "probe" },
  { surface: "applications.approve", permission: "applications.decide", probe: action((ids) => approveApplication({ applicationId: ids.decidedApplicationId })), queue: "probe" },
  { surface: "applications.reject", permission: "applications.decide", probe: action((ids) => rejectApplication({ applicationId: ids.decidedApplicationId, reason: "probe" })), queue: "probe" },
  {
    surface: "applications.assign_branch",
    permission: "applications.decide",
    probe: action((ids) => assignApplicationBranchAction({ applicationId: ids.applicationId, branchId: ids.ownBranchId })),
    queue: "probe",
  },
  { surface: "kyc.approve", permission: "kyc.decide", probe: action((ids) => approveKycAction({ caseNumber: ids.caseNumber })), queue: "probe" },
  { surface: "kyc.reject", permission: "kyc.decide", probe: action((ids) => rejectKycAction({ caseNumber: ids.caseNumber, reason: "probe" })), queue: "probe" },
  { surface: "kyc.request_resubmission", permission: "kyc.decide", probe: action((ids) => requestKycResubmissionAction({ caseNumber: ids.caseNumber, reason: "probe" })), queue: "probe" },
  { surface: "kyc.document", permission: "kyc.decide", probe: action((ids) => decideKycDocumentAction({ documentId: ids.documentId, decision: "verified" })), queue: "probe" },
  { surface: "kyc.assign", permission: "kyc.decide", probe: action((ids) => assignKycAction({ caseNumber: ids.caseNumber, assigneeId: null })), queue: "probe" },
  { surface: "kyc.note", permission: "kyc.decide", probe: action((ids) => addKycNoteAction({ caseNumber: ids.caseNumber, content: "probe" })), queue: "probe" },
  { surface: "loans.approve", permission: "loans.approve", probe: action((ids) => approveLoanAction({ loanNumber: ids.loanNumber, amount: "50000" })), queue: "branch only" },
  { surface: "loans.reject", permission: "loans.approve", probe: action((ids) => rejectLoanAction({ loanNumber: ids.loanNumber, reason: "probe" })), queue: "branch only" },
  { surface: "loans.disburse", permission: "loans.disburse", probe: action((ids) => disburseLoanAction(disbursement(ids.loanNumber))), queue: "branch only" },
  { surface: "loans.note", permission: "loans.note", probe: action((ids) => addLoanNoteAction({ loanNumber: ids.loanNumber, content: "probe" })), queue: "branch only" },
  {
    surface: "payments.record",
    permission: "payments.record",
    // Ten taka on the borrower's own loan: a real payment when reached (the matrix's, received where it was recorded).
    probe: action((ids) => recordPaymentAction(payment({ loanNumber: ids.loanNumber, customer: { userNumber: ids.userNumber } }, { amount: "10", method: "cash", idempotencyKey: randomUUID() }))),
    queue: "branch only",
  },
  // Asked for on the matrix's payment (once reached, a second ask is told one waits); decided on another payment's.
  { surface: "payments.reversal.request", permission: "payments.reverse", probe: action((ids) => requestPaymentReversalAction({ paymentNumber: ids.paymentNumber, reason: "probe" })), queue: "branch only" },
  { surface: "payments.reversal.approve", permission: "payments.reverse", probe: action((ids) => approvePaymentReversalAction({ reversalId: ids.reversalId, idempotencyKey: randomUUID() })), queue: "branch only" },
  { surface: "payments.reversal.reject", permission: "payments.reverse", probe: action((ids) => rejectPaymentReversalAction({ reversalId: ids.reversalId, reason: "probe" })), queue: "branch only" },
  // Early settlement (issue 50, point 5): a figure other than the quote's and a prepayment larger than the loan change nothing when reached.
  { surface: "payments.settlement.quote", permission: "payments.record", probe: action((ids) => quoteSettlementAction({ loanNumber: ids.loanNumber, onDate: dhakaToday() })), queue: "branch only" },
  {
    surface: "payments.settle",
    permission: "payments.record",
    probe: action((ids) => settleLoanAction({ loanNumber: ids.loanNumber, amount: "1", method: "cash", paymentDate: dhakaToday(), reference: "", notes: "", idempotencyKey: randomUUID() })),
    queue: "branch only",
  },
  {
    surface: "payments.prepay",
    permission: "payments.record",
    probe: action((ids) => prepayLoanAction({ loanNumber: ids.loanNumber, amount: "99999999", method: "cash", paymentDate: dhakaToday(), reference: "", notes: "", idempotencyKey: randomUUID() })),
    queue: "branch only",
  },
  { surface: "payments.call", permission: "payments.record", probe: action((ids) => logCallAction({ installmentId: ids.installmentId })), queue: "branch only" },
  { surface: "payments.remind", permission: "payments.record", probe: action((ids) => sendReminderAction({ installmentId: ids.installmentId })), queue: "branch only" },
  {
    surface: "customers.update",
    permission: "customers.edit",
    probe: action(async (ids) => {
      const c = await prisma.customer.findUniqueOrThrow({ where: { userNumber: ids.userNumber } });
      // A stale version: refused as changed meanwhile when reached, so nothing is edited.
      return updateCustomerAction({ userNumber: c.userNumber, expectedUpdatedAt: new Date(0).toISOString(), name: c.name, email: c.email ?? "", nid: c.nid, status: c.status, phone: c.phone.replace("+880", "0"), address: c.address });
    }),
    queue: "branch only",
  },
  { surface: "customers.end-borrower-sessions", permission: "customers.sessions", probe: action((ids) => endBorrowerSessionsAction({ userNumber: ids.userNumber })), queue: "branch only" },
  {
    surface: "customers.transfer.request",
    permission: "customers.transfer",
    // To her own branch: refused as the same branch when reached.
    probe: action(async (ids) => requestTransferAction({ userNumber: ids.userNumber, toBranchId: (await prisma.customer.findUniqueOrThrow({ where: { userNumber: ids.userNumber } })).branchId, reason: "probe" }), "sameBranch"),
    queue: "branch only",
  },
  { surface: "customers.transfer.approve", permission: "customers.transfer", probe: action((ids) => approveTransferAction({ transferId: ids.transferId })), queue: "branch only" },
  { surface: "customers.transfer.reject", permission: "customers.transfer", probe: action((ids) => rejectTransferAction({ transferId: ids.transferId, reason: "probe" })), queue: "branch only" },
  // A staff move from the own branch to a branch of another area: the sibling branch's staff see neither office.
  { surface: "staff.transfer.approve", permission: "staff.transfer", probe: action((ids) => approveStaffTransferAction({ transferId: ids.staffTransferId })), queue: "branch only" },
  { surface: "staff.transfer.reject", permission: "staff.transfer", probe: action((ids) => rejectStaffTransferAction({ transferId: ids.staffTransferId, reason: "probe" })), queue: "branch only" },
  // A write-off proposed on a day that is not the policy's: refused when reached, so nothing is proposed.
  { surface: "writeOffs.propose", permission: "writeOffs.propose", probe: action((ids) => proposeWriteOffAction({ loanNumber: ids.loanNumber, writeOffDate: "2026-01-01", reason: "probe" })), queue: "branch only" },
  { surface: "writeOffs.approve", permission: "writeOffs.approve", notRecordAddressed: "the head office's only (HEAD_OFFICE_PERMISSIONS), which sees every branch; write-offs.test.ts" },
  { surface: "writeOffs.reject", permission: "writeOffs.approve", notRecordAddressed: "the head office's only (HEAD_OFFICE_PERMISSIONS), which sees every branch; write-offs.test.ts" },
  { surface: "outbox.resend", permission: "settings.messages", notRecordAddressed: "the head office's; its scope (a picked branch) in outbox-branch.test.ts" },

  // Actions that open no record of a branch.
  ...[
    "accounting.books.close",
    "accounting.provisioning.run",
    "accounting.provisioning.rules",
    "accounting.accounts.rename",
    "accounting.accounts.add",
    "accounting.products.accounts",
    "writeOffs.policy",
    "blacklist.add",
    "blacklist.import",
    "blacklist.remove",
    "calendar.apply",
    "calendar.holiday.add",
    "calendar.holiday.import",
    "calendar.holiday.remove",
    "offices.close",
    "offices.create",
    "offices.edit",
    "offices.upazila.import",
    "offices.upazila.route",
    "products.update",
    "societies.create",
    "societies.grant",
    "societies.revoke",
    "staff.create",
    "staff.password_reset",
    "staff.role_change",
    "staff.set_active",
    "staff.transfer.request",
    "staff.two_factor_reset",
  ].map((surface) => ({ surface, notRecordAddressed: "the head office's (HEAD_OFFICE_PERMISSIONS), or the office tree's own" })),
  { surface: "customers.create", notRecordAddressed: "makes a customer in the caller's own branch, or one she chose among hers; another is refused on the field (office-scope.test.ts)" },
  { surface: "offices.pick", notRecordAddressed: "a branch outside the caller's subtree is ignored (branch-picker.test.ts)" },
  { surface: "profile.change_password", notRecordAddressed: "one's own account" },
  { surface: "profile.regenerate_recovery_codes", notRecordAddressed: "one's own account" },
];

/** Who may use the surface at all from an office below the head office (the permission table and isAllowed decide). */
async function expected(row: Extract<Row, { probe: Probe }>, placement: Placement): Promise<Outcome> {
  const ctx = (await getStaffContext())!;
  if (!isAllowed(ctx, row.permission)) return "forbidden";
  return placement === "own" || placement === "parent" ? "found" : "notFound";
}

/** Every back-office action on disk (as tests/integration/action-authorization.test.ts finds them), by its name. */
const PUBLIC_ACTION_MODULES = ["lib/applications/actions.ts", "lib/auth/sign-in-actions.ts", "lib/kyc/public-actions.ts", "lib/borrower/sign-in-actions.ts"];
const SOCIETY_ACTION_MODULES = ["lib/society/actions.ts", "lib/society/field/actions.ts"];
let backOfficeActions: string[] = [];

function actionModules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : actionModules(full);
    return /actions\.ts$/.test(name) ? [path.relative(process.cwd(), full)] : [];
  });
}

let records: Records;
const offices = {} as Record<"area" | "own" | "sibling" | "otherArea" | "cousin", string>;

async function office(code: string, level: "area" | "branch", parentId: string): Promise<string> {
  return (await prisma.office.create({ data: { code, nameBn: `অফিস ${code}`, nameEn: `Office ${code}`, level, parentId, openedOn: new Date("2026-01-01") }, select: { id: true } })).id;
}

beforeAll(async () => {
  for (const file of actionModules("lib").filter((m) => !PUBLIC_ACTION_MODULES.includes(m) && !SOCIETY_ACTION_MODULES.includes(m))) {
    const exports = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
    for (const fn of Object.values(exports)) {
      const registered = actionRegistry.get(fn as never);
      if (registered) backOfficeActions.push(registered.name);
    }
  }
  backOfficeActions = [...new Set(backOfficeActions)];
  await seedDemo(prisma);
  offices.area = await office("MX-A", "area", HEAD);
  offices.own = await office("MX-1", "branch", offices.area);
  offices.sibling = await office("MX-2", "branch", offices.area);
  offices.otherArea = await office("MX-B", "area", HEAD);
  offices.cousin = await office("MX-3", "branch", offices.otherArea);

  // One borrower's records (a disbursed loan with payments, her applications and KYC case with documents) in the own branch.
  const loan = await prisma.loan.findFirstOrThrow({
    where: { status: "disbursed", payments: { some: {} }, installments: { some: { status: { not: "paid" } } }, customer: { kycCases: { some: { documents: { some: {} } } } } },
    orderBy: { loanNumber: "desc" },
    select: { loanNumber: true, customerId: true, customer: { select: { userNumber: true } }, installments: { where: { status: { not: "paid" } }, select: { id: true }, orderBy: { emiNumber: "asc" }, take: 1 } },
  });
  const { customerId } = loan;
  await prisma.$transaction([
    prisma.customer.update({ where: { id: customerId }, data: { branchId: offices.own } }),
    prisma.loan.updateMany({ where: { customerId }, data: { branchId: offices.own } }),
    prisma.loanApplication.updateMany({ where: { customerId }, data: { branchId: offices.own } }),
    prisma.kycCase.updateMany({ where: { customerId }, data: { branchId: offices.own } }),
    prisma.collectionActivity.updateMany({ where: { customerId }, data: { branchId: offices.own } }),
  ]);
  const kycCase = await prisma.kycCase.findFirstOrThrow({ where: { customerId, documents: { some: {} } }, select: { caseNumber: true, documents: { select: { id: true }, take: 1 } } });
  // A decided (rejected) application in the own branch: the decision actions reach it and are refused as decided.
  const decided = await prisma.loanApplication.findFirstOrThrow({ where: { status: "rejected" }, orderBy: { applicationId: "asc" }, select: { id: true, applicationId: true } });
  await prisma.loanApplication.update({ where: { id: decided.id }, data: { branchId: offices.own } });
  // A pending application with a card photo (someone else's) in the own branch, and another in the head office's queue.
  const [pendingOwn, pendingQueue] = await prisma.loanApplication.findMany({ where: { status: "pending", nidImageId: { not: null } }, orderBy: { applicationId: "asc" }, take: 2, select: { id: true, applicationId: true } });
  await prisma.loanApplication.update({ where: { id: pendingOwn!.id }, data: { branchId: offices.own } });
  await prisma.loanApplication.update({ where: { id: pendingQueue!.id }, data: { branchId: null } });
  const queueCase = await prisma.kycCase.findFirstOrThrow({ where: { documents: { some: {} }, customerId: { not: customerId } }, orderBy: { caseNumber: "desc" }, select: { caseNumber: true, applicationId: true, documents: { select: { id: true }, take: 1 } } });
  await prisma.kycCase.update({ where: { caseNumber: queueCase.caseNumber }, data: { branchId: null } });
  if (queueCase.applicationId) await prisma.loanApplication.update({ where: { id: queueCase.applicationId }, data: { branchId: null } });

  // A payment received at the own branch, and a customer transfer and a staff move there, rejected (decided: reached, nothing moves).
  const manager = await createStaff("account_manager", { officeId: offices.own });
  await signInAs(manager.id);
  const paid = await recordPaymentAction(payment({ loanNumber: loan.loanNumber, customer: loan.customer }, { amount: "500", method: "cash", idempotencyKey: randomUUID() }));
  if (!paid.ok) throw new Error(JSON.stringify(paid));
  // A second payment there, its reversal asked for by the branch's account manager (approved or rejected by a probe).
  const wrong = await recordPaymentAction(payment({ loanNumber: loan.loanNumber, customer: loan.customer }, { amount: "300", method: "cash", idempotencyKey: randomUUID() }));
  if (!wrong.ok) throw new Error(JSON.stringify(wrong));
  const reversal = await requestPaymentReversalAction({ paymentNumber: wrong.data.paymentNumber, reason: "matrix" });
  if (!reversal.ok) throw new Error(JSON.stringify(reversal));
  const ownManager = await createStaff("branch_manager", { officeId: offices.own });
  await signInAs(ownManager.id);
  const transfer = await requestTransferAction({ userNumber: loan.customer.userNumber, toBranchId: offices.cousin, reason: "matrix" });
  if (!transfer.ok) throw new Error(JSON.stringify(transfer));
  expect(await rejectTransferAction({ transferId: transfer.data.transferId, reason: "matrix" })).toMatchObject({ ok: true });
  const movingStaff = await createStaff("loan_officer", { officeId: offices.own });
  const admin = await createStaff("admin");
  await signInAs(admin.id);
  const staffMove = await requestStaffTransferAction({ staffUserId: movingStaff.id, toOfficeId: offices.cousin, reason: "matrix" });
  if (!staffMove.ok) throw new Error(JSON.stringify(staffMove));
  expect(await rejectStaffTransferAction({ transferId: staffMove.data.transferId, reason: "matrix" })).toMatchObject({ ok: true });

  records = {
    branch: {
      applicationId: pendingOwn!.applicationId,
      decidedApplicationId: decided.applicationId,
      caseNumber: kycCase.caseNumber,
      documentId: kycCase.documents[0]!.id,
      userNumber: loan.customer.userNumber,
      loanNumber: loan.loanNumber,
      installmentId: loan.installments[0]!.id,
      paymentNumber: paid.data.paymentNumber,
      reversalId: reversal.data.reversalId,
      transferId: transfer.data.transferId,
      staffTransferId: staffMove.data.transferId,
      ownBranchId: offices.own,
    },
    queue: { applicationId: pendingQueue!.applicationId, caseNumber: queueCase.caseNumber, documentId: queueCase.documents[0]!.id },
  };
});

describe("the authorization matrix's office dimension", () => {
  it("has one row for every page, route handler and action, and none for anything gone", () => {
    const surfaces = ROWS.map((r) => r.surface);
    expect(new Set(surfaces).size, "each surface once").toBe(surfaces.length);
    const actionNames = backOfficeActions;
    const existing = [...ADMIN_PAGES.map((p) => p.href), ...ADMIN_ROUTE_HANDLERS.map((h) => h.pattern), ...actionNames];
    expect([...surfaces].sort()).toEqual([...new Set(existing)].sort());
    expect(backOfficeActions.length).toBeGreaterThan(40);
    for (const page of ADMIN_PAGES) expect(ROWS.find((r) => r.surface === page.href)?.permission ?? page.permission, page.href).toBe(page.permission);
    for (const h of ADMIN_ROUTE_HANDLERS) expect(ROWS.find((r) => r.surface === h.pattern)?.permission ?? h.permission, h.pattern).toBe(h.permission);
  });

  for (const placement of PLACEMENTS) {
    it(`every role, working ${placement === "child" ? "in a branch, on the head office's queue" : `in the ${placement} office`}: allowed, 404, or refused by the permission table`, async () => {
      const office = placement === "own" || placement === "child" ? offices.own : placement === "sibling" ? offices.sibling : offices.area;
      const mismatches: string[] = [];
      for (const role of ROLES as readonly StaffRole[]) {
        const member = await createStaff(role, { officeId: office });
        await signInAs(member.id);
        for (const row of ROWS) {
          if (!("probe" in row)) continue;
          if (placement === "child" && row.queue === "branch only") continue;
          // On the queue, the decided-application probes ask for the queued (pending) one: never reached from a branch.
          const ids: Ids = placement === "child" ? { ...records.branch, ...records.queue, decidedApplicationId: records.queue.applicationId } : { ...records.branch };
          const want = await expected(row, placement);
          const got = await row.probe(ids);
          if (got !== want) mismatches.push(`${row.surface} × ${role} × ${placement}: ${got}, expected ${want}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

