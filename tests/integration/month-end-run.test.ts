/**
 * Issue 50, point 3 (decision 0268), through the app as its runtime role: the month-end run on its own. From day
 * MONTH_END_RUN_DAY of the next month, the job queue runs the month (interest accrual, classification and provisioning)
 * as the system, audited, unless someone ran it from the button first; months go in order (one missed runs before the
 * next); a job that failed is tried again an hour after; a month runs once whatever queues it again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dropRuntimeRole, switchToRuntimeRole } from "../support/db-connection";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
const envOverride = vi.hoisted(() => ({ MONTH_END_RUN: undefined as "on" | "off" | undefined }));
vi.mock("@/lib/env", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/env")>();
  return { ...real, env: () => ({ ...real.env(), ...(envOverride.MONTH_END_RUN ? { MONTH_END_RUN: envOverride.MONTH_END_RUN } : {}) }) };
});

const { ownerUrl, role } = await switchToRuntimeRole();

const { dueMonthEnd, forgetMonthEndLook, MONTH_END_JOB, previousMonthEnd, processMonthEndJob, queueMonthEndRun } = await import("@/lib/accounting/month-end");
const { prisma } = await import("@/lib/db");
const { dhakaToday } = await import("@/lib/format");
const { enqueueJob, runDueJobs } = await import("@/lib/jobs/queue");
const { seedDemoAsOwner } = await import("../support/seed-as-owner");

const handlers = { [MONTH_END_JOB]: processMonthEndJob };
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** The month that ended last, today; the demo has the run of the month before it. */
const lastMonthEnd = previousMonthEnd(dhakaToday());
/** A moment on day 5 of the month `months` after this one (Dhaka noon): its due month end is the month before it. */
const inMonths = (months: number) => {
  const [y, m] = dhakaToday().split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + months, 5, 6));
};

beforeAll(async () => {
  await seedDemoAsOwner(ownerUrl);
});

afterAll(async () => {
  await prisma.$disconnect();
  await dropRuntimeRole(ownerUrl, role);
});

describe("the month that is due", () => {
  it("is last month's from day MONTH_END_RUN_DAY, the month before until then (Dhaka's calendar)", () => {
    expect(previousMonthEnd("2026-11-29")).toBe("2026-10-31");
    expect(previousMonthEnd("2028-03-31")).toBe("2028-02-29");
    expect(previousMonthEnd("2027-01-01")).toBe("2026-12-31");
    expect(dueMonthEnd("2026-11-03", 3)).toBe("2026-10-31");
    expect(dueMonthEnd("2026-11-02", 3)).toBe("2026-09-30");
    expect(dueMonthEnd("2027-01-01", 1)).toBe("2026-12-31");
    // 31 October 20:00 UTC is already 1 November in Dhaka: October has ended there.
    expect(dueMonthEnd(dhakaToday(new Date("2026-10-31T20:00:00Z")), 1)).toBe("2026-10-31");
    expect(dueMonthEnd(dhakaToday(new Date("2026-10-31T17:00:00Z")), 1)).toBe("2026-09-30");
  });
});

describe("the month-end job", () => {
  it("is queued once, runs the month as the system with its accrual, and a second job for the month changes nothing", async () => {
    forgetMonthEndLook();
    // On day 5 of this month the month that ended last is due (the demo ran the one before).
    const now = inMonths(0);
    expect(await prisma.provisioningRun.count({ where: { asOf: day(lastMonthEnd) } })).toBe(0);
    expect(await queueMonthEndRun(now)).toBe("queued");
    expect(await queueMonthEndRun(now)).toBe("waiting");
    expect(await prisma.job.count({ where: { kind: MONTH_END_JOB } })).toBe(1);

    expect(await runDueJobs(handlers)).toEqual({ done: 1, retried: 0, failed: 0 });
    const run = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: day(lastMonthEnd) }, select: { id: true, ranById: true } });
    expect(run.ranById).toBeNull();
    const classified = await prisma.loanClassification.aggregate({ where: { runId: run.id }, _count: { _all: true }, _sum: { accruedInterest: true } });
    expect(classified._count._all).toBeGreaterThan(0);
    // The demo's running loans had earned interest they had not paid on the month's last day.
    expect(classified._sum.accruedInterest).toBeGreaterThan(0);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "accounting.provisioning.run", entityId: run.id } });
    expect(audit).toMatchObject({ actorId: null, actorLabel: "system", after: { asOf: lastMonthEnd, loans: classified._count._all, accruedInterest: classified._sum.accruedInterest ?? 0 } });
    // Up to date: nothing queued, and nothing read again this month by this process.
    expect(await queueMonthEndRun(now)).toBe("upToDate");
    expect(await queueMonthEndRun(now)).toBe("upToDate");

    // Two servers queued it at once: the second job finds the month run and is done, posting nothing.
    const entries = await prisma.lenderJournalEntry.count();
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: lastMonthEnd } }));
    expect(await runDueJobs(handlers)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await prisma.lenderJournalEntry.count()).toBe(entries);
    expect(await prisma.provisioningRun.count({ where: { asOf: day(lastMonthEnd) } })).toBe(1);
  });

  it("runs a missed month before the next; a job that failed is tried again an hour after it gave up", async () => {
    forgetMonthEndLook();
    // Two months on, the month after the latest run comes first (not the one due then). It has not ended yet in fact,
    // so the database refuses it: the job fails with the reason.
    const later = inMonths(2);
    const next = previousMonthEnd(dhakaToday(inMonths(1)));
    expect(await queueMonthEndRun(later)).toBe("queued");
    const queued = await prisma.job.findFirstOrThrow({ where: { kind: MONTH_END_JOB, status: "queued" }, select: { id: true, payload: true } });
    expect(queued.payload).toEqual({ asOf: next });
    await prisma.job.update({ where: { id: queued.id }, data: { maxAttempts: 1 } });
    expect(await runDueJobs(handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
    expect((await prisma.job.findUniqueOrThrow({ where: { id: queued.id } })).lastError).toMatch(/month that has ended/);
    // Within the hour: waiting; after it: a new job.
    await prisma.job.update({ where: { id: queued.id }, data: { finishedAt: new Date(later.getTime() - 30 * 60_000) } });
    expect(await queueMonthEndRun(later)).toBe("waiting");
    await prisma.job.update({ where: { id: queued.id }, data: { finishedAt: new Date(later.getTime() - 61 * 60_000) } });
    expect(await queueMonthEndRun(later)).toBe("queued");
    expect(await prisma.job.count({ where: { kind: MONTH_END_JOB, payload: { equals: { asOf: next } } } })).toBe(2);
    await prisma.job.deleteMany({ where: { kind: MONTH_END_JOB, status: "queued" } });
  });

  it("queues nothing with MONTH_END_RUN=off; a month out of order fails with the reason kept on the job", async () => {
    forgetMonthEndLook();
    envOverride.MONTH_END_RUN = "off";
    try {
      expect(await queueMonthEndRun(inMonths(2))).toBe("off");
    } finally {
      envOverride.MONTH_END_RUN = undefined;
    }
    // An earlier month than one already run: the database refuses it.
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: previousMonthEnd(previousMonthEnd(lastMonthEnd)) }, maxAttempts: 1 }));
    expect(await runDueJobs(handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
    const failed = await prisma.job.findFirstOrThrow({ where: { kind: MONTH_END_JOB, status: "failed" }, orderBy: { createdAt: "desc" } });
    expect(failed.lastError).toMatch(/refused: conflict \(provisioningOutOfOrder\)/);
    // A payload that is no month's last day is no run at all.
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: "yesterday" }, maxAttempts: 1 }));
    expect(await runDueJobs(handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
  });
});
