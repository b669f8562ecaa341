import type { MembershipType, Prisma, SocietyCollectionStatus, SocietyRecordStatus } from "../generated/prisma/client";
import type { DemoDocuments } from "./documents";
import { staffId } from "./staff";
import { atDhakaTime, calendarDate, demoDate, demoId, demoTime, societyCode } from "./support";
import { loanPlan } from "../society/books/loan-plan";
import { isoDateOf } from "../validation/fields";

/**
 * The demo savings society: 3 workers, 12 members, the 30 days of collections before the
 * reference date, a few income/expense entries and last month's salaries.
 */

export const DEMO_SOCIETY = {
  name: "আদর্শ সঞ্চয় সমিতি",
  registrationNumber: "DHK-COOP-2019-0417",
  address: "বাড়ি ১২, রোড ৫, মিরপুর ১০, ঢাকা ১২১৬",
} as const;

/** Number of days of collections before the reference date. */
export const DEMO_COLLECTION_DAYS = 30;

const WORKERS = [
  { name: "রফিকুল ইসলাম", area: "মিরপুর ১০", phone: "+8801811000301", withPhoto: true, joined: calendarDate(2025, 1, 6) },
  { name: "শাহানা পারভীন", area: "কাফরুল", phone: "+8801811000302", withPhoto: false, joined: calendarDate(2025, 3, 2) },
  { name: "জসিম উদ্দিন", area: "পল্লবী", phone: "+8801811000303", withPhoto: false, joined: calendarDate(2025, 8, 17) },
] as const;

type MemberSpec = {
  name: string;
  nid: string;
  phone: string;
  /** Index into WORKERS. */
  worker: number;
  installment: number;
  savings: number;
  /** A loan given at joining (the prototype's field, no plan). */
  loan: number | null;
  /** A loan with an instalment plan, paid out this many days before the seed's today. */
  plan?: { principal: number; ratePercent: number; method: "flat" | "declining"; frequency: "daily" | "weekly" | "monthly"; instalmentCount: number; daysBefore: number };
  joined: Date;
  type: MembershipType;
  status: SocietyRecordStatus;
};

const MEMBERS: readonly MemberSpec[] = [
  { name: "আমেনা খাতুন", nid: "3304718265", phone: "+8801712300401", worker: 0, installment: 200, savings: 50, loan: 20_000, joined: calendarDate(2025, 2, 10), type: "regular", status: "active" },
  { name: "রহিমা বেগম", nid: "3304718266", phone: "+8801712300402", worker: 0, installment: 150, savings: 30, loan: 15_000, joined: calendarDate(2025, 4, 1), type: "regular", status: "active" },
  { name: "মোঃ সেলিম মিয়া", nid: "1985261904512", phone: "+8801712300403", worker: 0, installment: 300, savings: 100, loan: 30_000, joined: calendarDate(2025, 6, 15), type: "premium", status: "active" },
  { name: "নাসিমা আক্তার", nid: "3304718268", phone: "+8801712300404", worker: 0, installment: 275, savings: 50, loan: null, plan: { principal: 10_000, ratePercent: 10, method: "flat", frequency: "daily", instalmentCount: 40, daysBefore: 35 }, joined: calendarDate(2026, 1, 8), type: "regular", status: "active" },
  { name: "কুলসুম বিবি", nid: "5512093371", phone: "+8801812300405", worker: 1, installment: 100, savings: 20, loan: 10_000, joined: calendarDate(2025, 3, 20), type: "regular", status: "active" },
  { name: "হালিমা খাতুন", nid: "5512093372", phone: "+8801812300406", worker: 1, installment: 250, savings: 50, loan: 25_000, joined: calendarDate(2025, 5, 5), type: "premium", status: "active" },
  { name: "আব্দুল হালিম", nid: "19782619033456789", phone: "+8801812300407", worker: 1, installment: 200, savings: 40, loan: 20_000, joined: calendarDate(2025, 9, 12), type: "regular", status: "active" },
  { name: "মোছাঃ শিরিনা আক্তার", nid: "5512093374", phone: "+8801812300408", worker: 1, installment: 0, savings: 100, loan: null, joined: calendarDate(2025, 3, 20), type: "lifetime", status: "active" },
  { name: "মোঃ আনোয়ার হোসেন", nid: "6621840095", phone: "+8801912300409", worker: 2, installment: 150, savings: 30, loan: 15_000, joined: calendarDate(2025, 9, 1), type: "regular", status: "active" },
  { name: "পারভীন সুলতানা", nid: "6621840096", phone: "+8801912300410", worker: 2, installment: 200, savings: 50, loan: 20_000, joined: calendarDate(2025, 10, 19), type: "regular", status: "active" },
  { name: "জোহরা বেগম", nid: "6621840097", phone: "+8801912300411", worker: 2, installment: 100, savings: 20, loan: 10_000, joined: calendarDate(2026, 2, 2), type: "regular", status: "active" },
  { name: "মোঃ বাবুল মিয়া", nid: "6621840098", phone: "+8801912300412", worker: 2, installment: 150, savings: 30, loan: 15_000, joined: calendarDate(2025, 11, 11), type: "regular", status: "inactive" },
];

/** Deterministic attendance: a few missed days per member, and two members still pending yesterday. */
function collectionStatus(memberIndex: number, daysBefore: number): SocietyCollectionStatus {
  if (daysBefore === 1 && memberIndex % 5 === 4) return "pending";
  return (memberIndex * 7 + daysBefore * 3) % 19 === 0 ? "missed" : "collected";
}

export type SocietyRows = {
  society: Prisma.SocietyCreateManyInput;
  managers: Prisma.SocietyManagerCreateManyInput[];
  workers: Prisma.SocietyWorkerCreateManyInput[];
  members: Prisma.SocietyMemberCreateManyInput[];
  sheets: Prisma.SocietyCollectionSheetCreateManyInput[];
  collections: Prisma.SocietyCollectionCreateManyInput[];
  sequences: Prisma.SocietySequenceCreateManyInput[];
  salaries: Prisma.WorkerSalaryCreateManyInput[];
  incomeExpenses: Prisma.IncomeExpenseCreateManyInput[];
  memberLoans: Prisma.SocietyMemberLoanCreateManyInput[];
  openingBalances: Prisma.SocietyOpeningBalanceCreateManyInput[];
  openingLines: Prisma.SocietyOpeningBalanceLineCreateManyInput[];
};

export function buildSociety(documents: DemoDocuments): SocietyRows {
  const societyId = demoId("society:adarsha");
  const manager = staffId("society_manager");
  const established = atDhakaTime(calendarDate(2025, 1, 5), "10:00");

  const workerIds = WORKERS.map((_, i) => demoId(`society-worker:${i + 1}`));
  const workerId = (index: number) => {
    const id = workerIds[index];
    if (!id) throw new Error(`Unknown demo worker ${index}`);
    return id;
  };
  const collectedByWorker = WORKERS.map(() => 0);

  const workers: Prisma.SocietyWorkerCreateManyInput[] = WORKERS.map((w, i) => {
    const createdAt = atDhakaTime(w.joined, "11:00");
    return {
      id: workerId(i),
      societyId,
      code: societyCode("W", i + 1),
      name: w.name,
      area: w.area,
      phone: w.phone,
      photoId: w.withPhoto ? documents.add(`society-worker-photo:${i + 1}`, "worker_photo", createdAt, manager) : null,
      totalMembers: MEMBERS.filter((m) => m.worker === i).length,
      dailyCollection: 0, // replaced by the sum of the collections below
      // The demo collection agent collects as the first worker in the field app.
      staffUserId: i === 0 ? staffId("collection_agent") : null,
      status: "active",
      createdAt,
      createdByRole: "admin",
      createdById: manager,
    };
  });

  const members: Prisma.SocietyMemberCreateManyInput[] = MEMBERS.map((m, i) => ({
    id: demoId(`society-member:${i + 1}`),
    societyId,
    code: societyCode("M", i + 1),
    memberCode: `AS-${101 + i}`,
    name: m.name,
    nid: m.nid,
    phone: m.phone,
    workerId: workerId(m.worker),
    area: WORKERS[m.worker]?.area ?? "",
    installmentAmount: m.installment,
    savingsAmount: m.savings,
    loanAmount: m.loan,
    joinDate: m.joined,
    status: m.status,
    membershipType: m.type,
    createdAt: atDhakaTime(m.joined, "12:00"),
    createdByRole: "admin",
    createdById: manager,
  }));

  // Oldest day first, members in code order, so codes run C001, C002, ... in time order. Each worker's
  // day is one saved collection sheet, as the collection tab would have made it.
  const collections: Prisma.SocietyCollectionCreateManyInput[] = [];
  const sheets: Prisma.SocietyCollectionSheetCreateManyInput[] = [];
  const sheetId = (worker: number, daysBefore: number) => demoId(`society-sheet:${worker + 1}:${daysBefore}`);
  for (let daysBefore = DEMO_COLLECTION_DAYS; daysBefore >= 1; daysBefore--) {
    WORKERS.forEach((_, w) => {
      sheets.push({
        id: sheetId(w, daysBefore),
        societyId,
        workerId: workerId(w),
        date: demoDate(-daysBefore),
        createdAt: demoTime(-daysBefore, "18:30"),
        updatedAt: demoTime(-daysBefore, "18:30"),
        createdByRole: "user",
        createdById: manager,
      });
    });
    MEMBERS.forEach((m, i) => {
      if (m.status !== "active") return;
      const status = collectionStatus(i, daysBefore);
      const collected = status === "collected";
      const installmentCollected = collected ? m.installment : 0;
      const savingsCollected = collected ? m.savings : 0;
      collectedByWorker[m.worker] = (collectedByWorker[m.worker] ?? 0) + installmentCollected + savingsCollected;
      collections.push({
        id: demoId(`society-collection:${i + 1}:${daysBefore}`),
        societyId,
        code: societyCode("C", collections.length + 1),
        memberId: demoId(`society-member:${i + 1}`),
        workerId: workerId(m.worker),
        date: demoDate(-daysBefore),
        installmentCollected,
        savingsCollected,
        status,
        sheetId: sheetId(m.worker, daysBefore),
        createdAt: demoTime(-daysBefore, "18:30"),
        createdByRole: "user",
        createdById: manager,
      });
    });
  }

  // October salaries, paid on 1 November; each payment also books an expense (spec section 9).
  const salaryMonth = "2026-10";
  const paidDate = calendarDate(2026, 11, 1);
  const salarySpecs = [
    { base: 8_000, bonus: 500, deductions: 0 },
    { base: 7_500, bonus: 0, deductions: 200 },
    { base: 7_500, bonus: 0, deductions: 0 },
  ];
  const salaries: Prisma.WorkerSalaryCreateManyInput[] = salarySpecs.map((s, i) => ({
    id: demoId(`society-salary:${salaryMonth}:${i + 1}`),
    societyId,
    code: societyCode("WS", i + 1),
    workerId: workerId(i),
    month: salaryMonth,
    year: 2026,
    baseSalary: s.base,
    bonus: s.bonus,
    deductions: s.deductions,
    totalSalary: s.base + s.bonus - s.deductions,
    status: "paid",
    paidDate,
    createdAt: atDhakaTime(paidDate, "17:00"),
    createdByRole: "admin",
    createdById: manager,
  }));

  type Entry = Pick<Prisma.IncomeExpenseCreateManyInput, "type" | "category" | "amount" | "description" | "workerSalaryId"> & { date: Date };
  const entries: Entry[] = [
    { type: "income", category: "ভর্তি ফি", amount: 1_200, description: "নতুন সদস্যদের ভর্তি ফি", date: demoDate(-28) },
    { type: "expense", category: "অফিস ভাড়া", amount: 6_000, description: "নভেম্বর মাসের অফিস ভাড়া", date: calendarDate(2026, 11, 5) },
    { type: "expense", category: "স্টেশনারি", amount: 850, description: "রসিদ বই ও হিসাবের খাতা", date: demoDate(-12) },
    { type: "income", category: "বিলম্ব জরিমানা", amount: 300, description: "দেরিতে কিস্তি দেওয়ার জরিমানা", date: demoDate(-6) },
    ...salaries.map((s, i) => ({
      type: "expense" as const,
      category: "বেতন",
      amount: s.totalSalary,
      description: `${WORKERS[i]?.name ?? ""}: অক্টোবর ২০২৬ মাসের বেতন`,
      date: paidDate,
      workerSalaryId: s.id,
    })),
  ];
  const incomeExpenses: Prisma.IncomeExpenseCreateManyInput[] = entries.map((e, i) => ({
    id: demoId(`society-income-expense:${i + 1}`),
    societyId,
    code: societyCode("IE", i + 1),
    ...e,
    createdAt: atDhakaTime(e.date, "17:05"),
    createdByRole: "admin",
    createdById: manager,
  }));

  // Loans with a plan (lib/society/books/loan-plan.ts), the first instalment a day after the payout.
  const memberLoans: Prisma.SocietyMemberLoanCreateManyInput[] = MEMBERS.flatMap((m, i) => {
    if (!m.plan) return [];
    const { daysBefore, ...terms } = m.plan;
    const plan = loanPlan({ ...terms, firstDueDate: isoDateOf(demoDate(-daysBefore + 1)) });
    return [{
      id: demoId(`society-member-loan:${i + 1}`),
      societyId,
      memberId: members[i]!.id!,
      ...terms,
      serviceCharge: plan.serviceCharge,
      instalmentAmount: plan.instalmentAmount,
      firstDueDate: demoDate(-daysBefore + 1),
      disbursedOn: demoDate(-daysBefore),
      createdAt: demoTime(-daysBefore, "11:00"),
      createdById: manager,
    }];
  });

  // The books as the society brought them from its paper ledger, the day before it started here: entered by the manager,
  // posted by the head office's admin (maker-checker), first in the journal.
  const openingId = demoId("society-opening:1");
  const openingBalances: Prisma.SocietyOpeningBalanceCreateManyInput[] = [{
    id: openingId,
    societyId,
    asOf: calendarDate(2025, 1, 4),
    status: "posted",
    proposedById: manager,
    proposedAt: atDhakaTime(calendarDate(2025, 1, 5), "09:00"),
    decidedById: staffId("admin"),
    decidedAt: atDhakaTime(calendarDate(2025, 1, 5), "09:30"),
  }];
  const openingLines: Prisma.SocietyOpeningBalanceLineCreateManyInput[] = [
    { id: demoId("society-opening-line:1"), openingId, kind: "cash_in_hand", amount: 350_000 },
    { id: demoId("society-opening-line:2"), openingId, kind: "bank", amount: 100_000 },
    { id: demoId("society-opening-line:3"), openingId, kind: "share_capital", amount: 50_000 },
  ];

  return {
    memberLoans,
    openingBalances,
    openingLines,
    society: { id: societyId, ...DEMO_SOCIETY, createdAt: established, updatedAt: established },
    // The manager runs the society; the collection agent may view and add but not delete.
    managers: [
      { societyId, staffUserId: manager, access: "admin", createdAt: established },
      { societyId, staffUserId: staffId("collection_agent"), access: "user", createdAt: established },
    ],
    workers: workers.map((w, i) => ({ ...w, dailyCollection: collectedByWorker[i] ?? 0 })),
    members,
    sheets,
    collections,
    sequences: [
      { societyId, kind: "worker", lastNumber: workers.length },
      { societyId, kind: "member", lastNumber: members.length },
      { societyId, kind: "collection", lastNumber: collections.length },
      { societyId, kind: "incomeExpense", lastNumber: incomeExpenses.length },
      { societyId, kind: "salary", lastNumber: salaries.length },
    ],
    salaries,
    incomeExpenses,
  };
}
