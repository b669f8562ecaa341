/**
 * Issue 50, point 3 (decision 0268): the month-end run on its own. Once a month has ended, the job queue runs it (interest
 * accrual, classification and provisioning) as the system, audited, unless someone ran it from the button first; a
 * month is queued once per process and run once whatever queues it again; a month that cannot be run fails with the
 * reason kept on the job.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
const envOverride = vi.hoisted(() => ({ MONTH_END_RUN: undefined as "on" | "off" | undefined }));
vi.mock("@/lib/env", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/env")>();
  return { ...real, env: () => ({ ...real.env(), ...(envOverride.MONTH_END_RUN ? { MONTH_END_RUN: envOverride.MONTH_END_RUN } : {}) }) };
});

import { forgetMonthEndLook, MONTH_END_JOB, previousMonthEnd, processMonthEndJob, queueMonthEndRun } from "@/lib/accounting/month-end";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { enqueueJob, runDueJobs } from "@/lib/jobs/queue";
import { seedDemo } from "@/prisma/seed";

const handlers = { [MONTH_END_JOB]: processMonthEndJob };
const lastMonthEnd = previousMonthEnd(dhakaToday());
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  await seedDemo(prisma);
});

describe("the month that ended", () => {
  it("is the last day of the month before today's, in Dhaka", () => {
    expect(previousMonthEnd("2026-11-29")).toBe("2026-10-31");
    expect(previousMonthEnd("2026-03-01")).toBe("2026-02-28");
    expect(previousMonthEnd("2028-03-31")).toBe("2028-02-29");
    expect(previousMonthEnd("2027-01-01")).toBe("2026-12-31");
    // 31 October 20:00 UTC is already 1 November in Dhaka: October has ended there.
    expect(previousMonthEnd(dhakaToday(new Date("2026-10-31T20:00:00Z")))).toBe("2026-10-31");
    expect(previousMonthEnd(dhakaToday(new Date("2026-10-31T17:00:00Z")))).toBe("2026-09-30");
  });
});

describe("the month-end job", () => {
  it("is queued once, runs the month as the system with its accrual, and a second job for the month changes nothing", async () => {
    forgetMonthEndLook();
    expect(await prisma.provisioningRun.count({ where: { asOf: day(lastMonthEnd) } })).toBe(0);
    expect(await queueMonthEndRun()).toBe("queued");
    // This process has looked after the month; another process (or this one after a restart) finds the job.
    expect(await queueMonthEndRun()).toBe("settled");
    forgetMonthEndLook();
    expect(await queueMonthEndRun()).toBe("settled");
    expect(await prisma.job.count({ where: { kind: MONTH_END_JOB } })).toBe(1);

    expect(await runDueJobs(handlers)).toEqual({ done: 1, retried: 0, failed: 0 });
    const run = await prisma.provisioningRun.findUniqueOrThrow({ where: { asOf: day(lastMonthEnd) }, select: { id: true, ranById: true, entryId: true } });
    expect(run.ranById).toBeNull();
    const classified = await prisma.loanClassification.aggregate({ where: { runId: run.id }, _count: { _all: true }, _sum: { accruedInterest: true } });
    expect(classified._count._all).toBeGreaterThan(0);
    const accrual = await prisma.lenderJournalEntry.findMany({ where: { sourceType: "ProvisioningRun", sourceId: run.id, kind: "interest_accrual" }, select: { createdById: true } });
    expect(accrual.length).toBe((classified._sum.accruedInterest ?? 0) > 0 ? 1 : 0);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "accounting.provisioning.run", entityId: run.id } });
    expect(audit).toMatchObject({ actorId: null, actorLabel: "system", after: { asOf: lastMonthEnd, loans: classified._count._all, accruedInterest: classified._sum.accruedInterest ?? 0 } });

    // Two servers queued it at once: the second job finds the month run and is done, posting nothing.
    const entries = await prisma.lenderJournalEntry.count();
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: lastMonthEnd } }));
    expect(await runDueJobs(handlers)).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await prisma.lenderJournalEntry.count()).toBe(entries);
    expect(await prisma.provisioningRun.count({ where: { asOf: day(lastMonthEnd) } })).toBe(1);
  });

  it("queues nothing for a month someone has run, or with MONTH_END_RUN=off", async () => {
    forgetMonthEndLook();
    const jobs = await prisma.job.count({ where: { kind: MONTH_END_JOB } });
    await prisma.job.deleteMany({ where: { kind: MONTH_END_JOB } });
    expect(await queueMonthEndRun()).toBe("settled");
    expect(await prisma.job.count({ where: { kind: MONTH_END_JOB } })).toBe(0);
    expect(jobs).toBe(2);

    forgetMonthEndLook();
    envOverride.MONTH_END_RUN = "off";
    try {
      expect(await queueMonthEndRun()).toBe("off");
    } finally {
      envOverride.MONTH_END_RUN = undefined;
    }
  });

  it("fails a month that cannot be run, with the reason kept on the job, after its retries", async () => {
    // An earlier month than one already run: the database refuses it, each attempt.
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: previousMonthEnd(previousMonthEnd(lastMonthEnd)) }, maxAttempts: 1 }));
    expect(await runDueJobs(handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
    const failed = await prisma.job.findFirstOrThrow({ where: { kind: MONTH_END_JOB, status: "failed" } });
    expect(failed.lastError).toMatch(/refused: conflict \(provisioningOutOfOrder\)/);
    // A payload that is no month's last day is no run at all.
    await prisma.$transaction((tx) => enqueueJob(tx, { kind: MONTH_END_JOB, payload: { asOf: "yesterday" }, maxAttempts: 1 }));
    expect(await runDueJobs(handlers)).toEqual({ done: 0, retried: 0, failed: 1 });
  });
});
