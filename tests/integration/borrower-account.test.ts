/**
 * Borrower sign-in and the borrower's page (issue 24) on PostgreSQL: a code works once, expires, five wrong tries lock
 * it; two uses of one code at once make one session; known and unknown numbers get the same answer in the same timing
 * class; the NID or date-of-birth step on a new device (and a reassigned number); borrower A never reads B's
 * applications, loans, payments or PDFs, and neither does an anonymous caller; a borrower session opens nothing of the
 * back office; support sees the last sign-in and ends the sessions.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const requestState = vi.hoisted(() => ({ ip: "10.200.0.1" }));
vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/borrower/cookies", () => import("@/tests/support/borrower-cookies-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));
vi.mock("@/lib/request", async () => {
  const actual = await vi.importActual<typeof import("@/lib/request")>("@/lib/request");
  return { ...actual, getRequestContext: async () => ({ ip: requestState.ip, userAgent: "vitest" }) };
});

import { GET as borrowerSchedulePdf } from "@/app/account/api/loans/[loanNumber]/schedule.pdf/route";
import { GET as borrowerReceiptPdf } from "@/app/account/api/payments/[paymentNumber]/receipt.pdf/route";
import { GET as staffReceiptPdf } from "@/app/admin/api/payments/[paymentNumber]/receipt.pdf/route";
import { GET as societyReportPdf } from "@/app/society-manager/[societyId]/report.pdf/route";
import { getBorrower } from "@/lib/borrower/current";
import { BORROWER_DEVICE_COOKIE, BORROWER_SESSION_COOKIE, BORROWER_SESSION_IDLE_MS, BORROWER_STEP_COOKIE, CODE_TTL_MS } from "@/lib/borrower/limits";
import { borrowerAccountView } from "@/lib/borrower/queries";
import { requestSignInCode, verifySignInCode } from "@/lib/borrower/service";
import { loadBorrowerSession } from "@/lib/borrower/session";
import {
  requestBorrowerCode,
  signOutBorrower,
  signOutBorrowerEverywhere,
  verifyBorrowerCode,
  verifyBorrowerIdentity,
} from "@/lib/borrower/sign-in-actions";
import { endBorrowerSessionsAction } from "@/lib/customers/actions";
import { getCustomerProfile } from "@/lib/customers/queries";
import { prisma } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { logOnlyAdapter, type OutgoingMessage } from "@/lib/outbox/adapter";
import { resendMessageAction } from "@/lib/outbox/actions";
import { deliverPendingMessages, deliveryFinished, queueMessage } from "@/lib/outbox/service";
import { SECRET_MASK } from "@/lib/outbox/templates";
import { BORROWER_CODE_ADDRESS_LIMIT, windowStartFor } from "@/lib/rate-limit/rules";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { seedProducts } from "@/prisma/seed";
import { borrowerJar } from "../support/borrower-cookies-mock";
import { disbursedLoan, payment } from "../support/loan-fixtures";
import { sessionState } from "../support/session-state";
import { actAs } from "../support/staff-session";

let ipCounter = 0;
/** A fresh client address, so address limits never decide a test by accident. */
const freshAddress = () => {
  ipCounter += 1;
  requestState.ip = `10.200.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

/** What the SMS gateway was handed (the log adapter, which the tests' configuration selects), newest last. */
const delivered: OutgoingMessage[] = [];
vi.spyOn(logOnlyAdapter, "send").mockImplementation(async (message) => {
  delivered.push(message);
});

/** The code in the newest sign-in SMS delivered to `phone`, as the borrower reads it on their phone. */
async function codeSentTo(phone: string): Promise<string> {
  await deliveryFinished();
  // The newest code asked for (by its own time: the tests' clocks run ahead), and the SMS that carried it. Not simply
  // the last SMS handed over: messages queued after their responses may be delivered in another order under load.
  const newest = await prisma.borrowerSignInCode.findFirst({ where: { phone, known: true }, orderBy: { createdAt: "desc" }, select: { id: true } });
  const carriers = newest ? await prisma.outboxMessage.findMany({ where: { entityType: "BorrowerSignInCode", entityId: newest.id }, select: { id: true } }) : [];
  const message = delivered.findLast((m) => m.recipient === phone && carriers.some((c) => c.id === m.id) && /\b\d{6}\b/.test(m.body));
  if (!message) throw new Error(`no sign-in code was delivered to ${phone}`);
  return /\b(\d{6})\b/.exec(message.body)![1]!;
}

type Borrower = { phone: string; nid: string; dob: string; userNumber: string; loanNumber: string; paymentNumber: string; applicationId: string };

async function borrowerWithPayment(phoneLocal: string, nid: string, dob: string): Promise<Borrower> {
  const loan = await disbursedLoan("১,০০,০০০", {}, { phone: phoneLocal, nid, dob });
  await actAs("collection_agent");
  const paid = await recordPaymentAction(payment(loan, { amount: String(5000) }));
  if (!paid.ok) throw new Error(JSON.stringify(paid));
  sessionState.token = null;
  const application = await prisma.loanApplication.findFirstOrThrow({ where: { nid }, select: { applicationId: true, phone: true } });
  return { phone: application.phone, nid, dob, userNumber: loan.customer.userNumber, loanNumber: loan.loanNumber, paymentNumber: paid.data.paymentNumber, applicationId: application.applicationId };
}

/** Another application like the one with `nid` (straight in the database), with other values. */
async function applicationLike(nid: string, overrides: Partial<Prisma.LoanApplicationUncheckedCreateInput>) {
  const base: Record<string, unknown> = { ...(await prisma.loanApplication.findFirstOrThrow({ where: { nid } })) };
  for (const key of ["id", "idempotencyKey", "nidImageId", "customerId", "reviewedById"]) delete base[key];
  return prisma.loanApplication.create({ data: { ...(base as Prisma.LoanApplicationUncheckedCreateInput), applicationId: `LBT${randomUUID().slice(0, 12)}`, ...overrides } });
}

/**
 * Codes asked for so far count as asked two hours ago (a test cannot wait out the one-a-minute rule, nor the hourly
 * quotas; the codes themselves keep their expiry).
 */
async function aMinuteLater(phone?: string): Promise<void> {
  await prisma.borrowerSignInCode.updateMany({ where: phone ? { phone } : {}, data: { createdAt: new Date(Date.now() - 2 * 3_600_000) } });
}

/** Signs in through the actions as a browser with an empty jar would: number, code, then the NID's last four. */
async function signIn(who: { phone: string; nid: string }): Promise<string> {
  await aMinuteLater(who.phone);
  freshAddress();
  expect(await requestBorrowerCode({ phone: who.phone })).toEqual({ ok: true });
  const step = await verifyBorrowerCode({ phone: who.phone, code: await codeSentTo(who.phone) });
  expect(step.ok).toBe(true);
  if (step.ok && step.step === "identity") expect(await verifyBorrowerIdentity({ nidLast4: who.nid.slice(-4) })).toEqual({ ok: true });
  return borrowerJar.get(BORROWER_SESSION_COOKIE)!;
}

/** A device with no cookies yet. */
const noCookies = { challengeToken: null, deviceToken: null };

/** The cookies a device holds after asking for a code (the challenge the answer gave it). */
async function challengeOf(asked: ReturnType<typeof requestSignInCode>) {
  const result = await asked;
  if (!result.ok) throw new Error(`no code: ${JSON.stringify(result)}`);
  return { challengeToken: result.challengeToken, deviceToken: null };
}

let a: Borrower;
let b: Borrower;
const dir = mkdtempSync(path.join(tmpdir(), "borrower-pdf-"));

beforeAll(async () => {
  await seedProducts(prisma);
  a = await borrowerWithPayment("01911-000001", "5810000001", "1990-05-17");
  b = await borrowerWithPayment("01911-000002", "5820000002", "1985-11-02");
});

beforeEach(async () => {
  borrowerJar.clear();
  sessionState.token = null;
  freshAddress();
  // Each test starts a day later, as far as the per-number limits (codes an hour, answers a day) are concerned.
  await prisma.rateLimitBucket.deleteMany({ where: { key: { startsWith: "borrower.identity.phone:" } } });
  await aMinuteLater();
});

describe("the sign-in code", () => {
  it("is sent to a known number as an SMS in the page's language, stored hashed, and works once", async () => {
    expect(await requestBorrowerCode({ phone: "০১৯১১-০০০০০১" })).toEqual({ ok: true });
    const code = await codeSentTo(a.phone);
    const row = await prisma.borrowerSignInCode.findFirstOrThrow({ where: { phone: a.phone }, orderBy: { createdAt: "desc" } });
    expect(row.known).toBe(true);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);

    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifyBorrowerCode({ phone: a.phone, code: wrong })).toEqual({ ok: false, error: "invalidCode" });
    // Typed with Bengali digits, as a Bengali keyboard does.
    const bengali = code.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    expect(await verifyBorrowerCode({ phone: a.phone, code: bengali })).toEqual({ ok: true, step: "identity" });
    expect(borrowerJar.get(BORROWER_STEP_COOKIE)).toBeTruthy();
    expect(await verifyBorrowerCode({ phone: a.phone, code })).toEqual({ ok: false, error: "expired" });
  });

  it("expires after 5 minutes", async () => {
    const start = new Date(Date.now() + 10 * 60_000);
    const device = await challengeOf(requestSignInCode(b.phone, "en", { ip: requestState.ip, userAgent: "vitest" }, noCookies, start));
    const code = await codeSentTo(b.phone);
    const late = new Date(start.getTime() + CODE_TTL_MS + 1);
    expect(await verifySignInCode({ phone: b.phone, code }, device, { ip: requestState.ip, userAgent: "vitest" }, late)).toEqual({ ok: false, error: "expired" });
    const inTime = new Date(start.getTime() + CODE_TTL_MS - 1_000);
    expect(await verifySignInCode({ phone: b.phone, code }, device, { ip: requestState.ip, userAgent: "vitest" }, inTime)).toMatchObject({ ok: true, step: "identity" });
  });

  it("locks after 5 wrong tries, even for the right code afterwards", async () => {
    const start = new Date(Date.now() + 30 * 60_000);
    const request = { ip: requestState.ip, userAgent: "vitest" };
    const device = await challengeOf(requestSignInCode(a.phone, "bn", request, noCookies, start));
    const code = await codeSentTo(a.phone);
    const wrong = code === "999999" ? "999998" : "999999";
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await verifySignInCode({ phone: a.phone, code: wrong }, device, request, start));
    expect(results.map((r) => (r.ok ? "ok" : r.error))).toEqual(["invalidCode", "invalidCode", "invalidCode", "invalidCode", "locked"]);
    expect(await verifySignInCode({ phone: a.phone, code }, device, request, start)).toEqual({ ok: false, error: "locked" });
  });

  it("used twice at once makes exactly one session", async () => {
    const start = new Date(Date.now() + 50 * 60_000);
    const request = { ip: requestState.ip, userAgent: "vitest" };
    const device = await challengeOf(requestSignInCode(b.phone, "en", request, noCookies, start));
    const code = await codeSentTo(b.phone);
    const results = await Promise.all(Array.from({ length: 2 }, () => verifySignInCode({ phone: b.phone, code }, device, request, start)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: "expired" }]);
    const row = await prisma.borrowerSignInCode.findFirstOrThrow({ where: { phone: b.phone }, orderBy: { createdAt: "desc" } });
    expect(row.usedAt).not.toBeNull();
  });

  it("is asked for at most once a minute per number from one address, known or not; only the device holding the code is sent on to it", async () => {
    expect(await requestBorrowerCode({ phone: "01911-000009" })).toEqual({ ok: true });
    expect(await requestBorrowerCode({ phone: "01911-000009" })).toMatchObject({ ok: false, error: "tooSoon", codeOnThisDevice: true });
    // Another browser behind the same address holds no challenge: it waits, and is not sent to a code step it cannot use.
    borrowerJar.clear();
    expect(await requestBorrowerCode({ phone: "01911-000009" })).toMatchObject({ ok: false, error: "tooSoon", codeOnThisDevice: false });
    // Someone elsewhere never makes the number wait.
    freshAddress();
    expect(await requestBorrowerCode({ phone: "01911-000009" })).toEqual({ ok: true });
  });

  it("answers the same for an unknown number, sends it nothing, and no code works for it", async () => {
    const unknown = "+8801911777777";
    expect(await requestBorrowerCode({ phone: unknown })).toEqual({ ok: true });
    await deliveryFinished();
    expect(await prisma.outboxMessage.count({ where: { recipient: unknown } })).toBe(0);
    const row = await prisma.borrowerSignInCode.findFirstOrThrow({ where: { phone: unknown } });
    expect(row.known).toBe(false);
    // Whatever is typed, the answer is a wrong code: there is no right one.
    expect(await verifyBorrowerCode({ phone: unknown, code: "123456" })).toEqual({ ok: false, error: "invalidCode" });
  });

  it("takes known and unknown numbers in the same timing class", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Applicants made straight in the database: the same kind of number, 12 known and 12 not.
    for (let i = 0; i < 12; i += 1) await applicationLike(a.nid, { phone: `+88019120000${String(i).padStart(2, "0")}`, nid: `59000000${String(i).padStart(2, "0")}` });
    for (let i = 0; i < 12; i += 1) {
      for (const [phone, into] of [[`+88019120000${String(i).padStart(2, "0")}`, known], [`+88019130000${String(i).padStart(2, "0")}`, unknown]] as const) {
        freshAddress();
        const started = performance.now();
        expect(await requestBorrowerCode({ phone })).toEqual({ ok: true });
        into.push(performance.now() - started);
      }
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const [k, u] = [median(known.slice(2)), median(unknown.slice(2))];
    // The same statements for both (the SMS is queued after the answer): one class, far from a lookup that answers early.
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(Math.max(15, 0.6 * Math.max(k, u)));
    expect(await prisma.borrowerSignInCode.count({ where: { phone: { startsWith: "+88019130000" } } })).toBe(12);
  });

  it("refuses a malformed number or code with the form's messages and writes nothing", async () => {
    const before = await prisma.borrowerSignInCode.count();
    expect(await requestBorrowerCode({ phone: "12345" })).toEqual({ ok: false, error: "validation", fieldErrors: { phone: "invalidPhone" } });
    expect(await verifyBorrowerCode({ phone: a.phone, code: "12ab" })).toEqual({ ok: false, error: "validation", fieldErrors: { code: "invalidCode" } });
    expect(await verifyBorrowerIdentity({})).toMatchObject({ ok: false, error: "validation", fieldErrors: { nidLast4: "identityAnswerRequired" } });
    expect(await prisma.borrowerSignInCode.count()).toBe(before);
  });
});

describe("limits a stranger cannot turn against a borrower", () => {
  const at = (ip: string) => ({ ip, userAgent: "vitest" });

  it("counts nothing against the number for requests refused by the address limit: its owner still gets a code", async () => {
    const exhausted = "10.201.0.1";
    // At the start of one of the limit's windows, so every request below falls in it (a sliding estimate across two
    // windows could let one through, depending on the minute the test runs).
    const start = new Date(windowStartFor(new Date(Date.now() + 70 * 60_000), BORROWER_CODE_ADDRESS_LIMIT.windowMs).getTime() + 1_000);
    // The address uses up its own limit on other numbers first.
    for (let i = 0; i < BORROWER_CODE_ADDRESS_LIMIT.limit; i += 1) {
      expect(await requestSignInCode(`+88019140000${String(i).padStart(2, "0")}`, "en", at(exhausted), noCookies, start)).toMatchObject({ ok: true });
    }
    const before = await prisma.borrowerSignInCode.count({ where: { phone: a.phone } });
    for (let i = 0; i < 6; i += 1) {
      const asked = await requestSignInCode(a.phone, "en", at(exhausted), noCookies, new Date(start.getTime() + i * 61_000));
      expect(asked).toEqual({ ok: false, error: "rateLimited" });
    }
    expect(await prisma.borrowerSignInCode.count({ where: { phone: a.phone } })).toBe(before);
    // The borrower, on her own phone and address, a few minutes later.
    const device = await challengeOf(requestSignInCode(a.phone, "bn", at("10.201.0.2"), noCookies, new Date(start.getTime() + 7 * 61_000)));
    expect(await verifySignInCode({ phone: a.phone, code: await codeSentTo(a.phone) }, device, at("10.201.0.2"), new Date(start.getTime() + 7 * 61_000 + 5_000))).toMatchObject({ ok: true });
  });

  it("lets one address use up only its share of a number's hourly codes", async () => {
    const start = new Date(Date.now() + 90 * 60_000);
    const results: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const asked = await requestSignInCode(b.phone, "en", at("10.202.0.1"), noCookies, new Date(start.getTime() + i * 61_000));
      results.push(asked.ok ? "ok" : asked.error);
    }
    expect(results).toEqual(["ok", "ok", "ok", "rateLimited", "rateLimited"]);
    // Refused requests are not codes: the number has two of its five left, for anyone else.
    expect(await requestSignInCode(b.phone, "en", at("10.202.0.2"), noCookies, new Date(start.getTime() + 6 * 61_000))).toMatchObject({ ok: true });
  });

  it("gives every address its first code of the hour up to a cap: strangers on two addresses cannot keep a new phone from one", async () => {
    const start = new Date(Date.now() + 100 * 60_000);
    const ask = (ip: string, minute: number) => requestSignInCode(b.phone, "en", at(ip), noCookies, new Date(start.getTime() + minute * 61_000));
    // Three from one address and two from another use up the number's shared five.
    const strangers: string[] = [];
    for (const [ip, minute] of [["10.205.0.1", 0], ["10.205.0.1", 1], ["10.205.0.1", 2], ["10.205.0.2", 0], ["10.205.0.2", 1], ["10.205.0.2", 2]] as const) {
      const asked = await ask(ip, minute);
      strangers.push(asked.ok ? "ok" : asked.error);
    }
    expect(strangers).toEqual(["ok", "ok", "ok", "ok", "ok", "rateLimited"]);
    // The borrower on a new phone, from her own address: her first code comes, and signs her in.
    const device = await challengeOf(ask("10.205.0.9", 3));
    expect(await verifySignInCode({ phone: b.phone, code: await codeSentTo(b.phone) }, device, at("10.205.0.9"), new Date(start.getTime() + 3 * 61_000 + 5_000))).toMatchObject({ ok: true });
    // New addresses get a first code until the number has had ten this hour; then none, from anywhere.
    const firsts: string[] = [];
    for (let i = 10; i < 16; i += 1) {
      const asked = await ask(`10.205.0.${i}`, 4);
      firsts.push(asked.ok ? "ok" : asked.error);
    }
    expect(firsts).toEqual(["ok", "ok", "ok", "ok", "rateLimited", "rateLimited"]);
    expect(await prisma.borrowerSignInCode.count({ where: { phone: b.phone, createdAt: { gt: new Date(start.getTime() - 1) } } })).toBe(10);
  });

  it("gives a remembered device its own quota: strangers who used up the number's do not keep its owner out", async () => {
    const start = new Date(Date.now() + 110 * 60_000);
    // The owner signs in once on her phone, which is remembered.
    const first = await challengeOf(requestSignInCode(a.phone, "bn", at("10.203.0.9"), noCookies, start));
    const step = await verifySignInCode({ phone: a.phone, code: await codeSentTo(a.phone) }, first, at("10.203.0.9"), start);
    if (!step.ok || step.step !== "identity") throw new Error(JSON.stringify(step));
    borrowerJar.set(BORROWER_STEP_COOKIE, step.identityToken);
    requestState.ip = "10.203.0.9";
    expect(await verifyBorrowerIdentity({ nidLast4: a.nid.slice(-4) })).toEqual({ ok: true });
    const deviceToken = borrowerJar.get(BORROWER_DEVICE_COOKIE)!;
    await aMinuteLater(a.phone);
    // Strangers from two addresses use up the number's five codes for the hour.
    const results: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const asked = await requestSignInCode(a.phone, "en", at(`10.203.0.${1 + (i % 2)}`), noCookies, new Date(start.getTime() + (i + 1) * 61_000));
      results.push(asked.ok ? "ok" : asked.error);
    }
    expect(results).toEqual(["ok", "ok", "ok", "ok", "ok", "rateLimited"]);
    // Her phone still gets a code, and it signs her in.
    const later = new Date(start.getTime() + 8 * 61_000);
    const mine = await requestSignInCode(a.phone, "bn", at("10.203.0.9"), { challengeToken: null, deviceToken }, later);
    if (!mine.ok) throw new Error(JSON.stringify(mine));
    expect(await verifySignInCode({ phone: a.phone, code: await codeSentTo(a.phone) }, { challengeToken: mine.challengeToken, deviceToken }, at("10.203.0.9"), later)).toMatchObject({
      ok: true,
      step: "done",
    });
  });

  it("counts wrong codes against the device that asked: a stranger cannot lock, or replace, another device's code", async () => {
    const start = new Date(Date.now() + 130 * 60_000);
    const owner = await challengeOf(requestSignInCode(b.phone, "en", at("10.204.0.1"), noCookies, start));
    const code = await codeSentTo(b.phone);
    // A stranger with no challenge, then with one of their own (a new code for the same number), types wrong codes.
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 6; i += 1) expect(await verifySignInCode({ phone: b.phone, code: wrong }, noCookies, at("10.204.0.2"), start)).toEqual({ ok: false, error: "expired" });
    const stranger = await challengeOf(requestSignInCode(b.phone, "en", at("10.204.0.2"), noCookies, new Date(start.getTime() + 61_000)));
    const tries = [];
    for (let i = 0; i < 5; i += 1) tries.push(await verifySignInCode({ phone: b.phone, code }, stranger, at("10.204.0.2"), new Date(start.getTime() + 62_000)));
    expect(tries.map((r) => (r.ok ? "ok" : r.error))).toEqual(["invalidCode", "invalidCode", "invalidCode", "invalidCode", "locked"]);
    // The owner's code still works on the owner's device.
    expect(await verifySignInCode({ phone: b.phone, code }, owner, at("10.204.0.1"), new Date(start.getTime() + 63_000))).toMatchObject({ ok: true, step: "identity" });
  });
});

describe("the outbox", () => {
  it("keeps no sign-in code in clear once it is delivered, and none while it waits where staff could read it", async () => {
    freshAddress();
    expect(await requestBorrowerCode({ phone: a.phone })).toEqual({ ok: true });
    const code = await codeSentTo(a.phone);
    const row = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: a.phone, template: "borrower.sign-in-code" }, orderBy: { createdAt: "desc" } });
    expect(row.status).toBe("sent");
    expect(row.body).not.toContain(code);
    expect(row.body).toContain(SECRET_MASK);
    expect(row.sealedBody).toBeNull();
    expect(await prisma.outboxMessage.count({ where: { OR: [{ body: { contains: code } }, { sealedBody: { contains: code } }] } })).toBe(0);
  });

  it("clears a waiting code's text in the database once the message is given up, and will not send it again", async () => {
    const id = await prisma.$transaction((tx) =>
      queueMessage(tx, { channel: "sms", recipient: "+8801911555555", language: "en", template: "borrower.sign-in-code", values: { code: "482913", minutes: 5 } }),
    );
    const waiting = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(waiting.body).not.toContain("482913");
    expect(waiting.sealedBody).toContain("482913");
    // Whatever statement gives it up, the trigger clears the sealed text.
    await prisma.$executeRaw`UPDATE "OutboxMessage" SET "status" = 'failed' WHERE "id" = ${id}`;
    expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).sealedBody).toBeNull();
    await actAs("admin");
    expect(await resendMessageAction({ id })).toMatchObject({ ok: false, error: { code: "conflict", reason: "secretGone" } });
    expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id } })).status).toBe("failed");
    sessionState.token = null;
  });

  it("seals a code the database is handed in clear (an older server during a deploy), sends it, and masks a refusal that echoes it", async () => {
    const id = randomUUID();
    // Written as a server that knows nothing of sealing would: the code in the body, nothing sealed.
    await prisma.$executeRaw`
      INSERT INTO "OutboxMessage" ("id", "channel", "recipient", "language", "template", "subject", "body", "status", "nextAttemptAt", "createdAt")
      VALUES (${id}, 'sms', '+8801911555556', 'en', 'borrower.sign-in-code', 'RinBondhu sign-in code',
              'RinBondhu: your sign-in code is 735102. It works for 5 minutes.', 'pending', now() - interval '1 minute', now())`;
    const waiting = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(waiting.body).toBe(`RinBondhu: your sign-in code is ${SECRET_MASK}. It works for 5 minutes.`);
    expect(waiting.sealedBody).toContain("735102");
    // A gateway refuses once, quoting the text; the error kept shows no code, and the retry still sends the code.
    const refusing = { send: async (m: OutgoingMessage) => { throw new Error(`SMS gateway answered 422: rejected "${m.body}"`); } };
    await deliverPendingMessages({ adapter: refusing });
    const refused = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(refused.lastError).toContain("SMS gateway answered 422");
    expect(refused.lastError).not.toContain("735102");
    const sent: OutgoingMessage[] = [];
    await deliverPendingMessages({ adapter: { send: async (m) => void sent.push(m) }, now: new Date(Date.now() + 3_600_000) });
    expect(sent.find((m) => m.id === id)?.body).toContain("735102");
    const done = await prisma.outboxMessage.findUniqueOrThrow({ where: { id } });
    expect(done.status).toBe("sent");
    expect([done.body, done.sealedBody, done.lastError].join(" ")).not.toContain("735102");
  });
});

describe("the NID or date-of-birth step", () => {
  it("is asked on a new device, accepts the date of birth, and is not asked again on that device", async () => {
    freshAddress();
    await requestBorrowerCode({ phone: a.phone });
    expect(await verifyBorrowerCode({ phone: a.phone, code: await codeSentTo(a.phone) })).toEqual({ ok: true, step: "identity" });
    expect(await verifyBorrowerIdentity({ dateOfBirth: "1990-05-18" })).toEqual({ ok: false, error: "identityMismatch" });
    expect(await verifyBorrowerIdentity({ nidLast4: b.nid.slice(-4) })).toEqual({ ok: false, error: "identityMismatch" });
    expect(await verifyBorrowerIdentity({ dateOfBirth: a.dob })).toEqual({ ok: true });
    expect(borrowerJar.get(BORROWER_DEVICE_COOKIE)).toBeTruthy();
    expect(await getBorrower()).toMatchObject({ phone: a.phone, nid: a.nid });

    await signOutBorrower();
    expect(borrowerJar.get(BORROWER_SESSION_COOKIE)).toBeUndefined();
    freshAddress();
    await aMinuteLater(a.phone);
    await requestBorrowerCode({ phone: a.phone });
    expect(await verifyBorrowerCode({ phone: a.phone, code: await codeSentTo(a.phone) })).toEqual({ ok: true, step: "done" });
    expect(await getBorrower()).toMatchObject({ nid: a.nid });
  });

  it("locks after 5 wrong answers: the sign-in starts again", async () => {
    freshAddress();
    await requestBorrowerCode({ phone: b.phone });
    await verifyBorrowerCode({ phone: b.phone, code: await codeSentTo(b.phone) });
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await verifyBorrowerIdentity({ nidLast4: "0000" }));
    expect(answers.map((r) => (r.ok ? "ok" : r.error))).toEqual(["identityMismatch", "identityMismatch", "identityMismatch", "identityMismatch", "locked"]);
    expect(borrowerJar.get(BORROWER_STEP_COOKIE)).toBeUndefined();
    expect(await verifyBorrowerIdentity({ nidLast4: b.nid.slice(-4) })).toEqual({ ok: false, error: "expired" });
  });

  it("on a reassigned number, opens only the records of the person who answered", async () => {
    // b's number now also belongs to a new applicant with another NID: each sees only their own.
    await applicationLike(b.nid, { applicationId: `LBNEW${Date.now()}`, nid: "5830000003", dob: new Date("2001-01-01"), status: "pending" });
    // A reminder about b's loan, to the shared number: b sees it, the new holder does not.
    const instalment = await prisma.loanInstallment.findFirstOrThrow({ where: { loan: { loanNumber: b.loanNumber } } });
    await prisma.outboxMessage.create({
      data: { channel: "sms", recipient: b.phone, language: "bn", template: "repayment.reminder", body: `reminder for ${b.loanNumber}`, entityType: "LoanInstallment", entityId: instalment.id },
    });
    await signIn({ phone: b.phone, nid: "5830000003" });
    const view = await borrowerAccountView((await getBorrower())!);
    expect(view.applications.map((x) => x.applicationId)).toEqual([expect.stringMatching(/^LBNEW/)]);
    expect(view.loans).toEqual([]);
    expect(view.messages).toEqual([]);
    borrowerJar.clear();
    await signIn(b);
    expect((await borrowerAccountView((await getBorrower())!)).messages.map((m) => m.body)).toContain(`reminder for ${b.loanNumber}`);
  });

  it("allows ten answers a day per number, however many codes are asked for", async () => {
    const answers: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      await aMinuteLater(a.phone);
      freshAddress();
      borrowerJar.clear();
      await requestBorrowerCode({ phone: a.phone });
      await verifyBorrowerCode({ phone: a.phone, code: await codeSentTo(a.phone) });
      for (let i = 0; i < 4; i += 1) {
        const result = await verifyBorrowerIdentity({ nidLast4: "0000" });
        answers.push(result.ok ? "ok" : result.error);
      }
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill("identityMismatch"));
    expect(answers.slice(10)).toEqual(["rateLimited", "rateLimited"]);
    // Even the right answer waits for tomorrow.
    expect(await verifyBorrowerIdentity({ nidLast4: a.nid.slice(-4) })).toEqual({ ok: false, error: "rateLimited" });
  });
});

describe("what a borrower can reach", () => {
  it("is their own applications, loans, payments and messages only", async () => {
    await signIn(a);
    const view = await borrowerAccountView((await getBorrower())!);
    expect(view.applications.map((x) => x.applicationId)).toEqual([a.applicationId]);
    expect(view.loans.map((l) => l.loanNumber)).toEqual([a.loanNumber]);
    const loan = view.loans[0]!;
    expect(loan.payments.map((p) => p.paymentNumber)).toEqual([a.paymentNumber]);
    expect(loan.installments.length).toBeGreaterThan(0);
    const owed = await prisma.loanInstallment.findMany({ where: { loan: { loanNumber: a.loanNumber } } });
    expect(loan.outstanding).toBe(owed.reduce((sum, i) => sum + i.emiAmount + i.lateFee - i.paidAmount, 0));
    expect(view.messages.every((m) => m.template !== "borrower.sign-in-code")).toBe(true);
    expect(JSON.stringify(view)).not.toContain(b.loanNumber);
    expect(JSON.stringify(view)).not.toContain(b.paymentNumber);
  });

  it("gets their own PDFs, a not-found for another's, and a refusal without a session", async () => {
    await signIn(a);
    const receipt = (n: string) => borrowerReceiptPdf(new Request(`http://app/account/api/payments/${n}/receipt.pdf`), { params: Promise.resolve({ paymentNumber: n }) });
    const schedule = (n: string) => borrowerSchedulePdf(new Request(`http://app/account/api/loans/${n}/schedule.pdf`), { params: Promise.resolve({ loanNumber: n }) });

    const own = await receipt(a.paymentNumber);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const file = path.join(dir, "own-receipt.pdf");
    writeFileSync(file, Buffer.from(await own.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain(a.paymentNumber);
    expect(text).toContain(a.loanNumber);
    expect((await schedule(a.loanNumber)).status).toBe(200);

    for (const response of [await receipt(b.paymentNumber), await schedule(b.loanNumber), await receipt("PAY-NOPE"), await schedule("LN-NOPE")]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
    // And the other way round: B gets their own, never A's.
    borrowerJar.clear();
    await signIn(b);
    expect((await receipt(b.paymentNumber)).status).toBe(200);
    for (const response of [await receipt(a.paymentNumber), await schedule(a.loanNumber)]) expect(response.status).toBe(404);
    borrowerJar.clear();
    for (const response of [await receipt(a.paymentNumber), await schedule(a.loanNumber), await receipt(b.paymentNumber)]) expect(response.status).toBe(401);
  });

  it("opens nothing of the back office", async () => {
    const token = await signIn(a);
    sessionState.token = null;
    const staffReceipt = () => staffReceiptPdf(new Request(`http://app/admin/api/payments/${a.paymentNumber}/receipt.pdf`), { params: Promise.resolve({ paymentNumber: a.paymentNumber }) });
    expect((await staffReceipt()).status).toBe(401);
    expect(await endBorrowerSessionsAction({ userNumber: a.userNumber })).toEqual({ ok: false, error: { code: "unauthenticated" } });
    // Nor a society's: its documents answer as to anyone without a staff session.
    const societyReport = await societyReportPdf(new Request("http://app/society-manager/any/report.pdf"), { params: Promise.resolve({ societyId: "any" }) });
    expect(societyReport.status).toBe(401);
    // The borrower's token is no staff session either.
    sessionState.token = token;
    expect((await staffReceipt()).status).toBe(401);
  });

  it("signing out everywhere ends only this person's sessions and forgets their devices", async () => {
    const bToken = await signIn(b);
    borrowerJar.clear();
    const aToken = await signIn(a);
    const secondDevice = await signIn(a);
    expect(await signOutBorrowerEverywhere()).toEqual({ ok: true });
    expect(await loadBorrowerSession(aToken)).toBeNull();
    expect(await loadBorrowerSession(secondDevice)).toBeNull();
    expect(await loadBorrowerSession(bToken)).toMatchObject({ nid: b.nid });
    expect(await prisma.borrowerDevice.count({ where: { nid: a.nid, revokedAt: null } })).toBe(0);
    expect(await signOutBorrowerEverywhere()).toEqual({ ok: false });
  });

  it("ends a session after 30 idle minutes", async () => {
    const token = await signIn(a);
    expect(await loadBorrowerSession(token, new Date(Date.now() + BORROWER_SESSION_IDLE_MS - 60_000))).not.toBeNull();
    expect(await loadBorrowerSession(token, new Date(Date.now() + 2 * BORROWER_SESSION_IDLE_MS))).toBeNull();
  });
});

describe("support on the customer screen", () => {
  it("sees the last sign-in and the open sessions, and ends them (audited)", async () => {
    const token = await signIn(a);
    const manager = await actAs("account_manager");
    const everything = { loans: true, payments: true, applications: true, kyc: true, scope: ALL_OFFICES };
    const profile = await getCustomerProfile(a.userNumber, everything);
    expect(profile!.onlineAccess.openSessions).toBeGreaterThanOrEqual(1);
    expect(profile!.onlineAccess.lastSignInAt).toBeInstanceOf(Date);

    const ended = await endBorrowerSessionsAction({ userNumber: a.userNumber });
    expect(ended.ok && ended.data.sessions).toBeGreaterThanOrEqual(1);
    expect(await loadBorrowerSession(token)).toBeNull();
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "borrower.sessions_revoke", actorId: manager.id } });
    expect(audit.entityType).toBe("Customer");
    expect((await getCustomerProfile(a.userNumber, everything))!.onlineAccess.openSessions).toBe(0);

    await actAs("kyc_officer");
    expect(await endBorrowerSessionsAction({ userNumber: a.userNumber })).toEqual({ ok: false, error: { code: "forbidden" } });
  });
});
