import "server-only";
import { auditBy, writeAudit, type AuditEntry } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isBranchBooksClosed, isUniqueViolation } from "@/lib/db-errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { addCalendarDays } from "@/lib/repayments/schedule";
import { isoDateOf } from "@/lib/validation/fields";
import type { z } from "zod";
import { monthEndOf, type addLenderSubAccountSchema, type productAccountsSchema, type provisioningRulesSchema, type renameLenderAccountSchema } from "./schemas";

/**
 * Closes the lender's books through a day, for every open branch at once (the statements are the lender's): from then
 * on the database refuses a line dated on or before it in any of them (corrections go in the open period). Forward
 * only: a day on or before every branch's closing is refused here, and the database refuses moving one back whatever
 * the caller does. The branches' rows are locked as read, so of two closings one wins and the other is told. Once
 * month-end runs have begun, a month end not yet run is closed only after its run.
 */
export async function closeLenderBooks(ctx: StaffContext, input: { through: string }, now = new Date()): Promise<ActionResult<{ through: string; branches: number }>> {
  return prisma.$transaction(async (tx) => {
    // Never beside a month-end run, and never past a month end that has not run since the latest one (its accrual and
    // provisioning post on its last day: closed first, it could never run, nor any month after it).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('lender-provisioning-run', 0))`;
    const latestRun = await tx.provisioningRun.findFirst({ orderBy: { asOf: "desc" }, select: { asOf: true } });
    if (latestRun) {
      const notRun = monthEndOf(addCalendarDays(isoDateOf(latestRun.asOf), 1));
      if (notRun <= input.through) return fail("conflict", { reason: "monthEndNotRun", details: { through: notRun } });
    }
    const branches = await tx.$queryRaw<{ id: string; code: string; booksClosedThrough: Date | null }[]>`
      SELECT "id", "code", "booksClosedThrough" FROM "Office" WHERE "level" = 'branch' AND "status" = 'open' ORDER BY "id" FOR UPDATE`;
    const behind = branches.filter((b) => !b.booksClosedThrough || isoDateOf(b.booksClosedThrough) < input.through);
    if (behind.length === 0) {
      const latest = branches.map((b) => isoDateOf(b.booksClosedThrough!)).sort().at(-1) ?? input.through;
      return fail("conflict", { reason: "alreadyClosed", details: { through: latest } });
    }
    await tx.office.updateMany({ where: { id: { in: behind.map((b) => b.id) } }, data: { booksClosedThrough: new Date(`${input.through}T00:00:00Z`), booksClosedAt: now } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "accounting.books.close",
      entityType: "LenderBooks",
      entityId: input.through,
      before: Object.fromEntries(behind.map((b) => [b.code, b.booksClosedThrough ? isoDateOf(b.booksClosedThrough) : null])),
      after: { booksClosedThrough: input.through, branches: behind.length },
    });
    return ok({ through: input.through, branches: behind.length });
  });
}

/**
 * The month-end run (issue 50, points 2 and 3; decisions 0265, 0268), in one transaction: the database's
 * `lender_provisioning_run` classifies every loan as of the month's last day, keeps each loan's category and unpaid
 * interest earned as history, posts the change in each branch's required provision, and posts the interest accrued on
 * performing loans (reversed the next day). Once per month, months in order: a second run for the month (also one at
 * the same moment) is told it has run.
 */
export async function runProvisioning(ctx: StaffContext, input: { asOf: string }): Promise<ActionResult<MonthEndResult>> {
  return monthEndRun(auditBy(ctx), ctx.user.id, input.asOf);
}

/** The job kind of the month-end run (lib/accounting/month-end.ts). */
export const MONTH_END_JOB = "accounting.month-end" as const;

/** A failed month-end job is tried again (a new job) this long after it gave up: a passing outage never skips a month. */
const MONTH_END_RETRY_AFTER_MS = 60 * 60_000;

/**
 * Queues the next month-end run that is due: the month after the latest run (months go in order, so a month missed is
 * run before the next), or `due` itself when nothing has run yet; nothing when the latest run is `due` or later, or a
 * job for that month is waiting, running, done, or failed within the hour.
 */
export async function queueMonthEndJob(due: string, now = new Date()): Promise<"upToDate" | "waiting" | "queued"> {
  const latest = await prisma.provisioningRun.findFirst({ orderBy: { asOf: "desc" }, select: { asOf: true } });
  const next = latest ? monthEndOf(addCalendarDays(isoDateOf(latest.asOf), 1)) : due;
  if (next > due) return "upToDate";
  const job = await prisma.job.findFirst({
    where: {
      kind: MONTH_END_JOB,
      payload: { path: ["asOf"], equals: next },
      OR: [{ status: { in: ["queued", "running", "done"] } }, { status: "failed", finishedAt: { gt: new Date(now.getTime() - MONTH_END_RETRY_AFTER_MS) } }],
    },
    select: { id: true },
  });
  if (job) return "waiting";
  await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: next }, maxAttempts: 5 }));
  return "queued";
}

/** The month-end job's run (lib/accounting/month-end.ts): the same run, by the system. */
export function runMonthEndAsSystem(asOf: string): Promise<ActionResult<MonthEndResult>> {
  return monthEndRun({ actor: { id: null, label: "system" }, ip: null, userAgent: null }, null, asOf);
}

type MonthEndResult = { asOf: string; loans: number; accrued: number };

async function monthEndRun(by: Pick<AuditEntry, "actor" | "ip" | "userAgent">, userId: string | null, asOf: string): Promise<ActionResult<MonthEndResult>> {
  try {
    return await prisma.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT "lender_provisioning_run"(${asOf}::date, ${userId}) AS "id"`;
        const totals = await tx.loanClassification.aggregate({ where: { runId: row!.id }, _count: { _all: true }, _sum: { required: true, accruedInterest: true } });
        const loans = totals._count._all;
        const accrued = totals._sum.accruedInterest ?? 0;
        await writeAudit(tx, {
          ...by,
          action: "accounting.provisioning.run",
          entityType: "ProvisioningRun",
          entityId: row!.id,
          after: { asOf, loans, required: totals._sum.required ?? 0, accruedInterest: accrued },
        });
        return ok({ asOf, loans, accrued });
      },
      // Within the job queue's lease (2 minutes), so a slow run is never claimed twice.
      { maxWait: 10_000, timeout: 90_000 },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/ProvisioningRun_asOf_key/.test(message)) return fail("conflict", { reason: "provisioningAlreadyRun", details: { through: asOf } });
    if (/provisioning runs go forward/.test(message)) return fail("conflict", { reason: "provisioningOutOfOrder" });
    if (isBranchBooksClosed(error)) return fail("conflict", { reason: "provisioningPeriodClosed" });
    throw error;
  }
}

/**
 * A super admin changes the classification rules (issue 50, point 3; decision 0265), audited: all five in one statement
 * (the database checks them whole after it: every day overdue from 0 in exactly one category, each rate at most 100%),
 * never while a run is classifying (the run's lock). Runs already made keep the rules they applied.
 */
export async function updateProvisioningRules(ctx: StaffContext, input: z.output<typeof provisioningRulesSchema>): Promise<ActionResult<{ updated: true }>> {
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('lender-provisioning-run', 0))`;
    const before = await tx.provisioningRule.findMany({ orderBy: { category: "asc" }, select: { category: true, minDays: true, maxDays: true, percent: true } });
    const setting = await tx.provisioningSetting.findUniqueOrThrow({ where: { id: 1 }, select: { base: true } });
    await tx.provisioningSetting.update({ where: { id: 1 }, data: { base: input.base, updatedById: ctx.user.id } });
    await tx.$executeRaw`
      UPDATE "ProvisioningRule" r SET "minDays" = v."minDays", "maxDays" = v."maxDays", "percent" = v."percent", "updatedAt" = now(), "updatedById" = ${ctx.user.id}
      FROM (VALUES
        ('regular', 0, 0, ${input.regular}::numeric),
        ('watchful', 1, ${input.watchfulTo}::int, ${input.watchful}::numeric),
        ('substandard', ${input.watchfulTo + 1}::int, ${input.substandardTo}::int, ${input.substandard}::numeric),
        ('doubtful', ${input.substandardTo + 1}::int, ${input.doubtfulTo}::int, ${input.doubtful}::numeric),
        ('bad', ${input.doubtfulTo + 1}::int, NULL::int, ${input.bad}::numeric)
      ) AS v("category", "minDays", "maxDays", "percent")
      WHERE r."category" = v."category"::"LoanClassificationCategory"`;
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "accounting.provisioning.rules",
      entityType: "ProvisioningRule",
      entityId: "all",
      before: { ...Object.fromEntries(before.map((r) => [r.category, `${r.minDays}-${r.maxDays ?? ""}:${r.percent.toString()}%`])), base: setting.base },
      after: { ...input },
    });
    return ok({ updated: true as const });
  });
}

/** A super admin names an account (decision 0269), audited; an empty name keeps the usual name of its kind. */
export async function renameLenderAccount(ctx: StaffContext, input: z.output<typeof renameLenderAccountSchema>): Promise<ActionResult<{ code: string }>> {
  return prisma.$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ id: string; labelBn: string | null; labelEn: string | null }[]>`
      SELECT "id", "labelBn", "labelEn" FROM "LenderAccount" WHERE "code" = ${input.code} FOR UPDATE`;
    if (!account) return fail("notFound");
    await tx.lenderAccount.update({ where: { id: account.id }, data: { labelBn: input.labelBn, labelEn: input.labelEn } });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "accounting.accounts.rename",
      entityType: "LenderAccount",
      entityId: input.code,
      before: { labelBn: account.labelBn, labelEn: account.labelEn },
      after: { labelBn: input.labelBn, labelEn: input.labelEn },
    });
    return ok({ code: input.code });
  });
}

/**
 * A super admin adds a sub-account under an account (decision 0269), of its type and kind (the database checks it),
 * audited. Nothing posts to it until a product names it.
 */
export async function addLenderSubAccount(ctx: StaffContext, input: z.output<typeof addLenderSubAccountSchema>): Promise<ActionResult<{ code: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const parent = await tx.lenderAccount.findUnique({ where: { code: input.parentCode }, select: { id: true, kind: true, type: true } });
      if (!parent) return fail("notFound");
      await tx.lenderAccount.create({ data: { code: input.code, kind: parent.kind, type: parent.type, parentId: parent.id, labelBn: input.labelBn, labelEn: input.labelEn } });
      await writeAudit(tx, { ...auditBy(ctx), action: "accounting.accounts.add", entityType: "LenderAccount", entityId: input.code, after: { ...input, kind: parent.kind } });
      return ok({ code: input.code });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("validation", { fieldErrors: { code: "accountCodeTaken" } });
    throw error;
  }
}

/**
 * A super admin sets the accounts a product's loans post to (decision 0269), audited: each the kind's own account or one
 * of its sub-accounts (a wrong kind is refused here and by the database). Loans already disbursed keep their portfolio
 * account; income goes to the new accounts from now on.
 */
export async function setProductAccounts(ctx: StaffContext, input: z.output<typeof productAccountsSchema>): Promise<ActionResult<{ product: string }>> {
  return prisma.$transaction(async (tx) => {
    const picked: Record<"portfolio" | "interestIncome" | "lateFeeIncome", string | null> = { portfolio: input.portfolio, interestIncome: input.interestIncome, lateFeeIncome: input.lateFeeIncome };
    const kinds = { portfolio: "loan_portfolio", interestIncome: "interest_income", lateFeeIncome: "late_fee_income" } as const;
    const codes = Object.values(picked).filter((c): c is string => c !== null);
    const accounts = await tx.lenderAccount.findMany({ where: { code: { in: codes } }, select: { id: true, code: true, kind: true, isDefault: true } });
    const ids: Record<string, string | null> = {};
    for (const field of ["portfolio", "interestIncome", "lateFeeIncome"] as const) {
      const code = picked[field];
      const account = code === null ? null : accounts.find((a) => a.code === code);
      if (account === undefined || (account && account.kind !== kinds[field])) return fail("validation", { fieldErrors: { [field]: "wrongAccountKind" } });
      // The kind's own account is kept as "none named" (the form's empty choice), so it reads back as chosen.
      ids[field] = account && !account.isDefault ? account.id : null;
      picked[field] = ids[field] ? code : null;
    }
    const [product] = await tx.$queryRaw<{ id: string; portfolio: string | null; interestIncome: string | null; lateFeeIncome: string | null }[]>`
      SELECT p."id", pa."code" AS "portfolio", ia."code" AS "interestIncome", fa."code" AS "lateFeeIncome"
      FROM "LoanProduct" p
      LEFT JOIN "LenderAccount" pa ON pa."id" = p."portfolioAccountId"
      LEFT JOIN "LenderAccount" ia ON ia."id" = p."interestIncomeAccountId"
      LEFT JOIN "LenderAccount" fa ON fa."id" = p."lateFeeIncomeAccountId"
      WHERE p."key" = ${input.product}::"LoanType" FOR UPDATE OF p`;
    if (!product) return fail("notFound");
    await tx.loanProduct.update({
      where: { id: product.id },
      data: { portfolioAccountId: ids.portfolio ?? null, interestIncomeAccountId: ids.interestIncome ?? null, lateFeeIncomeAccountId: ids.lateFeeIncome ?? null },
    });
    await writeAudit(tx, {
      ...auditBy(ctx),
      action: "accounting.products.accounts",
      entityType: "LoanProduct",
      entityId: input.product,
      before: { portfolio: product.portfolio, interestIncome: product.interestIncome, lateFeeIncome: product.lateFeeIncome },
      after: { ...picked },
    });
    return ok({ product: input.product });
  });
}
