/**
 * Application review against PostgreSQL: the state table enforced by the server, what approval and
 * rejection create, who may decide, the outbox, and exactly one winner among concurrent decisions.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next/server", async (original) => ({ ...(await original<typeof import("next/server")>()), after: () => {} }));

import { prisma } from "@/lib/db";
import { approveApplication, markApplicationUnderReview, rejectApplication } from "@/lib/applications/review-actions";
import { listApplicationsForReview, reviewStats } from "@/lib/applications/review-queries";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { deliverPendingMessages } from "@/lib/outbox/service";
import { seedProducts } from "@/prisma/seed";
import { freshIp, submissionForm, validPayload, fakeJpeg } from "../support/application-fixtures";
import { sessionState } from "../support/session-state";
import { actAs, createStaff, signInAs } from "../support/staff-session";

async function submit(overrides: Record<string, unknown> = {}): Promise<string> {
  const form = submissionForm(validPayload(overrides), new File([fakeJpeg()], "nid.jpg", { type: "image/jpeg" }));
  const result = await handleApplicationSubmission(form, { ip: freshIp(), userAgent: "vitest" });
  if (!result.ok) throw new Error(`submission failed: ${JSON.stringify(result)}`);
  return result.applicationId;
}

const statusOf = async (applicationId: string) =>
  (await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId }, select: { status: true } })).status;

beforeAll(async () => {
  await seedProducts(prisma);
});

let officer: { id: string; name: string };
beforeEach(async () => {
  officer = await actAs("loan_officer");
});

describe("transitions", () => {
  it("pending → under review → approved; approved is final", async () => {
    const id = await submit();
    expect(await markApplicationUnderReview({ applicationId: id })).toMatchObject({ ok: true, data: { status: "under_review" } });
    expect(await markApplicationUnderReview({ applicationId: id })).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyDecided" } });
    expect(await approveApplication({ applicationId: id })).toMatchObject({ ok: true, data: { status: "approved" } });
    const refused = await rejectApplication({ applicationId: id, reason: "too late" });
    expect(refused).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyDecided", details: { status: "approved", by: officer.name } } });
    expect(await statusOf(id)).toBe("approved");
  });

  it("rejection needs a non-blank reason; a blank one changes nothing", async () => {
    const id = await submit();
    expect(await rejectApplication({ applicationId: id, reason: "   " })).toEqual({
      ok: false,
      error: { code: "validation", fieldErrors: { reason: "required" } },
    });
    expect(await statusOf(id)).toBe("pending");
    expect(await prisma.outboxMessage.count({ where: { entityId: { not: null } } })).toBe(0);
  });

  it("an unknown application is not found", async () => {
    expect(await approveApplication({ applicationId: "LB0000000000000000" })).toMatchObject({ ok: false, error: { code: "notFound" } });
  });
});

describe("approval", () => {
  it("creates a loan awaiting approval, a customer found by NID, the documents, a note and audit rows", async () => {
    const id = await submit({ nid: "1990123456789", phone: "01812345678" });
    const result = await approveApplication({ applicationId: id });
    expect(result.ok).toBe(true);
    const application = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: id },
      include: { loan: { include: { documents: true, notes: true } }, customer: true },
    });
    expect(application).toMatchObject({ status: "approved", reviewedById: officer.id });
    expect(application.reviewedAt).toBeInstanceOf(Date);
    expect(application.customer).toMatchObject({ nid: "1990123456789", phone: "+8801812345678", name: "রহিমা বেগম" });
    expect(application.customer!.userNumber).toMatch(/^U\d{6}$/);
    expect(application.customer!.userCode).toMatch(/^RB-[2-9A-Z]{4}$/);
    expect(application.loan).toMatchObject({ status: "pending_approval", requestedAmount: 200_000, tenure: 24, emi: application.emi });
    expect(application.loan!.loanNumber).toMatch(/^LN-\d{6}$/);
    expect(application.loan!.documents.map((d) => [d.type, d.status, d.documentId]).sort()).toEqual(
      [
        ["application_form", "verified", null],
        ["nid_front", "pending", application.nidImageId],
      ].sort(),
    );
    expect(application.loan!.notes[0]!.content).toContain(id);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "application.approve", entityId: application.id } });
    expect(audit).toMatchObject({ actorId: officer.id, before: { status: "pending" }, after: { status: "approved", loanNumber: application.loan!.loanNumber } });

    // A second application of the same person finds the same customer.
    const second = await submit({ nid: "1990123456789", phone: "01812345678" });
    await approveApplication({ applicationId: second });
    const again = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: second } });
    expect(again.customerId).toBe(application.customerId);
    expect(await prisma.customer.count({ where: { nid: "1990123456789" } })).toBe(1);
  });
});

describe("rejection", () => {
  it("stores the reason and queues one message in the applicant's language, SMS without an e-mail", async () => {
    const id = await submit({ language: "bn", email: "" });
    expect(await rejectApplication({ applicationId: id, reason: "আয়ের প্রমাণ পাওয়া যায়নি" })).toMatchObject({
      ok: true,
      data: { status: "rejected", notified: "+8801712345678" },
    });
    const application = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: id } });
    expect(application.rejectionReason).toBe("আয়ের প্রমাণ পাওয়া যায়নি");
    const messages = await prisma.outboxMessage.findMany({ where: { entityId: application.id } });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: "sms", recipient: "+8801712345678", language: "bn", status: "pending", template: "application.rejected" });
    expect(messages[0]!.body).toContain(id);
    expect(messages[0]!.body).toContain("আয়ের প্রমাণ পাওয়া যায়নি");
  });

  it("e-mails an English applicant who gave an address", async () => {
    const id = await submit({ language: "en", email: "karim@example.com" });
    await rejectApplication({ applicationId: id, reason: "Income could not be verified" });
    const application = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: id } });
    const [message] = await prisma.outboxMessage.findMany({ where: { entityId: application.id } });
    expect(message).toMatchObject({ channel: "email", recipient: "karim@example.com", language: "en" });
    expect(message!.subject).toContain("was not approved");
  });
});

describe("outbox delivery", () => {
  it("keeps a message whose delivery failed and sends it on a later run", async () => {
    const id = await submit({ language: "en" });
    await rejectApplication({ applicationId: id, reason: "Documents unreadable" });
    const application = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: id } });
    const failing = { send: async () => { throw new Error("gateway down"); } };
    expect(await deliverPendingMessages({ adapter: failing })).toMatchObject({ failed: expect.any(Number) });
    const afterFailure = await prisma.outboxMessage.findFirstOrThrow({ where: { entityId: application.id } });
    expect(afterFailure).toMatchObject({ status: "pending", attempts: 1, lastError: "gateway down" });

    const sentTo: string[] = [];
    const working = { send: async (m: { recipient: string }) => void sentTo.push(m.recipient) };
    await deliverPendingMessages({ adapter: working, now: new Date(Date.now() + 60 * 60 * 1000) });
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { entityId: application.id } })).toMatchObject({ status: "sent", attempts: 2 });
    expect(sentTo).toContain("+8801712345678");
  });
});

describe("who may decide", () => {
  it("refuses a KYC officer and an anonymous caller, with audit rows", async () => {
    const id = await submit();
    await actAs("kyc_officer");
    expect(await approveApplication({ applicationId: id })).toEqual({ ok: false, error: { code: "forbidden" } });
    sessionState.token = null;
    expect(await approveApplication({ applicationId: id })).toEqual({ ok: false, error: { code: "unauthenticated" } });
    expect(await statusOf(id)).toBe("pending");
    expect(await prisma.auditLog.count({ where: { action: "access.forbidden", after: { path: ["where"], equals: "action:applications.approve" } } })).toBeGreaterThan(0);
  });
});

describe("concurrent decisions", () => {
  it("exactly one of 20 concurrent approve/reject calls wins, 50 times over", async () => {
    const reviewers = await Promise.all(Array.from({ length: 4 }, () => createStaff("loan_officer")));
    // 50 applications inserted directly (the submission path is tested above): copies of one real one.
    const template = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: await submit() } });
    const fields = Object.fromEntries(
      Object.entries(template).filter(([key]) => !["id", "applicationId", "idempotencyKey", "nidImageId", "createdAt", "updatedAt"].includes(key)),
    ) as Omit<typeof template, "id" | "applicationId" | "idempotencyKey" | "nidImageId" | "createdAt" | "updatedAt">;
    const ids = Array.from({ length: 50 }, (_, i) => `LB${Date.now()}${String(i).padStart(3, "0")}`);
    await prisma.loanApplication.createMany({ data: ids.map((applicationId, i) => ({ ...fields, applicationId, nid: `55500000${String(i).padStart(2, "0")}` })) });

    for (const applicationId of ids) {
      const calls = Array.from({ length: 20 }, async (_, i) => {
        // Each call acts as one of four reviewers: the session is read when the action starts.
        await signInAs(reviewers[i % 4]!.id);
        return i % 2 === 0 ? approveApplication({ applicationId }) : rejectApplication({ applicationId, reason: `reason ${i}` });
      });
      const results = await Promise.all(calls);
      const winners = results.filter((r) => r.ok);
      expect(winners, applicationId).toHaveLength(1);
      for (const loser of results.filter((r) => !r.ok)) expect(loser).toMatchObject({ ok: false, error: { code: "conflict", reason: "alreadyDecided" } });
      const decided = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId }, include: { loan: true } });
      expect(["approved", "rejected"]).toContain(decided.status);
      expect(Boolean(decided.loan)).toBe(decided.status === "approved");
    }
    const rows = await prisma.loanApplication.findMany({ where: { applicationId: { in: ids } }, select: { id: true } });
    const decisions = await prisma.auditLog.count({
      where: { action: { in: ["application.approve", "application.reject"] }, entityId: { in: rows.map((r) => r.id) } },
    });
    expect(decisions).toBe(50);
  });
});

describe("the review list", () => {
  it("filters by status and finds by phone in any form, and counts the cards", async () => {
    const id = await submit({ phone: "01911-222333" });
    const byPhone = await listApplicationsForReview({ q: "০১৯১১২২২৩৩৩", status: "all", page: 1 });
    expect(byPhone.rows.map((r) => r.applicationId)).toEqual([id]);
    const byId = await listApplicationsForReview({ q: id.toLowerCase(), status: "pending", page: 1 });
    expect(byId.total).toBe(1);
    const stats = await reviewStats();
    expect(stats.total).toBe(await prisma.loanApplication.count());
    expect(stats.pending + stats.underReview + stats.approved + stats.rejected).toBe(stats.total);
  });
});
