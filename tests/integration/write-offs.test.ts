/**
 * Issue 50, point 4 (decision 0267): write-off and recovery, through the app as its runtime role. The policy refuses a
 * loan that is not eligible; the proposer cannot approve; the approval posts the loan-loss reserve against the loan
 * portfolio on the write-off day and the loan is written off; a later payment is recovery income, never an overpayment;
 * the next provisioning run keeps nothing against it; the database refuses a deleted write-off and a loan written off
 * without one, or brought back. A super admin changes the policy (audited); a proposal is then checked against it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropRuntimeRole, refusal, switchToRuntimeRole } from "../support/db-connection";
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

const { ownerUrl, appUrl, role } = await switchToRuntimeRole();

const { prisma } = await import("@/lib/db");
const { addCalendarMonths } = await import("@/lib/repayments/schedule");
const { approvePaymentReversalAction, recordPaymentAction, requestPaymentReversalAction } = await import("@/lib/repayments/actions");
const { approveWriteOffAction, proposeWriteOffAction, rejectWriteOffAction, updateWriteOffPolicyAction } = await import("@/lib/write-offs/actions");
const { writeOffCandidates, writeOffLists, writeOffPolicyNow } = await import("@/lib/write-offs/queries");
const { ALL_OFFICES } = await import("@/lib/offices/scope-rules");
const { seedProducts } = await import("@/prisma/seed");
const { disbursedLoan, payment } = await import("../support/loan-fixtures");
const { actAs } = await import("../support/staff-session");

type Loan = Awaited<ReturnType<typeof disbursedLoan>>;

/** A loan disbursed on 10 June 2022 and never paid: overdue since 10 July 2022, bad for over two years by 30 June 2026. */
async function oldBadLoan(): Promise<Loan> {
  const loan = await disbursedLoan("৫০,০০০");
  const row = await prisma.loan.findUniqueOrThrow({ where: { loanNumber: loan.loanNumber }, select: { id: true, tenure: true } });
  await prisma.loan.update({ where: { id: row.id }, data: { disbursedAt: new Date("2022-06-10T04:00:00Z") } });
  for (let n = 1; n <= row.tenure; n++) {
    const date = new Date(`${addCalendarMonths("2022-06-10", n)}T00:00:00Z`);
    await prisma.loanInstallment.update({ where: { loanId_emiNumber: { loanId: row.id, emiNumber: n } }, data: { dueDate: date, scheduledDate: date, status: "overdue" } });
  }
  return loan;
}

async function loanBooks(loanNumber: string, kind: string, entryKind?: string) {
  const [row] = await prisma.$queryRawUnsafe<{ total: bigint | null }[]>(
    `SELECT sum(l."amount") AS "total" FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId" JOIN "Loan" ln ON ln."id" = e."loanId"
     JOIN "LenderAccount" a ON a."id" = l."accountId" WHERE ln."loanNumber" = $1 AND a."kind" = $2::"LenderAccountKind" ${entryKind ? `AND e."kind" = '${entryKind}'` : ""}`,
    loanNumber,
    kind,
  );
  return Number(row?.total ?? 0);
}

let eligible: Loan;
let other: Loan;
let recent: Loan;

beforeAll(async () => {
  await seedProducts(prisma);
  eligible = await oldBadLoan();
  other = await oldBadLoan();
  recent = await disbursedLoan("৫০,০০০");
  // September's classification: the old loans bad, their whole principal provided for.
  await prisma.$executeRaw`SELECT "lender_provisioning_run"('2026-09-30'::date, NULL)`;
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

describe("write-off and recovery", () => {
  it("the policy refuses what is not eligible; two people write off; a recovery is income; the next run keeps nothing against it", async () => {
    await actAs("loan_officer");
    expect(await proposeWriteOffAction({ loanNumber: recent.loanNumber, writeOffDate: "2026-06-30", reason: "ফেরত পাওয়ার আশা নেই" })).toMatchObject({ ok: false, error: { reason: "notBadLongEnough" } });
    expect(await proposeWriteOffAction({ loanNumber: eligible.loanNumber, writeOffDate: "2026-07-31", reason: "x" })).toMatchObject({ ok: false, error: { reason: "notWriteOffDay" } });
    expect(await proposeWriteOffAction({ loanNumber: eligible.loanNumber, writeOffDate: "2026-06-30", reason: "" })).toMatchObject({ ok: false, error: { code: "validation" } });

    // The candidates list: the two old loans, oldest first; not the recent one.
    const candidates = await writeOffCandidates(ALL_OFFICES);
    expect(candidates.onDate).toBe("2026-06-30");
    expect(candidates.loans.map((l) => l.loanNumber)).toEqual(expect.arrayContaining([eligible.loanNumber, other.loanNumber]));
    expect(candidates.loans.map((l) => l.loanNumber)).not.toContain(recent.loanNumber);

    // A small payment before the write-off (all of it to the first instalment's late fee: the loan stays bad).
    await actAs("collection_agent");
    const before = await recordPaymentAction(payment(eligible, { amount: "100", method: "cash", reference: "" }));
    expect(before).toMatchObject({ ok: true });
    const beforeNumber = (before as { data: { paymentNumber: string } }).data.paymentNumber;

    const proposer = await actAs("admin");
    const proposed = await proposeWriteOffAction({ loanNumber: eligible.loanNumber, writeOffDate: "2026-06-30", reason: "তিন বছর কোনো কিস্তি নেই; বোর্ডে তোলা হবে" });
    expect(proposed).toMatchObject({ ok: true, data: { amount: 50_000 } });
    const writeOffId = (proposed as { data: { writeOffId: string } }).data.writeOffId;
    expect(await proposeWriteOffAction({ loanNumber: eligible.loanNumber, writeOffDate: "2026-06-30", reason: "again" })).toMatchObject({ ok: false, error: { reason: "writeOffAlreadyProposed" } });
    // Who proposed cannot decide; a loan officer may not approve at all.
    expect(await approveWriteOffAction({ writeOffId, boardResolution: "BR-2026/07", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "writeOffSamePerson" } });
    await actAs("loan_officer");
    expect(await approveWriteOffAction({ writeOffId, boardResolution: "BR-2026/07", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    // The database, too, refuses the proposer deciding (whatever the code).
    expect(await refusal(appUrl, [`UPDATE "LoanWriteOff" SET "status" = 'approved', "boardResolution" = 'x', "decidedById" = $1 WHERE "id" = $2`, [proposer.id, writeOffId]])).toBe("23514");

    const checker = await actAs("admin");
    const key = randomUUID();
    const approved = await approveWriteOffAction({ writeOffId, boardResolution: "BR-2026/07", idempotencyKey: key });
    expect(approved).toEqual({ ok: true, data: { loanNumber: eligible.loanNumber } });
    expect(await approveWriteOffAction({ writeOffId, boardResolution: "BR-2026/07", idempotencyKey: key })).toEqual(approved);
    expect(await approveWriteOffAction({ writeOffId, boardResolution: "BR-2026/07", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { reason: "writeOffDecided" } });
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: eligible.loanNumber } })).status).toBe("written_off");

    // The books: the reserve takes the principal off the portfolio, on the write-off day.
    const entry = await prisma.lenderJournalEntry.findFirstOrThrow({ where: { kind: "write_off", sourceId: writeOffId }, select: { date: true, createdById: true } });
    expect(entry.date.toISOString().slice(0, 10)).toBe("2026-06-30");
    expect(entry.createdById).toBe(checker.id);
    expect(await loanBooks(eligible.loanNumber, "loan_portfolio")).toBe(0);
    expect(await loanBooks(eligible.loanNumber, "loan_loss_reserve", "write_off")).toBe(50_000);

    // A recovery: recorded as any payment, allocated to what she owes, posted as recovery income; the loan stays written off.
    await actAs("collection_agent");
    const recovery = await recordPaymentAction(payment(eligible, { amount: "5000", method: "bkash" }));
    expect(recovery).toMatchObject({ ok: true, data: { loanClosed: false } });
    expect(await loanBooks(eligible.loanNumber, "recovery_income")).toBe(-5_000);
    expect(await loanBooks(eligible.loanNumber, "bkash", "recovery")).toBe(5_000);
    expect(await loanBooks(eligible.loanNumber, "loan_portfolio")).toBe(0);
    expect(await loanBooks(eligible.loanNumber, "interest_income", "recovery")).toBe(0);
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: eligible.loanNumber } })).status).toBe("written_off");
    const lists = await writeOffLists(ALL_OFFICES);
    expect(lists.register.find((r) => r.loanNumber === eligible.loanNumber)).toMatchObject({ amount: 50_000, boardResolution: "BR-2026/07", recovered: 5_000 });
    // Money received before the write-off day is no recovery.
    expect(await recordPaymentAction(payment(eligible, { amount: "100", paymentDate: "2026-06-29" }))).toMatchObject({ ok: false, error: { fieldErrors: { paymentDate: "beforeWriteOff" } } });

    // The payment before the write-off is not reversed (its principal went with it); a recovery is, and its entry too.
    await actAs("account_manager");
    expect(await requestPaymentReversalAction({ paymentNumber: beforeNumber, reason: "ভুল" })).toMatchObject({ ok: false, error: { reason: "paymentBeforeWriteOff" } });
    const recoveryNumber = (recovery as { data: { paymentNumber: string } }).data.paymentNumber;
    const asked = await requestPaymentReversalAction({ paymentNumber: recoveryNumber, reason: "ভুল ঋণে" });
    await actAs("admin");
    expect(await approvePaymentReversalAction({ reversalId: (asked as { data: { reversalId: string } }).data.reversalId, idempotencyKey: randomUUID() })).toMatchObject({ ok: true });
    expect(await loanBooks(eligible.loanNumber, "recovery_income")).toBe(0);
    expect(await loanBooks(eligible.loanNumber, "bkash")).toBe(0);
    expect((await writeOffLists(ALL_OFFICES)).register.find((r) => r.loanNumber === eligible.loanNumber)!.recovered).toBe(0);

    // October's run: nothing classified or kept for the written-off loan.
    await prisma.$executeRaw`SELECT "lender_provisioning_run"('2026-10-31'::date, NULL)`;
    const october = await prisma.loanClassification.findMany({ where: { loan: { loanNumber: eligible.loanNumber }, run: { asOf: new Date("2026-10-31T00:00:00Z") } } });
    expect(october).toHaveLength(0);
  });

  it("a rejection changes nothing; the database refuses a deleted write-off and a loan written off without one or brought back", async () => {
    await actAs("loan_officer");
    const proposed = await proposeWriteOffAction({ loanNumber: other.loanNumber, writeOffDate: "2026-06-30", reason: "ফেরত পাওয়ার আশা নেই" });
    const writeOffId = (proposed as { data: { writeOffId: string } }).data.writeOffId;
    await actAs("admin");
    expect(await rejectWriteOffAction({ writeOffId, reason: "জামিনদারের কাছে আদায়ের চেষ্টা চলছে" })).toMatchObject({ ok: true });
    expect((await prisma.loan.findUniqueOrThrow({ where: { loanNumber: other.loanNumber } })).status).toBe("disbursed");
    expect(await loanBooks(other.loanNumber, "loan_loss_reserve", "write_off")).toBe(0);

    expect(await refusal(appUrl, [`DELETE FROM "LoanWriteOff" WHERE "id" = $1`, [writeOffId]])).toBe("23001");
    expect(await refusal(appUrl, [`UPDATE "Loan" SET "status" = 'written_off' WHERE "loanNumber" = $1`, [other.loanNumber]])).toBe("23514");
    expect(await refusal(appUrl, [`UPDATE "Loan" SET "status" = 'disbursed' WHERE "loanNumber" = $1`, [eligible.loanNumber]])).toBe("23514");
    expect(await refusal(appUrl, [`UPDATE "LoanWriteOff" SET "amount" = 1 WHERE "loanId" = (SELECT "id" FROM "Loan" WHERE "loanNumber" = $1)`, [eligible.loanNumber]])).toBe("23514");
    // The policy's days are days every year has.
    expect(await refusal(appUrl, [`UPDATE "WriteOffPolicy" SET "allowedDays" = ARRAY['02-29']`])).toBe("23514");
    expect(await refusal(appUrl, [`UPDATE "WriteOffPolicy" SET "allowedDays" = ARRAY['04-31']`])).toBe("23514");
  });

  it("a super admin changes the policy, audited; bad input and anyone else are refused and change nothing; a proposal then follows the new policy", async () => {
    const circular = { badForMonths: "৩৬", requireFullyProvisioned: false, allowedDays: ["12-31", "03-31"] };
    const before = await writeOffPolicyNow();
    expect(before).toEqual({ badForMonths: 24, requireFullyProvisioned: true, allowedDays: ["06-30", "12-31"] });
    await actAs("admin");
    expect(await updateWriteOffPolicyAction(circular)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await actAs("super_admin");
    expect(await updateWriteOffPolicyAction({ badForMonths: "300", requireFullyProvisioned: true, allowedDays: [] })).toMatchObject({
      ok: false,
      error: { code: "validation", fieldErrors: { badForMonths: "invalidMonths", allowedDays: "chooseWriteOffDay" } },
    });
    expect(await updateWriteOffPolicyAction({ ...circular, allowedDays: ["02-30"] })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await writeOffPolicyNow()).toEqual(before);

    expect(await updateWriteOffPolicyAction(circular)).toEqual({ ok: true, data: { updated: true } });
    expect(await writeOffPolicyNow()).toEqual({ badForMonths: 36, requireFullyProvisioned: false, allowedDays: ["03-31", "12-31"] });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "writeOffs.policy" }, orderBy: { createdAt: "desc" } });
    expect(audit).toMatchObject({ entityType: "WriteOffPolicy", before: { badForMonths: 24, requireFullyProvisioned: true, allowedDays: ["06-30", "12-31"] }, after: { badForMonths: 36 } });

    // 30 June is no longer a write-off day; on 31 March 2026 the loan had not been bad for three years.
    const candidate = await oldBadLoan();
    await actAs("loan_officer");
    expect(await proposeWriteOffAction({ loanNumber: candidate.loanNumber, writeOffDate: "2026-06-30", reason: "policy" })).toMatchObject({ ok: false, error: { reason: "notWriteOffDay" } });
    expect(await proposeWriteOffAction({ loanNumber: candidate.loanNumber, writeOffDate: "2026-03-31", reason: "policy" })).toMatchObject({ ok: false, error: { reason: "notBadLongEnough" } });

    await actAs("super_admin");
    expect(await updateWriteOffPolicyAction({ badForMonths: "24", requireFullyProvisioned: true, allowedDays: ["06-30", "12-31"] })).toMatchObject({ ok: true });
  });
});
