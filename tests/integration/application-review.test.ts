/**
 * Application review against PostgreSQL: the state table enforced by the server, what approval and
 * rejection create, who may decide, the outbox, exactly one winner among concurrent decisions, the list's
 * filters and the two route handlers.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
// Callbacks handed to after() are kept, not run: a delivery running in the background would race the
// outbox tests. The test that checks the hand-over runs them itself.
const afterCallbacks = vi.hoisted(() => [] as (() => unknown)[]);
vi.mock("next/server", async (original) => ({
  ...(await original<typeof import("next/server")>()),
  after: (callback: () => unknown) => void afterCallbacks.push(callback),
}));

// Route handlers translate with next-intl's request-scoped getTranslations; here: the English messages.
vi.mock("next-intl/server", async () => {
  const { createTranslator } = await import("next-intl");
  const messages = (await import("@/messages/en.json")).default;
  return { getTranslations: async (namespace: string) => createTranslator({ locale: "en", messages, namespace: namespace as "adminReview" }) };
});

import { GET as exportCsv } from "@/app/admin/api/applications/export/route";
import { GET as nidImage } from "@/app/admin/api/applications/[applicationId]/nid-image/route";
import { prisma } from "@/lib/db";
import type { ApplicationStatus, LoanApplication } from "@/lib/generated/prisma/client";
import { REVIEW_DECISIONS, allowedDecisions, type ReviewDecision } from "@/lib/applications/review";
import { approveApplication, markApplicationUnderReview, rejectApplication } from "@/lib/applications/review-actions";
import {
  countApplicationsAwaitingReview,
  exportApplicationBatches,
  listApplicationsForReview,
  REVIEW_PAGE_SIZE,
  reviewStats,
} from "@/lib/applications/review-queries";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { deliverPendingMessages, MAX_DELIVERY_ATTEMPTS } from "@/lib/outbox/service";
import type { DeliveryAdapter, OutgoingMessage } from "@/lib/outbox/adapter";
import { seedProducts } from "@/prisma/seed";
import { cardJpeg, freshIp, submissionForm, validPayload } from "../support/application-fixtures";
import { sessionState } from "../support/session-state";
import { actAs, createStaff, signInAs } from "../support/staff-session";

/** An application through the real public submission (with a card photo), returning its public ID. */
async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const form = submissionForm(validPayload(overrides), new File([cardJpeg(20 * 1024)], "nid.jpg", { type: "image/jpeg" }));
  const result = await handleApplicationSubmission(form, { ip: freshIp(), userAgent: "vitest" });
  if (!result.ok) throw new Error(`submission failed: ${JSON.stringify(result)}`);
  return result.applicationId;
}

let template: LoanApplication;
/** Unique or generated columns a copy must not share with the original. */
const UNCOPIED_FIELDS = ["id", "applicationId", "idempotencyKey", "nidImageId", "createdAt", "updatedAt"] as const;
let cloneSequence = 0;

/**
 * Applications inserted in one statement as copies of a submitted one (the submission path is tested
 * above; this keeps the many-application tests fast). Each gets its own public ID and NID number.
 */
async function insertApplications(count: number, change: (i: number) => Partial<LoanApplication> = () => ({})): Promise<string[]> {
  const fields = Object.fromEntries(Object.entries(template).filter(([key]) => !(UNCOPIED_FIELDS as readonly string[]).includes(key))) as Omit<
    LoanApplication,
    (typeof UNCOPIED_FIELDS)[number]
  >;
  const rows = Array.from({ length: count }, (_, i) => {
    cloneSequence += 1;
    return {
      ...fields,
      applicationId: `LB9${String(cloneSequence).padStart(15, "0")}`,
      nid: `8${String(cloneSequence).padStart(12, "0")}`,
      ...change(i),
    };
  });
  await prisma.loanApplication.createMany({ data: rows });
  return rows.map((r) => r.applicationId);
}

const find = (applicationId: string) => prisma.loanApplication.findUniqueOrThrow({ where: { applicationId } });

const decide: Record<ReviewDecision, (applicationId: string) => ReturnType<typeof approveApplication>> = {
  under_review: (applicationId) => markApplicationUnderReview({ applicationId }),
  approved: (applicationId) => approveApplication({ applicationId }),
  rejected: (applicationId) => rejectApplication({ applicationId, reason: "Income could not be verified" }),
};

let officer: { id: string; name: string };

beforeAll(async () => {
  await seedProducts(prisma);
  template = await find(await submit({ name: "Template Applicant" }));
});

beforeEach(async () => {
  officer = await actAs("loan_officer");
  afterCallbacks.length = 0;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("transitions", () => {
  const STATUSES: ApplicationStatus[] = ["pending", "under_review", "approved", "rejected"];
  const cases = STATUSES.flatMap((from) => REVIEW_DECISIONS.map((decision) => ({ from, decision, allowed: allowedDecisions(from).includes(decision) })));

  it.each(cases)("$from → $decision: allowed $allowed", async ({ from, decision, allowed }) => {
    const earlier = await createStaff("admin", { name: "Tanvir Hasan" });
    const reviewedAt = new Date("2026-11-23T04:15:00Z");
    const [id] = await insertApplications(1, () => ({ status: from, ...(from === "pending" ? {} : { reviewedById: earlier.id, reviewedAt }) }));
    const result = await decide[decision](id!);
    const after = await find(id!);
    if (allowed) {
      expect(result).toMatchObject({ ok: true, data: { applicationId: id, status: decision } });
      expect(after).toMatchObject({ status: decision, reviewedById: officer.id });
      const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: after.id, action: { startsWith: "application." } } });
      expect(audit).toMatchObject({ actorId: officer.id, before: { status: from }, after: { status: decision } });
    } else {
      expect(result).toEqual({
        ok: false,
        error: { code: "conflict", reason: "alreadyDecided", details: { status: from, by: "Tanvir Hasan", at: reviewedAt.toISOString() } },
      });
      expect(after).toMatchObject({ status: from, reviewedById: earlier.id, reviewedAt });
      expect(await prisma.auditLog.count({ where: { entityId: after.id } })).toBe(0);
    }
  });

  it("a rejection needs a non-blank reason of at most 1000 characters; a refused one changes nothing", async () => {
    const [id] = await insertApplications(1);
    for (const reason of ["", "   \n "]) {
      expect(await rejectApplication({ applicationId: id!, reason })).toEqual({ ok: false, error: { code: "validation", fieldErrors: { reason: "required" } } });
    }
    expect(await rejectApplication({ applicationId: id!, reason: "x".repeat(1001) })).toEqual({ ok: false, error: { code: "validation", fieldErrors: { reason: "tooLong" } } });
    const application = await find(id!);
    expect(application).toMatchObject({ status: "pending", reviewedById: null, rejectionReason: null });
    expect(await prisma.outboxMessage.count({ where: { entityId: application.id } })).toBe(0);
    expect(await prisma.auditLog.count({ where: { entityId: application.id } })).toBe(0);

    expect(await rejectApplication({ applicationId: id!, reason: "  Documents unreadable  " })).toMatchObject({ ok: true });
    expect((await find(id!)).rejectionReason).toBe("Documents unreadable");
  });

  it("an unknown application is not found", async () => {
    expect(await approveApplication({ applicationId: "LB0000000000000000" })).toEqual({ ok: false, error: { code: "notFound" } });
  });
});

describe("approval", () => {
  it("creates a loan awaiting approval, a new customer, the two documents and the audit row; its origin is the review, not a note", async () => {
    const id = await submit({ nid: "1990123456789", phone: "01812345678", email: "rahima@example.com" });
    const result = await approveApplication({ applicationId: id });
    expect(result).toMatchObject({ ok: true, data: { status: "approved", loanNumber: expect.stringMatching(/^LN-\d{6}$/) } });

    const application = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: id },
      include: { loan: { include: { documents: true, notes: true } }, customer: true },
    });
    expect(application).toMatchObject({ status: "approved", reviewedById: officer.id });
    expect(application.reviewedAt).toBeInstanceOf(Date);
    expect(application.customer).toMatchObject({
      nid: "1990123456789",
      name: "রহিমা বেগম",
      phone: "+8801812345678",
      email: "rahima@example.com",
      address: application.address,
      dateOfBirth: application.dob,
      employmentType: "salaried",
      employer: application.employer,
      monthlyIncome: 60_000,
      userNumber: expect.stringMatching(/^U\d{6}$/),
      userCode: expect.stringMatching(/^RB-[2-9A-HJKMNP-Z]{4}$/),
    });
    expect(application.loan).toMatchObject({
      status: "pending_approval",
      riskLevel: "medium",
      customerId: application.customerId,
      loanType: "salary",
      requestedAmount: 200_000,
      tenure: 24,
      emi: application.emi,
      purpose: application.purpose,
      monthlyIncome: 60_000,
      existingLoans: null,
      submittedAt: application.submittedAt,
    });
    expect(application.loan!.interestRate.toString()).toBe(application.interestRate.toString());
    expect(application.loan!.loanNumber).toBe(result.ok ? result.data.loanNumber : null);
    expect(application.loan!.documents.map((d) => [d.type, d.status, d.documentId]).sort()).toEqual(
      [
        ["application_form", "verified", null],
        ["nid_front", "pending", application.nidImageId],
      ].sort(),
    );
    // Where the loan came from is the application's own review (shown on the loan's history in the reader's
    // language), not a system note written in one language.
    expect(application.loan!.notes).toHaveLength(0);
    expect(application).toMatchObject({ reviewedById: officer.id, reviewedAt: expect.any(Date) });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "application.approve", entityId: application.id } });
    expect(audit).toMatchObject({
      actorId: officer.id,
      before: { status: "pending" },
      after: { status: "approved", loanNumber: application.loan!.loanNumber, customerNumber: application.customer!.userNumber },
    });
    expect(await prisma.outboxMessage.count({ where: { entityId: application.id } })).toBe(0);
  });

  it("finds the existing customer by NID number", async () => {
    const first = await submit({ nid: "1985765432109" });
    await approveApplication({ applicationId: first });
    const customerId = (await find(first)).customerId;
    const second = await submit({ nid: "১৯৮৫৭৬৫৪৩২১০৯", name: "Another Name" });
    expect(await markApplicationUnderReview({ applicationId: second })).toMatchObject({ ok: true });
    expect(await approveApplication({ applicationId: second })).toMatchObject({ ok: true });
    expect((await find(second)).customerId).toBe(customerId);
    expect(await prisma.customer.count({ where: { nid: "1985765432109" } })).toBe(1);
    expect(await prisma.loan.count({ where: { customerId: customerId! } })).toBe(2);
  });

  it("of concurrent approvals for one new person, every one succeeds and one customer is created", async () => {
    const ids = await insertApplications(6, () => ({ nid: "1977123412341" }));
    const results = await Promise.all(ids.map((applicationId) => approveApplication({ applicationId })));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await prisma.customer.count({ where: { nid: "1977123412341" } })).toBe(1);
    const loans = await prisma.loan.findMany({ where: { customer: { nid: "1977123412341" } }, select: { loanNumber: true } });
    expect(new Set(loans.map((l) => l.loanNumber)).size).toBe(6);
  });
});

describe("rejection", () => {
  it("stores the reason and queues one SMS in Bengali when there is no e-mail", async () => {
    const id = await submit({ language: "bn", email: "" });
    expect(await rejectApplication({ applicationId: id, reason: "আয়ের প্রমাণ পাওয়া যায়নি" })).toEqual({
      ok: true,
      data: { applicationId: id, status: "rejected", notified: "+8801712345678", loanNumber: undefined },
    });
    const application = await find(id);
    expect(application).toMatchObject({ status: "rejected", rejectionReason: "আয়ের প্রমাণ পাওয়া যায়নি", reviewedById: officer.id, customerId: null });
    const messages = await prisma.outboxMessage.findMany({ where: { entityId: application.id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      channel: "sms",
      recipient: "+8801712345678",
      language: "bn",
      status: "pending",
      attempts: 0,
      template: "application.rejected",
      entityType: "LoanApplication",
      subject: null,
    });
    expect(messages[0]!.body).toContain(id);
    expect(messages[0]!.body).toContain("আয়ের প্রমাণ পাওয়া যায়নি");
    expect(messages[0]!.body).toContain(`/status?id=${id}`);
    expect(await prisma.loan.count({ where: { applicationId: application.id } })).toBe(0);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "application.reject", entityId: application.id } });
    expect(audit).toMatchObject({ before: { status: "pending" }, after: { status: "rejected", rejectionReason: "আয়ের প্রমাণ পাওয়া যায়নি" } });
  });

  it("e-mails an English applicant who gave an address", async () => {
    const id = await submit({ language: "en", email: "karim@example.com" });
    expect(await rejectApplication({ applicationId: id, reason: "Income could not be verified" })).toMatchObject({ ok: true, data: { notified: "karim@example.com" } });
    const messages = await prisma.outboxMessage.findMany({ where: { entityId: (await find(id)).id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "email", recipient: "karim@example.com", language: "en" });
    expect(messages[0]!.subject).toContain(`Your loan application ${id} was not approved`);
    expect(messages[0]!.body).toContain("Reason: Income could not be verified");
  });

  it("hands delivery to after() (not awaited by the decision); running it sends the message", async () => {
    const id = await submit({ language: "en" });
    expect(afterCallbacks).toHaveLength(0);
    await approveApplication({ applicationId: (await insertApplications(1))[0]! });
    expect(afterCallbacks).toHaveLength(0);
    await rejectApplication({ applicationId: id, reason: "Duplicate application" });
    expect(afterCallbacks).toHaveLength(1);
    const entityId = (await find(id)).id;
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { entityId } })).toMatchObject({ status: "pending" });

    const written: string[] = [];
    const log = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      await afterCallbacks[0]!();
    } finally {
      log.mockRestore();
    }
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { entityId } })).toMatchObject({ status: "sent", attempts: 1, sentAt: expect.any(Date) });
    // The log-only adapter's line for this message (the run also sends what earlier tests queued): JSON, the text
    // there, the phone number masked.
    const lines = written.join("").split("\n").filter((l) => l.includes("Duplicate application")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([expect.objectContaining({ area: "outbox", channel: "sms", recipient: "[masked]", text: expect.stringMatching(/^RinBondhu: .*Duplicate application/) })]);
    expect(written.join("")).not.toContain("+8801712345678");
  });
});

describe("outbox delivery", () => {
  /** Settles everything already due, so each test starts with an empty queue. */
  async function drain() {
    const accepting: DeliveryAdapter = { send: async () => {} };
    for (let run = await deliverPendingMessages({ adapter: accepting, limit: 100 }); run.sent > 0; run = await deliverPendingMessages({ adapter: accepting, limit: 100 }));
  }

  async function queueRejection(): Promise<string> {
    const [id] = await insertApplications(1);
    await rejectApplication({ applicationId: id!, reason: "Documents unreadable" });
    return (await find(id!)).id;
  }

  const failing: DeliveryAdapter = {
    send: async () => {
      throw new Error("gateway down");
    },
  };

  it("keeps a message whose delivery failed, with the error and a later attempt time, and sends it on a later run", async () => {
    await drain();
    const entityId = await queueRejection();
    const started = new Date();
    expect(await deliverPendingMessages({ adapter: failing, now: started })).toEqual({ sent: 0, failed: 1 });
    const afterFailure = await prisma.outboxMessage.findFirstOrThrow({ where: { entityId } });
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastError: "gateway down", sentAt: null });
    expect(afterFailure.nextAttemptAt.getTime()).toBe(started.getTime() + 30_000);

    // Not due yet: nothing is tried.
    const sent: OutgoingMessage[] = [];
    const working: DeliveryAdapter = { send: async (m) => void sent.push(m) };
    expect(await deliverPendingMessages({ adapter: working, now: started })).toEqual({ sent: 0, failed: 0 });

    expect(await deliverPendingMessages({ adapter: working, now: new Date(started.getTime() + 60_000) })).toEqual({ sent: 1, failed: 0 });
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { entityId } })).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(sent.map((m) => m.recipient)).toEqual(["+8801712345678"]);
  });

  it(`backs off exponentially and gives up after ${MAX_DELIVERY_ATTEMPTS} attempts`, async () => {
    await drain();
    const entityId = await queueRejection();
    let now = new Date();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      expect(await deliverPendingMessages({ adapter: failing, now })).toEqual({ sent: 0, failed: 1 });
      const message = await prisma.outboxMessage.findFirstOrThrow({ where: { entityId } });
      expect(message.attempts).toBe(attempt);
      delays.push(message.nextAttemptAt.getTime() - now.getTime());
      expect(message.status).toBe(attempt < MAX_DELIVERY_ATTEMPTS ? "pending" : "failed");
      now = message.nextAttemptAt;
    }
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(await deliverPendingMessages({ adapter: failing, now: new Date(now.getTime() + 86_400_000) })).toEqual({ sent: 0, failed: 0 });
  });

  it("concurrent runs never send one message twice", async () => {
    await drain();
    for (let i = 0; i < 12; i++) await queueRejection();
    const sent: string[] = [];
    const slow: DeliveryAdapter = {
      send: async (m) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(m.id);
      },
    };
    const runs = await Promise.all(Array.from({ length: 4 }, () => deliverPendingMessages({ adapter: slow, limit: 5 })));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(sent.length);
    expect(new Set(sent).size).toBe(sent.length);
    await deliverPendingMessages({ adapter: slow, limit: 100 });
    expect(new Set(sent).size).toBe(12);
    expect(sent).toHaveLength(12);
  });
});

describe("who may decide", () => {
  it("a loan officer, an admin and a super admin may; a KYC officer gets forbidden and an anonymous caller unauthenticated, both audited", async () => {
    const ids = await insertApplications(4);
    for (const [i, role] of (["loan_officer", "admin", "super_admin"] as const).entries()) {
      await actAs(role);
      expect(await markApplicationUnderReview({ applicationId: ids[i]! }), role).toMatchObject({ ok: true });
    }

    const kycOfficer = await actAs("kyc_officer");
    for (const call of [() => approveApplication({ applicationId: ids[3]! }), () => rejectApplication({ applicationId: ids[3]!, reason: "x" }), () => markApplicationUnderReview({ applicationId: ids[3]! })]) {
      expect(await call()).toEqual({ ok: false, error: { code: "forbidden" } });
    }
    const forbidden = await prisma.auditLog.findMany({ where: { action: "access.forbidden", actorId: kycOfficer.id } });
    expect(forbidden.map((a) => (a.after as { where: string }).where).sort()).toEqual(["action:applications.approve", "action:applications.reject", "action:applications.under_review"]);
    expect(forbidden[0]).toMatchObject({ entityType: "Permission", entityId: "applications.decide", after: { role: "kyc_officer" } });

    sessionState.token = null;
    const before = await prisma.auditLog.count({ where: { action: "access.unauthenticated", after: { path: ["where"], equals: "action:applications.approve" } } });
    expect(await approveApplication({ applicationId: ids[3]! })).toEqual({ ok: false, error: { code: "unauthenticated" } });
    expect(await prisma.auditLog.count({ where: { action: "access.unauthenticated", after: { path: ["where"], equals: "action:applications.approve" } } })).toBe(before + 1);
    expect((await find(ids[3]!)).status).toBe("pending");
  });
});

describe("concurrent decisions", () => {
  it("exactly one of 20 concurrent approve/reject calls wins, 50 times over; the others name the winner", async () => {
    const reviewers = await Promise.all(Array.from({ length: 4 }, (_, i) => createStaff("loan_officer", { name: `Reviewer ${i + 1}` })));
    const tokens = await Promise.all(reviewers.map((r) => signInAs(r.id)));
    const ids = await insertApplications(50);

    for (const applicationId of ids) {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          // The action reads the session when it starts, synchronously after this assignment.
          sessionState.token = tokens[i % tokens.length]!;
          return i % 2 === 0 ? approveApplication({ applicationId }) : rejectApplication({ applicationId, reason: `reason ${i}` });
        }),
      );
      const decided = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId }, include: { loan: true, reviewedBy: true } });
      expect(results.filter((r) => r.ok), applicationId).toHaveLength(1);
      for (const loser of results.filter((r) => !r.ok)) {
        expect(loser).toEqual({
          ok: false,
          error: { code: "conflict", reason: "alreadyDecided", details: { status: decided.status, by: decided.reviewedBy!.name, at: decided.reviewedAt!.toISOString() } },
        });
      }
      expect(["approved", "rejected"]).toContain(decided.status);
      expect(Boolean(decided.loan)).toBe(decided.status === "approved");
      expect(await prisma.outboxMessage.count({ where: { entityId: decided.id } })).toBe(decided.status === "rejected" ? 1 : 0);
    }
    const rows = await prisma.loanApplication.findMany({ where: { applicationId: { in: ids } }, select: { id: true } });
    const decisions = await prisma.auditLog.count({
      where: { action: { in: ["application.approve", "application.reject"] }, entityId: { in: rows.map((r) => r.id) } },
    });
    expect(decisions).toBe(50);
  });
});

describe("the review list", () => {
  it("finds by phone in any form, by application ID, by e-mail and by part of the name", async () => {
    const id = await submit({ phone: "01911-222333", email: "Nasrin.Akter@Example.com", name: "Nasrin Akter Shimul" });
    const list = (q: string, status: "all" | "pending" | "rejected" = "all") => listApplicationsForReview({ q, status, page: 1 }, ALL_OFFICES).then((l) => l.rows.map((r) => r.applicationId));
    for (const phone of ["০১৯১১২২২৩৩৩", "+8801911222333", "8801911-222333", "01911 222 333"]) expect(await list(phone), phone).toEqual([id]);
    expect(await list(id.toLowerCase(), "pending")).toEqual([id]);
    expect(await list(id, "rejected")).toEqual([]);
    expect(await list("nasrin.akter@example.COM")).toEqual([id]);
    expect(await list("akter shi")).toEqual([id]);
    expect(await list("no such person at all")).toEqual([]);
  });

  it("pages 20 at a time, newest first, and counts the cards from the database", async () => {
    const base = Date.parse("2030-01-01T00:00:00Z");
    const ids = await insertApplications(25, (i) => ({ name: `Paging Person ${i}`, submittedAt: new Date(base + i * 60_000), status: "under_review" }));
    const first = await listApplicationsForReview({ q: "Paging Person", status: "under_review", page: 1 }, ALL_OFFICES);
    const second = await listApplicationsForReview({ q: "Paging Person", status: "under_review", page: 2 }, ALL_OFFICES);
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.rows).toHaveLength(REVIEW_PAGE_SIZE);
    expect([...first.rows, ...second.rows].map((r) => r.applicationId)).toEqual([...ids].reverse());

    const stats = await reviewStats(ALL_OFFICES);
    const groups = await prisma.loanApplication.groupBy({ by: ["status"], _count: { _all: true }, _sum: { amount: true } });
    const count = (s: ApplicationStatus) => groups.find((g) => g.status === s)?._count._all ?? 0;
    expect(stats).toEqual({
      total: await prisma.loanApplication.count(),
      pending: count("pending"),
      underReview: count("under_review"),
      approved: count("approved"),
      rejected: count("rejected"),
      totalAmount: groups.reduce((n, g) => n + (g._sum.amount ?? 0), 0),
    });
    expect(await countApplicationsAwaitingReview(ALL_OFFICES)).toBe(count("pending") + count("under_review"));
  });

  it("exports every matching row in the list's order, across batches", async () => {
    const base = Date.parse("2031-01-01T00:00:00Z");
    // Three rows per submission time: the id breaks the tie, so batches neither skip nor repeat a row.
    const ids = await insertApplications(26, (i) => ({ name: `Export Person ${i}`, submittedAt: new Date(base + Math.floor(i / 3) * 1000) }));
    const expected = await prisma.loanApplication.findMany({
      where: { name: { startsWith: "Export Person" } },
      orderBy: [{ submittedAt: "desc" }, { id: "desc" }],
      select: { applicationId: true },
    });
    const batches: string[][] = [];
    for await (const batch of exportApplicationBatches({ q: "Export Person", status: "all" }, ALL_OFFICES, 4)) batches.push(batch.map((r) => r.applicationId));
    expect(batches.map((b) => b.length)).toEqual([4, 4, 4, 4, 4, 4, 2]);
    expect(batches.flat()).toEqual(expected.map((r) => r.applicationId));
    expect(new Set(batches.flat())).toEqual(new Set(ids));
  });
});

describe("the NID image route", () => {
  const get = (applicationId: string) =>
    nidImage(new Request(`http://localhost/admin/api/applications/${applicationId}/nid-image`), { params: Promise.resolve({ applicationId }) });

  it("serves the stored photo with its type, uncached and unsniffed; 404 without one", async () => {
    const id = await submit();
    const stored = await prisma.storedDocument.findUniqueOrThrow({ where: { id: (await find(id)).nidImageId! } });
    const response = await get(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(stored.mimeType);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(stored.bytes))).toBe(true);

    const [withoutImage] = await insertApplications(1);
    expect((await get(withoutImage!)).status).toBe(404);
    expect((await get("LB0000000000000001")).status).toBe(404);
  });

  it("refuses a role without applications.read (403) and an anonymous caller (401)", async () => {
    const id = await submit();
    await actAs("collection_agent");
    expect((await get(id)).status).toBe(403);
    sessionState.token = null;
    expect((await get(id)).status).toBe(401);
  });
});

describe("the CSV export route", () => {
  const get = (query: string) => exportCsv(new Request(`http://localhost/admin/api/applications/export?${query}`));

  it("downloads the filtered list with translated headings", async () => {
    const rejected = await submit({ name: "Csv Person Rejected", language: "en" });
    const pending = await submit({ name: "Csv Person Pending", language: "en", purpose: '=HYPERLINK("x")' });
    await rejectApplication({ applicationId: rejected, reason: "Income, not verified" });

    const response = await get(new URLSearchParams({ q: "csv person", status: "all" }).toString());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="applications-all-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Application ID,Submitted,Status,Name,Phone,E-mail,Loan type,Amount (BDT),Tenure (months),EMI (BDT),Rate (%),Monthly income (BDT),Employment,Purpose,Reviewed by,Reviewed at,Rejection reason",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^${pending},.*,Pending Review,Csv Person Pending,01712-345678,,Salary Loan,200000,24,`));
    expect(lines[1]).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(lines[2]).toMatch(new RegExp(`^${rejected},.*,Rejected,Csv Person Rejected,.*,${officer.name},.*,"Income, not verified"$`));

    const onlyRejected = await (await get("q=csv+person&status=rejected")).text();
    expect(onlyRejected.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("refuses a role without applications.read (403) and an anonymous caller (401)", async () => {
    await actAs("collection_agent");
    expect((await get("")).status).toBe(403);
    sessionState.token = null;
    expect((await get("")).status).toBe(401);
  });
});
