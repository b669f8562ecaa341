/**
 * The repayments screen against PostgreSQL (issue 8): tab membership computed from the dates on the day asked (the
 * stored status left stale on purpose), the cards (due today, overdue with late fees, collected today against
 * yesterday, collection rate), search by a phone in Bengali digits and by receipt number, the detail dialog's
 * schedule, and the collection actions: Call logs an activity, Send Reminder queues one SMS in the borrower's
 * language with an audit row, and a role without payments.record is refused.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));

import { RepaymentDetailDialog } from "@/components/admin/repayments/repayment-dialog";
import { CollectionTable, RepaymentFilters, RepaymentStatsCards, RepaymentTable } from "@/components/admin/repayments/repayment-list";
import { loanTypeTitles } from "@/lib/applications/review-queries";
import { prisma } from "@/lib/db";
import { localizeDigits } from "@/lib/format";
import type { InstallmentStatus, Language, LoanStatus, LoanType } from "@/lib/generated/prisma/enums";
import { logCallAction, sendReminderAction } from "@/lib/repayments/collection-actions";
import { lateFeeFor } from "@/lib/repayments/installments";
import { repaymentListFiltersSchema } from "@/lib/repayments/list-schemas";
import { getRepaymentDetail, lateFeePolicies, listCollectionActivities, listRepayments, repaymentStats } from "@/lib/repayments/queries";
import { seedProducts } from "@/prisma/seed";
import { intlState } from "../support/next-intl-server-mock";
import { actAs } from "../support/staff-session";

const TODAY = "2031-03-15";
/** Noon in Dhaka on `iso`. */
const at = (iso: string) => new Date(`${iso}T12:00:00+06:00`);
const date = (iso: string) => new Date(`${iso}T00:00:00Z`);

type Planned = { due: string; paid?: number; lateFee?: number; paidAt?: string; status?: InstallmentStatus };
let seq = 0;

/** A loan with its schedule written as given: stored statuses are whatever `status` says (stale on purpose). */
async function makeLoan(opts: { loanType: LoanType; emi: number; phone: string; name: string; language?: Language; status?: LoanStatus; schedule: Planned[] }) {
  seq += 1;
  const customer = await prisma.customer.create({
    data: {
      userNumber: `U9${String(seq).padStart(5, "0")}`,
      userCode: `RT-${seq}`,
      name: opts.name,
      email: `member${seq}@example.com`,
      phone: opts.phone,
      nid: String(4_000_000_000 + seq),
      address: "Mirpur, Dhaka",
      joinDate: date("2030-01-01"),
    },
  });
  const total = opts.emi * opts.schedule.length;
  const application = opts.language
    ? await prisma.loanApplication.create({
        data: {
          applicationId: `LBT${seq}`,
          status: "approved",
          language: opts.language,
          loanType: opts.loanType,
          amount: total,
          tenure: opts.schedule.length,
          purpose: "Stock",
          name: opts.name,
          phone: opts.phone,
          dob: date("1990-01-01"),
          nid: customer.nid,
          address: "Mirpur, Dhaka",
          employmentType: "business",
          employer: "Own shop",
          monthlyIncome: 50_000,
          principal: total,
          interestRate: 18,
          months: opts.schedule.length,
          emi: opts.emi,
          totalPayable: total,
          totalInterest: 0,
          customerId: customer.id,
        },
      })
    : null;
  const loan = await prisma.loan.create({
    data: {
      loanNumber: `LN-${900_000 + seq}`,
      customerId: customer.id,
      applicationId: application?.id,
      loanType: opts.loanType,
      requestedAmount: total,
      approvedAmount: total,
      tenure: opts.schedule.length,
      interestRate: 18,
      emi: opts.emi,
      purpose: "Stock",
      status: opts.status ?? "disbursed",
      monthlyIncome: 50_000,
      submittedAt: at("2030-12-01"),
      disbursedAt: at("2030-12-15"),
      disbursedAmount: total,
    },
  });
  await prisma.loanInstallment.createMany({
    data: opts.schedule.map((p, i) => ({
      loanId: loan.id,
      emiNumber: i + 1,
      dueDate: date(p.due),
      emiAmount: opts.emi,
      principalAmount: opts.emi - 100,
      interestAmount: 100,
      status: p.status ?? "upcoming",
      lateFee: p.lateFee ?? 0,
      paidAmount: p.paid ?? 0,
      paidAt: p.paidAt ? at(p.paidAt) : null,
    })),
  });
  const installments = await prisma.loanInstallment.findMany({ where: { loanId: loan.id }, orderBy: { emiNumber: "asc" } });
  return { loan, customer, installments };
}

let A: Awaited<ReturnType<typeof makeLoan>>;
let B: Awaited<ReturnType<typeof makeLoan>>;
let C: Awaited<ReturnType<typeof makeLoan>>;

async function payment(loan: { loan: { id: string } }, paymentNumber: string, amount: number, paymentDate: string, installmentId: string, allocate: boolean) {
  const row = await prisma.loanPayment.create({
    data: { paymentNumber, loanId: loan.loan.id, installmentId, amount, method: "bkash", reference: `TRX${paymentNumber}`, paymentDate: date(paymentDate) },
  });
  if (allocate) await prisma.loanPaymentAllocation.create({ data: { paymentId: row.id, installmentId, lateFee: 0, interest: Math.min(100, amount), principal: Math.max(0, amount - 100) } });
}

beforeAll(async () => {
  await seedProducts(prisma);
  // A (instant, no application: Bengali): paid, then overdue (stored "upcoming"), due today, upcoming.
  A = await makeLoan({
    loanType: "instant",
    emi: 1_000,
    phone: "+8801812345600",
    name: "রহিমা খাতুন",
    schedule: [{ due: "2031-01-15", paid: 1_000, paidAt: "2031-01-14", status: "paid" }, { due: "2031-02-15" }, { due: "2031-03-15" }, { due: "2031-04-15" }],
  });
  // B (business, applied in English): partly paid two days ago, due today, upcoming.
  B = await makeLoan({
    loanType: "business",
    emi: 2_000,
    phone: "+8801712345601",
    name: "Karim Uddin",
    language: "en",
    schedule: [{ due: "2031-03-13", paid: 500, status: "partial" }, { due: "2031-03-15" }, { due: "2031-04-15" }],
  });
  // C (salary, closed): both paid, the second late with its fee, today.
  C = await makeLoan({
    loanType: "salary",
    emi: 1_500,
    phone: "+8801912345602",
    name: "Salma Begum",
    status: "closed",
    schedule: [
      { due: "2031-02-01", paid: 1_500, paidAt: "2031-02-01", status: "paid" },
      { due: "2031-03-01", paid: 1_575, lateFee: 75, paidAt: "2031-03-15", status: "paid" },
    ],
  });
  await payment(A, "PAY-000901", 1_000, "2031-01-14", A.installments[0]!.id, false);
  await payment(B, "PAY-000902", 500, "2031-03-14", B.installments[0]!.id, true);
  await payment(C, "PAY-000903", 1_500, "2031-02-01", C.installments[0]!.id, true);
  await payment(C, "PAY-000904", 1_575, "2031-03-15", C.installments[1]!.id, true);
});

const filters = (raw: Record<string, string> = {}) => repaymentListFiltersSchema.parse(raw);
const tab = (name: string, extra: Record<string, string> = {}, today = TODAY) =>
  listRepayments({ ...filters({ tab: name, ...extra }), tab: name as "paid" }, ALL_OFFICES, at(today));
const ids = (list: { rows: { installmentId: string }[] }) => list.rows.map((r) => r.installmentId);

describe("the instalment tabs", () => {
  it("are computed from the due dates on the day asked, not from the stored status", async () => {
    const [a, b, c] = [A.installments, B.installments, C.installments];
    expect(ids(await tab("due_today"))).toEqual([a[2]!.id, b[1]!.id].sort());
    expect(ids(await tab("overdue"))).toEqual([a[1]!.id, b[0]!.id]);
    expect(ids(await tab("upcoming"))).toEqual([a[3]!.id, b[2]!.id].sort());
    expect(ids(await tab("paid"))).toEqual([c[1]!.id, c[0]!.id, a[0]!.id]); // newest payment first

    // A day later today's instalments are overdue, oldest first.
    const tomorrow = await tab("overdue", {}, "2031-03-16");
    expect(ids(tomorrow)).toEqual([a[1]!.id, b[0]!.id, ...[a[2]!.id, b[1]!.id].sort()]);
    expect((await tab("due_today", {}, "2031-03-16")).total).toBe(0);
  });

  it("show each row's state, late fee, days overdue and the loan's outstanding", async () => {
    const overdue = await tab("overdue");
    const [a2, b1] = overdue.rows;
    const instant = (await lateFeePolicies()).instant;
    const fee = lateFeeFor(1_000, instant); // 28 days late: past any grace period
    expect(a2).toMatchObject({ emiNumber: 2, totalEmis: 4, now: { state: "overdue", daysOverdue: 28, lateFee: fee, owed: 1_000 + fee }, owedThrough: 1_000 + fee });
    expect(a2!.loan).toEqual({ loanNumber: A.loan.loanNumber, loanType: "instant", outstanding: 3_000 + fee, remainingPercent: Math.round(((3_000 + fee) / 4_000) * 1000) / 10 });
    expect(a2!.member).toEqual({ name: "রহিমা খাতুন", phone: "+8801812345600", userNumber: A.customer.userNumber });
    // Partly paid two days ago, still inside the grace period: no fee yet.
    expect(b1).toMatchObject({ now: { state: "partial", daysOverdue: 2, lateFee: 0, owed: 1_500 }, paidAmount: 500 });
    // Due today: clearing it takes the overdue one first (payments go oldest first).
    const today = await tab("due_today");
    expect(today.rows.find((r) => r.installmentId === A.installments[2]!.id)).toMatchObject({ now: { state: "due_today", lateFee: 0 }, owedThrough: 2_000 + fee });
    expect((await tab("paid")).rows[0]).toMatchObject({ now: { state: "paid", lateFee: 75, owed: 0 }, loan: { outstanding: 0, remainingPercent: 0 } });
  });

  it("filter by status (as computed), loan type and search: phone in Bengali digits, receipt, loan number, name", async () => {
    expect(ids(await tab("overdue", { status: "partial" }))).toEqual([B.installments[0]!.id]);
    expect(ids(await tab("overdue", { status: "overdue" }))).toEqual([A.installments[1]!.id]);
    expect(ids(await tab("overdue", { loanType: "business" }))).toEqual([B.installments[0]!.id]);
    expect(ids(await tab("due_today", { q: localizeDigits("01712-345601", "bn") }))).toEqual([B.installments[1]!.id]);
    expect(ids(await tab("due_today", { q: "+880 1712 345601" }))).toEqual([B.installments[1]!.id]);
    // A receipt names the instalments its money went to: by allocation, or the payment's own instalment.
    expect(ids(await tab("overdue", { q: "pay-000902" }))).toEqual([B.installments[0]!.id]);
    expect(ids(await tab("paid", { q: "PAY-000901" }))).toEqual([A.installments[0]!.id]);
    expect(ids(await tab("upcoming", { q: A.loan.loanNumber.toLowerCase() }))).toEqual([A.installments[3]!.id]);
    expect(ids(await tab("upcoming", { q: "karim" }))).toEqual([B.installments[2]!.id]);
    expect((await tab("upcoming", { q: "100%_" })).total).toBe(0);
  });

  it("only hold instalments of disbursed, closed or written-off loans (the schedule is written at disbursement)", async () => {
    const others = await prisma.loanInstallment.count({ where: { loan: { status: { notIn: ["disbursed", "closed", "written_off"] } } } });
    expect(others).toBe(0);
  });
});

describe("the cards", () => {
  it("count due today and overdue with late fees, compare today's collection with yesterday's, and give the collection rate", async () => {
    const policies = await lateFeePolicies();
    const stats = await repaymentStats(ALL_OFFICES, at(TODAY));
    expect(stats.dueToday).toEqual({ count: 2, emiTotal: 3_000 });
    expect(stats.overdue).toEqual({ count: 2, emiTotal: 3_000, lateFeeTotal: lateFeeFor(1_000, policies.instant) });
    expect(stats).toMatchObject({ collectedToday: 1_575, collectedYesterday: 500, changeOnYesterday: 215 });
    // Due in the 30 days to today: A2, A3, B1, B2 unpaid, C2 paid.
    expect(stats.collectionRate).toEqual({ percent: 20, paid: 1, due: 5 });

    // Two days on, B1 is past its grace period and owes its fee; nothing was collected the day before.
    const later = await repaymentStats(ALL_OFFICES, at("2031-03-17"));
    expect(later.overdue).toEqual({ count: 4, emiTotal: 6_000, lateFeeTotal: lateFeeFor(1_000, policies.instant) + lateFeeFor(2_000, policies.business) });
    expect(later).toMatchObject({ collectedToday: 0, collectedYesterday: 0, changeOnYesterday: null });
  });

  it("charge each loan type's own late fee when the products differ", async () => {
    await prisma.loanProduct.update({ where: { key: "business" }, data: { lateFeePercent: 10, lateFeeGraceDays: 1 } });
    try {
      const stats = await repaymentStats(ALL_OFFICES, at("2031-03-15"));
      const policies = await lateFeePolicies();
      // B1 is two days late: past business's one grace day now.
      expect(stats.overdue.lateFeeTotal).toBe(lateFeeFor(1_000, policies.instant) + 200);
      const b1 = (await tab("overdue", { loanType: "business" })).rows[0]!;
      expect(b1.now.lateFee).toBe(200);
    } finally {
      await prisma.loanProduct.update({ where: { key: "business" }, data: { lateFeePercent: 5, lateFeeGraceDays: 3 } });
    }
  });
});

describe("the detail dialog", () => {
  it("shows the schedule (paid, current, pending), the loan summary and the payment history", async () => {
    const detail = (await getRepaymentDetail(A.installments[2]!.id, ALL_OFFICES, at(TODAY)))!;
    expect(detail.schedule.map((s) => s.position)).toEqual(["paid", "current", "pending", "pending"]);
    expect(detail.loan).toMatchObject({ paidCount: 1, tenure: 4, nextDue: "2031-02-15", language: "bn" });
    expect(detail.installment).toMatchObject({ emiNumber: 3, now: { state: "due_today" } });
    expect(detail.payments.map((p) => p.paymentNumber)).toEqual(["PAY-000901"]);
    expect((await getRepaymentDetail(B.installments[0]!.id, ALL_OFFICES, at(TODAY)))!.loan.language).toBe("en");
    expect(await getRepaymentDetail("no-such-instalment", ALL_OFFICES)).toBeNull();
  });
});

describe("collection actions", () => {
  it("Call logs a completed activity by the signed-in staff member, with an audit row", async () => {
    const agent = await actAs("collection_agent");
    const result = await logCallAction({ installmentId: A.installments[2]!.id });
    expect(result).toMatchObject({ ok: true });
    const activityId = result.ok ? result.data.activityId : "";
    expect(await prisma.collectionActivity.findUniqueOrThrow({ where: { id: activityId } })).toMatchObject({
      activity: "call_made",
      loanId: A.loan.id,
      customerId: A.customer.id,
      performedById: agent.id,
      status: "completed",
    });
    expect(await prisma.auditLog.count({ where: { action: "collection.call", entityId: activityId, actorId: agent.id } })).toBe(1);
  });

  it("Send Reminder queues exactly one SMS in the borrower's language, with an activity and an audit row", async () => {
    const agent = await actAs("collection_agent");
    const b2 = B.installments[1]!.id;
    const sent = await sendReminderAction({ installmentId: b2 });
    expect(sent).toMatchObject({ ok: true, data: { language: "en", amountDue: 2_000 } });
    // Again the same day (a double click, or a colleague): refused, still one message.
    expect(await sendReminderAction({ installmentId: b2 })).toMatchObject({ ok: false, error: { code: "conflict", reason: "reminderAlreadySent" } });
    const messages = await prisma.outboxMessage.findMany({ where: { entityType: "LoanInstallment", entityId: b2 } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "sms", recipient: "+8801712345601", language: "en", template: "repayment.reminder" });
    expect(messages[0]!.body).toContain(B.loan.loanNumber);
    expect(messages[0]!.body).toContain("EMI 2");
    expect(messages[0]!.body).toContain("৳2,000");
    const activity = await prisma.collectionActivity.findFirstOrThrow({ where: { loanId: B.loan.id, activity: "reminder_sent" } });
    expect(activity.performedById).toBe(agent.id);
    expect(await prisma.auditLog.count({ where: { action: "collection.reminder", entityId: activity.id } })).toBe(1);

    // No application: Bengali, with Bengali digits.
    const a3 = A.installments[2]!.id;
    expect(await sendReminderAction({ installmentId: a3 })).toMatchObject({ ok: true, data: { language: "bn" } });
    const bn = await prisma.outboxMessage.findFirstOrThrow({ where: { entityId: a3 } });
    expect(bn.language).toBe("bn");
    expect(bn.body).toContain("৳১,০০০");
    // A paid instalment gets no reminder.
    expect(await sendReminderAction({ installmentId: A.installments[0]!.id })).toMatchObject({ ok: false, error: { code: "conflict", reason: "installmentPaid" } });
    expect(await sendReminderAction({ installmentId: "missing" })).toMatchObject({ ok: false, error: { code: "notFound" } });
  });

  it("are refused to a role without payments.record, and change nothing", async () => {
    await actAs("loan_officer");
    const before = await prisma.outboxMessage.count();
    const activities = await prisma.collectionActivity.count();
    expect(await logCallAction({ installmentId: A.installments[3]!.id })).toEqual({ ok: false, error: { code: "forbidden" } });
    expect(await sendReminderAction({ installmentId: A.installments[3]!.id })).toEqual({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.outboxMessage.count()).toBe(before);
    expect(await prisma.collectionActivity.count()).toBe(activities);
  });

  it("show on the Collections tab, newest first, with the performer's name and their facts, no sentence", async () => {
    const log = await listCollectionActivities(filters({ tab: "collections" }), ALL_OFFICES);
    expect(log.rows.map((r) => r.activity)).toEqual(["reminder_sent", "reminder_sent", "call_made"]);
    expect(log.rows.every((r) => r.performer?.startsWith("Test collection_agent"))).toBe(true);
    const [bnReminder, enReminder, call] = log.rows;
    expect(call).toMatchObject({ note: null, wording: { key: "callAbout", values: { emi: 3, tenure: 4, due: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } } });
    expect(enReminder).toMatchObject({ wording: { key: "reminder", values: { emi: 2, amount: 2_000, language: "en" } } });
    expect(bnReminder).toMatchObject({ wording: { key: "reminder", values: { emi: 3, language: "bn" } } });
    expect(log.total).toBe(3);
    const byPhone = await listCollectionActivities(filters({ tab: "collections", q: localizeDigits("01712345601", "bn") }), ALL_OFFICES);
    expect(byPhone.rows.map((r) => r.loanNumber)).toEqual([B.loan.loanNumber]);
  });
});

describe("the screen's server components", () => {
  /** Runs one async server component (its own strings; nested components are left as elements) and returns its tree as text. */
  const render = async (element: Promise<unknown>) =>
    JSON.stringify(await element, (key, value: unknown) => (key === "type" || key.startsWith("_") ? undefined : value));

  for (const locale of ["bn", "en"] as const) {
    it(`format every card, row and dialog label in ${locale}`, async () => {
      intlState.locale = locale;
      const titles = await loanTypeTitles();
      const f = filters({ tab: "overdue" });
      const html = [
        await render(RepaymentStatsCards({ stats: await repaymentStats(ALL_OFFICES, at(TODAY)) })),
        await render(RepaymentFilters({ filters: f, titles })),
        await render(RepaymentTable({ list: await tab("overdue"), filters: f, titles, canRecord: true })),
        await render(CollectionTable({ list: await listCollectionActivities(filters({ tab: "collections" }), ALL_OFFICES), filters: filters({ tab: "collections" }), titles })),
        await render(RepaymentDetailDialog({ detail: (await getRepaymentDetail(A.installments[1]!.id, ALL_OFFICES, at(TODAY)))!, titles, closeHref: "/admin/repayments", canRecord: true })),
      ].join("");
      if (locale === "bn") {
        expect(html).toContain("৪টির মধ্যে ২ নম্বর কিস্তি");
        expect(html).toContain("২৮ দিন পেরিয়েছে");
        expect(html).toContain("+২১৫%");
        expect(html).toContain("৩ নম্বর কিস্তি (৪টির মধ্যে, নির্ধারিত তারিখ");
        expect(html).toContain("বাংলা এসএমএস রিমাইন্ডার: ৩ নম্বর কিস্তি");
      } else {
        expect(html).toContain("EMI 2 of 4");
        expect(html).toContain("28 days overdue");
        expect(html).toContain("+215%");
        expect(html).toContain("Called about EMI 3 of 4 (due");
        expect(html).toContain("SMS reminder in English: EMI 2 of 3, ৳2,000");
      }
      intlState.locale = "en";
    });
  }
});
