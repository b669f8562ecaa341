import "server-only";
import { auditBy, writeAudit, type AuditEntry } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import type { StaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { isBranchBooksClosed } from "@/lib/db-errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { isoDateOf } from "@/lib/validation/fields";
import type { z } from "zod";
import type { provisioningRulesSchema } from "./schemas";

/**
 * Closes the lender's books through a day, for every open branch at once (the statements are the lender's): from then
 * on the database refuses a line dated on or before it in any of them (corrections go in the open period). Forward
 * only: a day on or before every branch's closing is refused here, and the database refuses moving one back whatever
 * the caller does. The branches' rows are locked as read, so of two closings one wins and the other is told.
 */
export async function closeLenderBooks(ctx: StaffContext, input: { through: string }, now = new Date()): Promise<ActionResult<{ through: string; branches: number }>> {
  return prisma.$transaction(async (tx) => {
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

/** Queues the month-end run of the month ending `asOf` unless it has run (or a later one) or a job for it exists. */
export async function queueMonthEndJob(asOf: string): Promise<"settled" | "queued"> {
  const [run, job] = await Promise.all([
    prisma.provisioningRun.findFirst({ where: { asOf: { gte: new Date(`${asOf}T00:00:00Z`) } }, select: { id: true } }),
    prisma.job.findFirst({ where: { kind: MONTH_END_JOB, payload: { path: ["asOf"], equals: asOf } }, select: { id: true } }),
  ]);
  if (run || job) return "settled";
  await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf }, maxAttempts: 5 }));
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
      { maxWait: 10_000, timeout: 120_000 },
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
      before: Object.fromEntries(before.map((r) => [r.category, `${r.minDays}-${r.maxDays ?? ""}:${r.percent.toString()}%`])),
      after: { ...input },
    });
    return ok({ updated: true as const });
  });
}
