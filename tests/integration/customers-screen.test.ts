/**
 * The customer records screen (/admin/user-profiles, issue 8 items 9 and 10) against PostgreSQL with the demo
 * data: search-by and filters agree with independent queries, the cards and loan figures are computed from the
 * rows, Add User validates and refuses a taken NID, an edit is saved with its audit row, a stale or concurrent
 * save loses, status changes need "customers.status", the activity log comes from audit rows, and the CSV export
 * holds the filtered list.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
// The route handler translates with next-intl's request-scoped getTranslations; here: the English messages.
vi.mock("next-intl/server", async () => {
  const { createTranslator } = await import("next-intl");
  const messages = (await import("@/messages/en.json")).default;
  return { getTranslations: async (namespace: string) => createTranslator({ locale: "en", messages, namespace: namespace as "adminCustomers" }) };
});

import { GET as exportCsv } from "@/app/admin/api/customers/export/route";
import { createCustomerAction, updateCustomerAction } from "@/lib/customers/actions";
import type { CustomerAccess } from "@/lib/customers/access";
import { CUSTOMER_PAGE_SIZE, customerStats, getCustomerForEdit, getCustomerProfile, listCustomers, loanSummaries } from "@/lib/customers/queries";
import { customerListFiltersSchema, editFormValues, type CreateCustomerInput, type UpdateCustomerInput } from "@/lib/customers/schemas";
import { USER_CODE_PATTERN } from "@/lib/customers/user-code";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { installmentNow } from "@/lib/repayments/installments";
import { lateFeePolicies } from "@/lib/repayments/queries";
import { isoDateOf } from "@/lib/validation/fields";
import { localizeDigits } from "@/lib/format";
import { seedDemo } from "@/prisma/seed";
import { sessionState } from "../support/session-state";
import { actAs } from "../support/staff-session";

const filters = (raw: Record<string, string> = {}) => customerListFiltersSchema.parse(raw);
/** Everything visible, as for an admin. */
const ALL: CustomerAccess = { loans: true, payments: true, applications: true, kyc: true, scope: ALL_OFFICES };
const numbers = async (raw: Record<string, string>) => (await listCustomers(filters(raw), ALL)).rows.map((r) => r.userNumber);

let nidCounter = 0;
/** A valid Add User form; each call a fresh 13-digit NID and phone. */
function newCustomer(fields: Partial<CreateCustomerInput> = {}): CreateCustomerInput {
  nidCounter += 1;
  return {
    name: "Test Customer",
    phone: `01911${String(100_000 + nidCounter).slice(-6)}`,
    email: "",
    nid: String(5_550_000_000_000 + nidCounter),
    address: "Mirpur 10, Dhaka",
    dateOfBirth: "1990-05-17",
    employmentType: "self_employed",
    employer: "Own shop",
    monthlyIncome: "৩৫,০০০",
    // The demo lender has several branches: the head office's staff choose hers.
    branchId: "office-main-branch",
    ...fields,
  };
}

async function editForm(userNumber: string, change: Partial<UpdateCustomerInput> = {}): Promise<UpdateCustomerInput> {
  const stored = await getCustomerForEdit(userNumber, ALL_OFFICES);
  if (!stored) throw new Error(`no customer ${userNumber}`);
  return { ...editFormValues(stored), ...change };
}

beforeAll(async () => {
  await seedDemo(prisma);
  // Enough customers for a second page, all inactive and pending, with their own numbers and NIDs.
  await prisma.customer.createMany({
    data: Array.from({ length: CUSTOMER_PAGE_SIZE + 5 }, (_, i) => ({
      userNumber: `U${900_000 + i}`,
      branchId: "office-main-branch",
      userCode: `RB-Z${"23456789ABCDEFGHJKMNPQRSTUVWXYZ"[i]}ZZ`,
      name: `Paging Person ${i}`,
      phone: `+8801612${String(100_000 + i).slice(-6)}`,
      nid: String(9_990_000_000 + i),
      address: "Khulna",
      joinDate: new Date("2026-01-01T00:00:00Z"),
      status: "inactive" as const,
      kycStatus: "pending" as const,
      createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
    })),
  });
});

describe("the list", () => {
  it("searches by the chosen field, phones in any form, and combines the filters", async () => {
    expect((await listCustomers(filters(), ALL)).total).toBe(await prisma.customer.count());
    // User number: typed in Bengali digits too; user code: any case.
    expect(await numbers({ by: "userNumber", q: "U000101" })).toEqual(["U000101"]);
    expect(await numbers({ by: "userNumber", q: localizeDigits("000101", "bn") })).toEqual(["U000101"]);
    expect(await numbers({ by: "userCode", q: "rb-4k7q" })).toEqual(["U000101"]);
    expect(await numbers({ by: "name", q: "RAHIM" })).toContain("U000101");
    // Phone: +8801711000101 as ০১৭১১-০০০১০১, as 8801711000101, and a typed beginning.
    expect(await numbers({ by: "phone", q: "০১৭১১-০০০১০১" })).toEqual(["U000101"]);
    expect(await numbers({ by: "phone", q: "8801711000101" })).toEqual(["U000101"]);
    expect(await numbers({ by: "phone", q: "01711000" })).toContain("U000101");
    expect(await numbers({ by: "phone", q: "Rahim" })).toEqual([]);
    // A field that does not hold the text finds nothing; All Fields finds it (e-mail, NID, phone too).
    expect(await numbers({ by: "userCode", q: "Rahim" })).toEqual([]);
    expect(await numbers({ by: "all", q: "rahim.uddin@example" })).toEqual(["U000101"]);
    expect(await numbers({ by: "all", q: "1987261234567" })).toEqual(["U000101"]);
    expect(await numbers({ q: "01711000101" })).toEqual(["U000101"]);

    for (const status of ["active", "inactive", "suspended"] as const) {
      for (const kyc of ["verified", "pending", "rejected"] as const) {
        const list = await listCustomers(filters({ status, kyc }), ALL);
        expect(list.total, `${status}/${kyc}`).toBe(await prisma.customer.count({ where: { status, kycStatus: kyc } }));
        expect(list.rows.every((r) => r.status === status && r.kycStatus === kyc)).toBe(true);
      }
    }
    // Unknown values fall back to the defaults instead of failing.
    expect(filters({ by: "nid", status: "gone", kyc: "x", page: "-2" })).toMatchObject({ by: "all", status: "any", kyc: "any", page: 1 });
  });

  it("pages newest first, at most a page at a time, without overlap", async () => {
    const first = await listCustomers(filters({ status: "inactive", kyc: "pending" }), ALL);
    expect(first.rows).toHaveLength(CUSTOMER_PAGE_SIZE);
    const second = await listCustomers(filters({ status: "inactive", kyc: "pending", page: localizeDigits("2", "bn") }), ALL);
    expect(second.rows.length).toBe(first.total - CUSTOMER_PAGE_SIZE);
    expect(second.rows.some((r) => first.rows.some((f) => f.userNumber === r.userNumber))).toBe(false);
  });

  it("shows cards and loan figures computed from the rows", async () => {
    const stats = await customerStats(ALL);
    expect(stats).toEqual({
      total: await prisma.customer.count(),
      kycVerified: await prisma.customer.count({ where: { kycStatus: "verified" } }),
      activeLoans: await prisma.loan.count({ where: { status: "disbursed" } }),
    });
    expect(stats.activeLoans).toBeGreaterThan(0);

    // Every customer with a loan: count of all its loans; outstanding = what its disbursed loans' instalments still owe
    // today, late fees due included (installmentNow, computed here in TypeScript against the list's SQL).
    const loans = await prisma.loan.findMany({ include: { installments: true } });
    const customerIds = [...new Set(loans.map((l) => l.customerId))];
    const summaries = await loanSummaries(customerIds, ALL_OFFICES);
    const policies = await lateFeePolicies();
    const today = dhakaToday();
    for (const id of customerIds) {
      const own = loans.filter((l) => l.customerId === id);
      const active = own.filter((l) => l.status === "disbursed");
      const owed = active.reduce(
        (sum, l) => sum + l.installments.reduce((s, i) => s + installmentNow({ dueDate: isoDateOf(i.dueDate), emiAmount: i.emiAmount, lateFee: i.lateFee, paidAmount: i.paidAmount, status: i.status }, today, policies[l.loanType]).owed, 0),
        0,
      );
      expect(summaries.get(id)).toEqual({ loanCount: own.length, activeLoans: active.length, activeAmount: owed });
    }
    const rahim = (await listCustomers(filters({ by: "userNumber", q: "U000101" }), ALL)).rows[0]!;
    expect(rahim.loans).toEqual(summaries.get(rahim.id));
  });
});

describe("Add User", () => {
  it("needs customers.edit, validates every field and changes nothing when refused", async () => {
    await actAs("collection_agent");
    expect(await createCustomerAction(newCustomer())).toMatchObject({ ok: false, error: { code: "forbidden" } });

    await actAs("account_manager");
    const [customers, audits] = [await prisma.customer.count(), await prisma.auditLog.count({ where: { action: "customer.create" } })];
    const refused = await createCustomerAction(newCustomer({ name: " ", phone: "12345", nid: "123", email: "not-mail", dateOfBirth: "2020-01-01", monthlyIncome: "12.5" }));
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { name: "required", phone: "invalidPhone", nid: "invalidNid", email: "invalidEmail", dateOfBirth: "underAge", monthlyIncome: "invalidIncome" } },
    });
    expect(await prisma.customer.count()).toBe(customers);
    expect(await prisma.auditLog.count({ where: { action: "customer.create" } })).toBe(audits);
  });

  it("allocates the next user number and a user code, with an audit row; a taken NID is refused", async () => {
    await actAs("account_manager");
    const highest = await prisma.customer.findFirstOrThrow({ orderBy: { userNumber: "desc" }, select: { userNumber: true } });
    const form = newCustomer({ email: "New.Person@Example.com", nid: "১৯৯০ ১২৩৪ ৫৬৭ ৮৯" });
    const created = await createCustomerAction(form);
    expect(created).toEqual({ ok: true, data: { userNumber: `U${String(Number(highest.userNumber.slice(1)) + 1).padStart(6, "0")}` } });
    if (!created.ok) return;
    const stored = await prisma.customer.findUniqueOrThrow({ where: { userNumber: created.data.userNumber } });
    expect(stored).toMatchObject({ nid: "1990123456789", email: "new.person@example.com", monthlyIncome: 35_000, employmentType: "self_employed", status: "active", kycStatus: "pending", creditScore: null });
    expect(stored.phone).toMatch(/^\+8801911\d{6}$/);
    expect(stored.userCode).toMatch(USER_CODE_PATTERN);
    expect(await prisma.auditLog.count({ where: { action: "customer.create", entityType: "Customer", entityId: stored.id } })).toBe(1);

    const count = await prisma.customer.count();
    expect(await createCustomerAction(newCustomer({ nid: "1990123456789", name: "Someone Else" }))).toEqual({
      ok: false,
      error: { code: "conflict", reason: "nidTaken", details: { userNumber: created.data.userNumber } },
    });
    expect(await prisma.customer.count()).toBe(count);
  });
});

describe("the edit", () => {
  it("is saved in one go with an audit row of the changed fields only; a bad credit score is refused", async () => {
    await actAs("account_manager");
    expect(await updateCustomerAction(await editForm("U000102", { creditScore: "900" }))).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { creditScore: "invalidNumber" } },
    });

    const before = await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000102" } });
    const saved = await updateCustomerAction(await editForm("U000102", { name: "Fatema Khatun", monthlyIncome: "৫০,০০০", creditScore: "৭২০", bankBranch: "Mirpur" }));
    expect(saved).toMatchObject({ ok: true, data: { userNumber: "U000102", changed: ["name", "monthlyIncome", "creditScore", "bankBranch"] } });
    const after = await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000102" } });
    expect(after).toMatchObject({ name: "Fatema Khatun", monthlyIncome: 50_000, creditScore: 720, bankBranch: "Mirpur", phone: before.phone, status: before.status });
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "customer.update", entityId: before.id }, orderBy: { createdAt: "desc" } });
    expect(audit.before).toEqual({ name: before.name, monthlyIncome: before.monthlyIncome, creditScore: null, bankBranch: before.bankBranch });
    expect(audit.after).toEqual({ name: "Fatema Khatun", monthlyIncome: 50_000, creditScore: 720, bankBranch: "Mirpur" });
    expect(audit.actorId).not.toBeNull();
  });

  it("refuses a save against a row changed since the dialog was opened", async () => {
    await actAs("account_manager");
    const opened = await editForm("U000103");
    expect(await updateCustomerAction({ ...opened, employer: "First save" })).toMatchObject({ ok: true });
    const audits = await prisma.auditLog.count({ where: { action: "customer.update" } });
    expect(await updateCustomerAction({ ...opened, employer: "Second, stale save" })).toEqual({ ok: false, error: { code: "conflict", reason: "stale" } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000103" } })).employer).toBe("First save");
    expect(await prisma.auditLog.count({ where: { action: "customer.update" } })).toBe(audits);
  });

  it("changes account status only with customers.status", async () => {
    const manager = await actAs("account_manager");
    const stored = await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000104" } });
    const denied = await prisma.auditLog.count({ where: { action: "access.forbidden", entityId: "customers.status" } });
    expect(await updateCustomerAction(await editForm("U000104", { status: "suspended", address: "Changed too" }))).toEqual({
      ok: false,
      error: { code: "forbidden", reason: "statusPermission" },
    });
    expect(await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000104" } })).toMatchObject({ status: stored.status, address: stored.address });
    expect(await prisma.auditLog.count({ where: { action: "access.forbidden", entityId: "customers.status", actorId: manager.id } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { action: "access.forbidden", entityId: "customers.status" } })).toBe(denied + 1);

    await actAs("admin");
    expect(await updateCustomerAction(await editForm("U000104", { status: "suspended" }))).toMatchObject({ ok: true, data: { changed: ["status"] } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000104" } })).status).toBe("suspended");
  });

  it("never edits KYC status, not even for an admin: it follows the customer's latest KYC case", async () => {
    await actAs("admin");
    const stored = await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000104" } });
    const flipped = stored.kycStatus === "verified" ? "rejected" : "verified";
    expect(await updateCustomerAction({ ...(await editForm("U000104")), kycStatus: flipped } as Parameters<typeof updateCustomerAction>[0])).toMatchObject({ ok: true, data: { changed: [] } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000104" } })).kycStatus).toBe(stored.kycStatus);
  });

  it("lets exactly one of two concurrent saves of the same opened version win", async () => {
    await actAs("admin");
    const opened = await editForm("U000105");
    const audits = await prisma.auditLog.count({ where: { action: "customer.update" } });
    const results = await Promise.all([
      updateCustomerAction({ ...opened, address: "Saved by the first" }),
      updateCustomerAction({ ...opened, address: "Saved by the second" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: { code: "conflict", reason: "stale" } }]);
    const winner = results[0]!.ok ? "Saved by the first" : "Saved by the second";
    expect((await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000105" } })).address).toBe(winner);
    expect(await prisma.auditLog.count({ where: { action: "customer.update" } })).toBe(audits + 1);
  });
});

describe("the profile", () => {
  it("builds the activity log from the audit rows about the customer, its loans, payments and applications", async () => {
    await actAs("admin");
    expect(await updateCustomerAction(await editForm("U000101", { emergencyContactRelation: "Wife" }))).toMatchObject({ ok: true });
    const profile = await getCustomerProfile("U000101", ALL);
    if (!profile) throw new Error("no profile");

    const loans = await prisma.loan.findMany({ where: { customerId: profile.id }, select: { id: true } });
    const payments = await prisma.loanPayment.findMany({ where: { loan: { customerId: profile.id } }, select: { id: true, amount: true, status: true } });
    const applications = await prisma.loanApplication.findMany({ where: { customerId: profile.id }, select: { id: true } });
    const kycCases = await prisma.kycCase.findMany({ where: { customerId: profile.id }, select: { id: true } });
    const expected = await prisma.auditLog.count({
      where: {
        OR: [
          { entityType: "Customer", entityId: profile.id },
          { entityType: "Loan", entityId: { in: loans.map((l) => l.id) } },
          { entityType: "LoanPayment", entityId: { in: payments.map((p) => p.id) } },
          { entityType: "LoanApplication", entityId: { in: applications.map((a) => a.id) } },
          { entityType: "KycCase", entityId: { in: kycCases.map((k) => k.id) } },
        ],
      },
    });
    expect(profile.activity.length).toBe(Math.min(expected, 100));
    expect(profile.activity[0]).toMatchObject({ action: "customer.update", subject: null, byStaff: true, after: { emergencyContactRelation: "Wife" } });
    expect(profile.activity.some((a) => a.action === "loan.disburse" && a.subject?.startsWith("LN-"))).toBe(true);
    const times = profile.activity.map((a) => a.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    expect(profile.totalLoans).toBe(loans.length);
    expect(profile.totalRepaid).toBe(payments.filter((p) => p.status === "completed").reduce((sum, p) => sum + p.amount, 0));
    expect(profile.payments).toHaveLength(payments.length);
    // Nothing invented: the demo customer has no assessed score.
    expect(profile.creditScore).toBeNull();
    const active = profile.loans!.filter((l) => l.status === "disbursed");
    expect(profile.activeLoanAmount).toBe(active.reduce((sum, l) => sum + (l.remaining ?? 0), 0));
    expect(active.every((l) => l.nextDue === null || /^\d{4}-\d{2}-\d{2}$/.test(l.nextDue.date))).toBe(true);
  });

  it("shows loans, payments, applications and KYC cases only to those who may read them", async () => {
    // A KYC officer: customers and KYC, no loans or payments.
    const kycOfficer = await getCustomerProfile("U000101", { loans: false, payments: false, applications: true, kyc: true, scope: ALL_OFFICES });
    expect(kycOfficer).toMatchObject({ loans: null, payments: null, totalLoans: null, activeLoanAmount: null, totalRepaid: null });
    expect(kycOfficer!.activity.some((a) => a.entityType === "Loan" || a.entityType === "LoanPayment")).toBe(false);
    // A collection agent: loans and payments, no applications or KYC cases.
    const agent = await getCustomerProfile("U000101", { loans: true, payments: true, applications: false, kyc: false, scope: ALL_OFFICES });
    expect(agent!.loans!.length).toBeGreaterThan(0);
    expect(agent!.activity.some((a) => a.entityType === "LoanApplication" || a.entityType === "KycCase")).toBe(false);
    expect(agent!.activity.some((a) => a.entityType === "Loan")).toBe(true);
    // The list and its cards leave the loan figures out too.
    expect((await listCustomers(filters(), { loans: false, scope: ALL_OFFICES })).rows.every((r) => r.loans === null)).toBe(true);
    expect((await customerStats({ loans: false, scope: ALL_OFFICES })).activeLoans).toBeNull();
  });
});

describe("the CSV export", () => {
  const get = (query: string) => exportCsv(new Request(`http://localhost/admin/api/customers/export?${query}`));

  it("leaves the loan columns out for a role that may not read loans", async () => {
    await actAs("kyc_officer");
    const [heading, row] = (await (await get("by=userNumber&q=U000101")).text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(heading).toBe("Customer number,Customer code,Name,Phone,E-mail,NID,Address,Date of birth,Employment,Employer,Monthly income (BDT),Credit score,Account status,KYC status,Joined,Last activity");
    expect(row).toMatch(/^U000101,/);
  });

  it("downloads the filtered list with translated headings", async () => {
    await actAs("collection_agent");
    const response = await get("status=inactive&kyc=pending&by=name&q=paging+person");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="customers-inactive-pending-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Customer number,Customer code,Name,Phone,E-mail,NID,Address,Date of birth,Employment,Employer,Monthly income (BDT),Credit score,Account status,KYC status,Joined,Loans,Active loans,Outstanding (BDT),Last activity",
    );
    expect(lines).toHaveLength(1 + CUSTOMER_PAGE_SIZE + 5);
    expect(lines.slice(1).every((l) => /^U9\d{5},RB-Z.ZZ,Paging Person \d+,01612-\d{6},.*,Inactive,Pending,/.test(l))).toBe(true);

    const rahim = (await (await get("by=userNumber&q=U000101")).text()).trimEnd().split("\r\n");
    expect(rahim).toHaveLength(2);
    const summary = (await loanSummaries([(await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000101" } })).id], ALL_OFFICES)).values().next().value!;
    expect(rahim[1]).toMatch(new RegExp(`^U000101,RB-4K7Q,Mohammad Rahim Uddin,01711-000101,rahim.uddin@example.com,.*,Active,Verified,2026-04-08,${summary.loanCount},${summary.activeLoans},${summary.activeAmount},`));
  });

  it("refuses a caller without customers.read (403) and an anonymous one (401)", async () => {
    await actAs("society_manager");
    expect((await get("")).status).toBe(403);
    sessionState.token = null;
    expect((await get("")).status).toBe(401);
  });
});
