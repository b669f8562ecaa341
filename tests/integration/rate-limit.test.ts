/** Per-address sliding-window limits kept in PostgreSQL, and what the public endpoints do when one is reached. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { handleApplicationSubmission, handleNidImageCheck, handleStatusLookup } from "@/lib/applications/service";
import {
  CHECK_NID_IMAGE_LIMIT,
  RATE_LIMIT_RETENTION_MS,
  STATUS_LOOKUP_LIMIT,
  SUBMIT_APPLICATION_LIMIT,
  type RateLimitRule,
} from "@/lib/rate-limit/rules";
import { consumeRateLimit, pruneRateLimitBuckets } from "@/lib/rate-limit/service";
import { requestContextFromHeaders } from "@/lib/request";
import { seedProducts } from "@/prisma/seed";
import { cardJpeg, freshIp, submissionForm, validPayload } from "../support/application-fixtures";

const noPrune = { random: () => 1 };
const rule: RateLimitRule = { name: "test.rule", limit: 3, windowMs: 60_000 };

beforeAll(async () => {
  await seedProducts(prisma);
});

afterAll(async () => {
  await prisma.$disconnect();
});

async function tableCounts() {
  const [applications, documents, kycCases, audits] = await Promise.all([
    prisma.loanApplication.count(),
    prisma.storedDocument.count(),
    prisma.kycCase.count(),
    prisma.auditLog.count(),
  ]);
  return { applications, documents, kycCases, audits };
}

describe("consumeRateLimit", () => {
  it("allows the limit in any window's length, then refuses until enough of the earlier requests have slid out", async () => {
    const now = new Date("2026-11-22T08:00:10.000Z");
    const ip = freshIp();
    const decisions = [];
    for (let i = 0; i < 5; i++) decisions.push(await consumeRateLimit(rule, ip, { now, ...noPrune }));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(decisions.map((d) => d.count)).toEqual([1, 2, 3, 4, 5]);
    expect(decisions[0]?.resetAt.toISOString()).toBe(now.toISOString());

    // A fixed window would open again at 08:01:00 with the whole limit: the five just counted still weigh on it.
    const atEdge = await consumeRateLimit(rule, ip, { now: new Date("2026-11-22T08:01:00.000Z"), ...noPrune });
    expect(atEdge).toMatchObject({ allowed: false, count: 6 });
    // Two thirds of the earlier window slid out: floor(5 / 3) = 1 of it still counts, beside the two counted in this one.
    const later = await consumeRateLimit(rule, ip, { now: new Date("2026-11-22T08:01:40.000Z"), ...noPrune });
    expect(later).toMatchObject({ allowed: true, count: 3 });
    const bucket = await prisma.rateLimitBucket.findFirstOrThrow({ where: { key: `test.rule:${ip}`, windowStart: new Date("2026-11-22T08:01:00.000Z") } });
    expect(bucket.count).toBe(2);
  });

  it("says when a refused subject may try again, and is right about it", async () => {
    const now = new Date("2026-11-22T08:30:20.000Z");
    const ip = freshIp();
    let last = await consumeRateLimit(rule, ip, { now, ...noPrune });
    while (last.allowed) last = await consumeRateLimit(rule, ip, { now, ...noPrune });
    const again = await consumeRateLimit(rule, ip, { now: last.resetAt, ...noPrune });
    expect(again.allowed).toBe(true);
  });

  it("counts each address and each rule separately", async () => {
    const now = new Date("2026-11-22T09:00:00.000Z");
    const [a, b] = [freshIp(), freshIp()];
    for (let i = 0; i < 3; i++) await consumeRateLimit(rule, a, { now, ...noPrune });
    expect((await consumeRateLimit(rule, a, { now, ...noPrune })).allowed).toBe(false);
    expect((await consumeRateLimit(rule, b, { now, ...noPrune })).allowed).toBe(true);
    expect((await consumeRateLimit({ ...rule, name: "test.other" }, a, { now, ...noPrune })).allowed).toBe(true);
  });

  it("is exact under concurrency: one statement per request, no lost updates", async () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const ip = freshIp();
    const decisions = await Promise.all(Array.from({ length: 25 }, () => consumeRateLimit({ ...rule, limit: 10 }, ip, { now, ...noPrune })));
    expect(decisions.map((d) => d.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
    const bucket = await prisma.rateLimitBucket.findFirstOrThrow({ where: { key: `test.rule:${ip}` } });
    expect(bucket.count).toBe(25);
  });

  it("prunes expired buckets and keeps current ones", async () => {
    const now = new Date("2026-11-22T12:00:00.000Z");
    const old = new Date(now.getTime() - RATE_LIMIT_RETENTION_MS - 60_000);
    const ip = freshIp();
    await consumeRateLimit(rule, ip, { now: old, ...noPrune });
    await consumeRateLimit(rule, ip, { now, ...noPrune });
    expect(await prisma.rateLimitBucket.count({ where: { key: `test.rule:${ip}` } })).toBe(2);
    expect(await pruneRateLimitBuckets(now)).toBeGreaterThanOrEqual(1);
    const left = await prisma.rateLimitBucket.findMany({ where: { key: `test.rule:${ip}` } });
    expect(left.map((b) => b.windowStart.toISOString())).toEqual(["2026-11-22T12:00:00.000Z"]);

    // Opportunistic pruning rides on a request when the dice say so.
    await consumeRateLimit(rule, ip, { now: old, ...noPrune });
    await consumeRateLimit(rule, ip, { now, random: () => 0 });
    expect(await prisma.rateLimitBucket.count({ where: { key: `test.rule:${ip}` } })).toBe(1);
  });
});

describe("the public endpoints", () => {
  // A pinned clock: the whole test stays inside one window however long it runs.
  const now = new Date("2026-11-22T14:00:05.000Z");
  it("refuse the 11th submission from one address in 10 minutes and write nothing for it", async () => {
    expect(SUBMIT_APPLICATION_LIMIT.limit).toBe(10);
    const ip = freshIp();
    // Invalid attempts count too: a script cannot probe for free.
    for (let i = 0; i < 5; i++) {
      const r = await handleApplicationSubmission(submissionForm("{bad json"), { ip, userAgent: null, now });
      expect(r.ok).toBe(false);
    }
    for (let i = 0; i < 5; i++) {
      const r = await handleApplicationSubmission(submissionForm(validPayload()), { ip, userAgent: null, now });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    const before = await tableCounts();
    const limited = await handleApplicationSubmission(submissionForm(validPayload()), { ip, userAgent: null, now });
    expect(limited).toEqual({ ok: false, error: "rateLimited" });
    expect(await tableCounts()).toEqual(before);

    // Another address is unaffected.
    const other = await handleApplicationSubmission(submissionForm(validPayload()), { ip: freshIp(), userAgent: null, now });
    expect(other.ok).toBe(true);
  });

  it("refuse the 61st image check from one address", async () => {
    expect(CHECK_NID_IMAGE_LIMIT.limit).toBe(60);
    const ip = freshIp();
    const form = new FormData();
    form.set("nidImage", new File([cardJpeg(2_000)], "a.jpg", { type: "image/jpeg" }));
    const results = [];
    for (let i = 0; i < 61; i++) results.push(await handleNidImageCheck(form, { ip, userAgent: null, now }));
    expect(results.slice(0, 60).every((r) => r.ok)).toBe(true);
    expect(results[60]).toEqual({ ok: false, error: "rateLimited" });
  });

  it("a client that forges X-Forwarded-For on every lookup stays in its own budget behind one trusted proxy", async () => {
    const realAddress = freshIp();
    const results = [];
    for (let i = 0; i < STATUS_LOOKUP_LIMIT.limit + 1; i++) {
      // What nginx passes on: the client's own claim (new each time), then the address nginx saw.
      const headers = new Headers({ "x-forwarded-for": `${freshIp()}, 10.255.${i}.1, ${realAddress}`, "user-agent": "curl" });
      const request = requestContextFromHeaders(headers, 1);
      expect(request.ip).toBe(realAddress);
      results.push(await handleStatusLookup({ applicationId: `LB${1000000000000 + i}000`, phone: "01712345678" }, { ...request, now }));
    }
    expect(results.slice(0, -1).every((r) => !r.ok && r.error === "notFound")).toBe(true);
    expect(results.at(-1)).toEqual({ ok: false, error: "rateLimited" });
  });

  it("refuse the 21st status lookup from one address, even with the right pair", async () => {
    expect(STATUS_LOOKUP_LIMIT.limit).toBe(20);
    const submitted = await handleApplicationSubmission(submissionForm(validPayload()), { ip: freshIp(), userAgent: null, now });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted));
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const r = await handleStatusLookup({ applicationId: `LB${1000000000000 + i}000`, phone: "01712345678" }, { ip, userAgent: null, now });
      expect(r).toEqual({ ok: false, error: "notFound" });
    }
    expect(await handleStatusLookup({ applicationId: submitted.applicationId, phone: "01712345678" }, { ip, userAgent: null, now })).toEqual({
      ok: false,
      error: "rateLimited",
    });
    expect((await handleStatusLookup({ applicationId: submitted.applicationId, phone: "01712345678" }, { ip: freshIp(), userAgent: null, now })).ok).toBe(true);
  });

  it("share one bucket for requests without any address header", async () => {
    const before = await prisma.rateLimitBucket.findFirst({ where: { key: `${STATUS_LOOKUP_LIMIT.name}:unknown` } });
    expect(before).toBeNull();
    await handleStatusLookup({ applicationId: "LB1000000000000000", phone: "01712345678" }, { ip: "unknown", userAgent: null, now });
    await handleStatusLookup({ applicationId: "LB1000000000000000", phone: "01712345678" }, { ip: "unknown", userAgent: null, now });
    const bucket = await prisma.rateLimitBucket.findFirstOrThrow({ where: { key: `${STATUS_LOOKUP_LIMIT.name}:unknown` } });
    expect(bucket.count).toBe(2);
  });
});
