/**
 * KYC verification against PostgreSQL (issue 9): a submission opens a case with its computed checks and a queued
 * OCR job; duplicate NIDs across applications, customers and society members; the blacklist; exactly one of
 * concurrent decisions wins and the customer's KYC status follows the case; resubmission through the SMS link;
 * the queue's figures against independent counts; the job queue's retries, leases and SKIP LOCKED.
 */
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { approveApplication } from "@/lib/applications/review-actions";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { sha256Hex } from "@/lib/crypto/hash";
import { prisma } from "@/lib/db";
import { JOB_LEASE_MS, claimNextJob, enqueueJob, retryDelayMs, runDueJobs } from "@/lib/jobs/queue";
import { addKycNoteAction, approveKycAction, assignKycAction, decideKycDocumentAction, rejectKycAction, requestKycResubmissionAction } from "@/lib/kyc/actions";
import { kycStats, listKycCases } from "@/lib/kyc/queries";
import { kycListFiltersSchema } from "@/lib/kyc/schemas";
import { acceptKycResubmission, recomputeKycChecks } from "@/lib/kyc/service";
import { customerKycStatusFor } from "@/lib/kyc/status";
import { seedDemo } from "@/prisma/seed";
import { cardJpeg, freshIp, submissionForm, validPayload } from "../support/application-fixtures";
import { actAs, createStaff } from "../support/staff-session";
import { createTestSociety } from "../support/society";

let counter = 0;

/** A new application (and its KYC case) with a unique NID and phone unless given. */
async function submitApplication(overrides: { nid?: string; phone?: string; name?: string } = {}) {
  counter += 1;
  const nid = overrides.nid ?? String(6_200_000_000 + (Date.now() % 1_000_000) * 100 + counter).slice(0, 10);
  const phone = overrides.phone ?? `0181${String(2_000_000 + counter).slice(-7)}`;
  // Dhaka North, routed to the demo's main branch (with the demo's several branches, an application of no upazila waits in the head office's queue).
  const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid, phone, upazilaCode: "493", ...(overrides.name ? { name: overrides.name } : {}) })), { ip: freshIp(), userAgent: "vitest" });
  if (!submitted.ok) throw new Error(JSON.stringify(submitted));
  const kycCase = await prisma.kycCase.findFirstOrThrow({
    where: { application: { applicationId: submitted.applicationId } },
    include: { checks: true, documents: true, application: true },
  });
  return { applicationId: submitted.applicationId, kycCase, nid, phone: kycCase.application!.phone };
}

const checkOf = async (caseId: string, kind: string) => prisma.verificationCheck.findFirstOrThrow({ where: { caseId, kind: kind as never } });

beforeAll(async () => {
  await seedDemo(prisma);
});

describe("opening a case", () => {
  it("computes the checks it can at once and queues OCR of the card", async () => {
    const { kycCase } = await submitApplication();
    const byKind = Object.fromEntries(kycCase.checks.map((c) => [c.kind, c]));
    expect(Object.keys(byKind).sort()).toEqual(["address_verification", "blacklist_check", "date_of_birth_match", "duplicate_check", "face_match", "name_match", "nid_match"]);
    expect(byKind.duplicate_check).toMatchObject({ status: "pass", explanationKey: "duplicate.none" });
    expect(byKind.blacklist_check).toMatchObject({ status: "pass", explanationKey: "blacklist.none" });
    expect(byKind.nid_match).toMatchObject({ status: "pending", explanationKey: "nidMatch.waiting" });
    expect(byKind.face_match).toMatchObject({ status: "pending", confidence: null, explanationKey: "faceMatch.officer" });
    const jobs = await prisma.job.findMany({ where: { kind: "kyc.ocr" } });
    expect(jobs.filter((j) => (j.payload as { documentId: string }).documentId === kycCase.documents[0]!.id)).toHaveLength(1);
  });

  it("stores what OCR read and recomputes the card checks from it", async () => {
    const { kycCase, nid } = await submitApplication({ name: "Rahima Khatun" });
    const app = kycCase.application!;
    await prisma.kycDocument.update({
      where: { id: kycCase.documents[0]!.id },
      data: { extractedData: { nidNumber: nid, fullName: "RAHIMA KHATUN", dateOfBirth: app.dob.toISOString().slice(0, 10) }, ocrConfidence: 93, ocrReadAt: new Date() },
    });
    await prisma.$transaction((tx) => recomputeKycChecks(tx, kycCase.id));
    expect(await checkOf(kycCase.id, "nid_match")).toMatchObject({ status: "pass", confidence: 100 });
    expect(await checkOf(kycCase.id, "name_match")).toMatchObject({ status: "pass" });
    expect(await checkOf(kycCase.id, "date_of_birth_match")).toMatchObject({ status: "pass" });
  });
});

describe("duplicate and blacklist checks", () => {
  it("finds the NID on another application, a customer and a society member, and fails only for other phones", async () => {
    const nid = "1988765432109";
    const first = await submitApplication({ nid });
    // The same applicant again: same NID, same phone.
    const again = await submitApplication({ nid, phone: first.phone });
    expect(await checkOf(again.kycCase.id, "duplicate_check")).toMatchObject({ status: "pass", explanationKey: "duplicate.sameApplicant" });

    const society = await createTestSociety("Duplicate Test Society");
    const worker = await prisma.societyWorker.create({ data: { societyId: society.id, code: "W-DUP", name: "Worker", phone: "01700000999", area: "Mirpur", createdByRole: "admin" } });
    await prisma.societyMember.create({
      data: { societyId: society.id, workerId: worker.id, code: "M-DUP", memberCode: "M-DUP", name: "Someone Else", nid, phone: "01911111111", area: "Mirpur", joinDate: new Date(), createdByRole: "admin" },
    });
    const third = await submitApplication({ nid });
    const check = await checkOf(third.kycCase.id, "duplicate_check");
    expect(check).toMatchObject({ status: "fail", explanationKey: "duplicate.found" });
    const records = (check.explanationValues as { records: { kind: string; reference: string }[] }).records;
    expect(records.map((r) => r.kind).sort()).toEqual(["application", "application", "societyMember"]);
    expect(records.some((r) => r.reference === first.applicationId)).toBe(true);
    expect(records.some((r) => r.reference === "M-DUP")).toBe(true);
  });

  it("fails the blacklist check for a listed NID or phone in any form, and refuses to approve", async () => {
    const listed = await submitApplication();
    await prisma.blacklistEntry.create({ data: { kind: "phone", value: listed.phone, reason: "Fraud report" } });
    await prisma.$transaction((tx) => recomputeKycChecks(tx, listed.kycCase.id));
    expect(await checkOf(listed.kycCase.id, "blacklist_check")).toMatchObject({ status: "fail", explanationKey: "blacklist.phoneListed", explanationValues: { reasons: "Fraud report" } });
    await actAs("kyc_officer");
    expect(await approveKycAction({ caseNumber: listed.kycCase.caseNumber })).toEqual({ ok: false, error: { code: "conflict", reason: "blacklisted" } });
    expect((await prisma.kycCase.findUniqueOrThrow({ where: { id: listed.kycCase.id } })).status).toBe("pending_review");

    await prisma.blacklistEntry.create({ data: { kind: "nid", value: "1977111122223", reason: "Forged card" } });
    const byNid = await submitApplication({ nid: "1977111122223" });
    expect(await checkOf(byNid.kycCase.id, "blacklist_check")).toMatchObject({ status: "fail", explanationKey: "blacklist.nidListed" });
  });
});

describe("decisions", () => {
  it("lets exactly one of concurrent approve and reject win, audited, with one decision entry", async () => {
    const { kycCase } = await submitApplication();
    await actAs("kyc_officer");
    const results = await Promise.all([
      approveKycAction({ caseNumber: kycCase.caseNumber }),
      rejectKycAction({ caseNumber: kycCase.caseNumber, reason: "Card photo does not show the holder" }),
      approveKycAction({ caseNumber: kycCase.caseNumber }),
      rejectKycAction({ caseNumber: kycCase.caseNumber, reason: "Again" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error.code === "conflict" && r.error.reason === "statusChanged")).toBe(true);
    const stored = await prisma.kycCase.findUniqueOrThrow({ where: { id: kycCase.id } });
    expect(["approved", "rejected"]).toContain(stored.status);
    expect(await prisma.kycNote.count({ where: { caseId: kycCase.id, type: "decision" } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { entityType: "KycCase", entityId: kycCase.id, action: { in: ["kyc.approve", "kyc.reject"] } } })).toBe(1);
  });

  it("makes the customer's KYC status follow their latest case", async () => {
    const { kycCase, applicationId } = await submitApplication();
    await actAs("loan_officer");
    const approved = await approveApplication({ applicationId });
    expect(approved.ok).toBe(true);
    const app = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId }, include: { customer: true } });
    expect(app.customer!.kycStatus).toBe("pending");
    await actAs("kyc_officer");
    expect(await approveKycAction({ caseNumber: kycCase.caseNumber })).toMatchObject({ ok: true, data: { status: "approved" } });
    expect((await prisma.customer.findUniqueOrThrow({ where: { id: app.customerId! } })).kycStatus).toBe("verified");
  });

  it("verifies a document once, assigns only to KYC officers (starting the review), and keeps notes", async () => {
    const { kycCase } = await submitApplication();
    const officer = await actAs("kyc_officer");
    const documentId = kycCase.documents[0]!.id;
    expect(await decideKycDocumentAction({ documentId, decision: "verified" })).toMatchObject({ ok: true });
    expect(await decideKycDocumentAction({ documentId, decision: "rejected" })).toEqual({ ok: false, error: { code: "conflict", reason: "documentDecided" } });

    const collector = await createStaff("collection_agent");
    expect(await assignKycAction({ caseNumber: kycCase.caseNumber, assigneeId: collector.id })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { assigneeId: "notAKycOfficer" } } });
    expect(await assignKycAction({ caseNumber: kycCase.caseNumber, assigneeId: officer.id })).toEqual({ ok: true, data: { caseNumber: kycCase.caseNumber, status: "under_review" } });
    expect(await prisma.kycCase.findUniqueOrThrow({ where: { id: kycCase.id } })).toMatchObject({ status: "under_review", assignedToId: officer.id });

    expect(await addKycNoteAction({ caseNumber: kycCase.caseNumber, content: "   " })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await addKycNoteAction({ caseNumber: kycCase.caseNumber, content: "Called the applicant." })).toMatchObject({ ok: true });
    expect(await prisma.auditLog.count({ where: { entityId: kycCase.id, action: { in: ["kyc.document_verify", "kyc.assign", "kyc.note"] } } })).toBe(3);
  });

  it("refuses every decision to a role without kyc.decide, writing nothing", async () => {
    const { kycCase } = await submitApplication();
    await actAs("loan_officer");
    for (const result of [
      await approveKycAction({ caseNumber: kycCase.caseNumber }),
      await rejectKycAction({ caseNumber: kycCase.caseNumber, reason: "x" }),
      await requestKycResubmissionAction({ caseNumber: kycCase.caseNumber, reason: "x" }),
      await addKycNoteAction({ caseNumber: kycCase.caseNumber, content: "x" }),
    ]) {
      expect(result).toEqual({ ok: false, error: { code: "forbidden" } });
    }
    expect((await prisma.kycCase.findUniqueOrThrow({ where: { id: kycCase.id } })).status).toBe("pending_review");
  });
});

describe("resubmission", () => {
  it("sends the link by SMS, takes a new photo only with the right phone, and returns the case to the queue", async () => {
    const { kycCase, phone } = await submitApplication();
    await actAs("kyc_officer");
    expect(await requestKycResubmissionAction({ caseNumber: kycCase.caseNumber, reason: "The photo is blurred" })).toMatchObject({ ok: true, data: { status: "resubmission_required" } });
    const sms = await prisma.outboxMessage.findFirstOrThrow({ where: { entityType: "KycCase", entityId: kycCase.id, template: "kyc.resubmission" } });
    expect(sms).toMatchObject({ channel: "sms", recipient: phone });
    expect(sms.body).toContain("The photo is blurred");
    // The link opens the page in the applicant's language (English under /en).
    expect(/(\S*)\/kyc\/resubmit\?token=/.exec(sms.body)![1]).toBe(sms.language === "en" ? "/en" : "");
    const token = /token=([A-Za-z0-9_-]+)/.exec(sms.body)![1]!;
    expect((await prisma.kycCase.findUniqueOrThrow({ where: { id: kycCase.id } })).resubmissionTokenHash).toBe(sha256Hex(token));

    const photo = { bytes: cardJpeg(20 * 1024), mimeType: "image/jpeg" as const, originalName: null };
    const request = { ip: freshIp(), userAgent: "vitest" };
    expect(await acceptKycResubmission({ token, phone: "+8801999999999", photo }, request)).toEqual({ ok: false, error: "phoneMismatch" });
    expect(await acceptKycResubmission({ token: "x".repeat(43), phone, photo }, request)).toEqual({ ok: false, error: "invalidLink" });
    expect(await acceptKycResubmission({ token, phone, photo }, request)).toEqual({ ok: true, caseNumber: kycCase.caseNumber });
    expect(await acceptKycResubmission({ token, phone, photo }, request)).toEqual({ ok: false, error: "invalidLink" });

    const stored = await prisma.kycCase.findUniqueOrThrow({ where: { id: kycCase.id }, include: { documents: { orderBy: { uploadedAt: "asc" } } } });
    expect(stored).toMatchObject({ status: "pending_review", resubmissionTokenHash: null });
    expect(stored.documents).toHaveLength(2);
    const newDocument = stored.documents[1]!;
    expect(await prisma.job.count({ where: { kind: "kyc.ocr", payload: { equals: { documentId: newDocument.id } } } })).toBe(1);
    expect(await prisma.auditLog.count({ where: { entityId: kycCase.id, action: "kyc.resubmit" } })).toBe(1);
  });
});

describe("the queue", () => {
  it("counts its cards and tabs from the data", async () => {
    const stats = await kycStats(ALL_OFFICES);
    expect(stats.pendingReview).toBe(await prisma.kycCase.count({ where: { status: { in: ["pending_review", "under_review"] } } }));
    const filters = (raw: Record<string, string>) => kycListFiltersSchema.parse(raw);
    for (const [tab, statuses] of [["pending", ["pending_review", "under_review"]], ["approved", ["approved"]], ["rejected", ["rejected"]]] as const) {
      const list = await listKycCases(filters({ tab }), ALL_OFFICES);
      expect(list.total, tab).toBe(await prisma.kycCase.count({ where: { status: { in: [...statuses] } } }));
    }
    expect((await listKycCases(filters({ tab: "all" }), ALL_OFFICES)).total).toBe(await prisma.kycCase.count());
    // Search by KYC ID, member number and a phone typed in Bengali digits.
    expect((await listKycCases(filters({ tab: "all", q: "KYC-000102" }), ALL_OFFICES)).rows.map((r) => r.caseNumber)).toEqual(["KYC-000102"]);
    expect((await listKycCases(filters({ tab: "all", q: "U000101" }), ALL_OFFICES)).rows.map((r) => r.caseNumber)).toContain("KYC-000102");
    const rahim = await prisma.customer.findUniqueOrThrow({ where: { userNumber: "U000101" } });
    const bengaliPhone = rahim.phone.replace("+880", "0").replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    expect((await listKycCases(filters({ tab: "all", q: bengaliPhone }), ALL_OFFICES)).rows.map((r) => r.caseNumber)).toContain("KYC-000102");
  });

  it("keeps every demo customer's KYC status equal to their latest case", async () => {
    const customers = await prisma.customer.findMany({ select: { id: true, name: true, kycStatus: true } });
    for (const c of customers) {
      const latest = await prisma.kycCase.findFirst({ where: { OR: [{ customerId: c.id }, { application: { customerId: c.id } }] }, orderBy: { submittedAt: "desc" } });
      expect(c.kycStatus, `${c.name}: latest case ${latest?.caseNumber}`).toBe(customerKycStatusFor(latest?.status ?? null));
    }
  });
});

describe("job queue", () => {
  it("retries a failing job with backoff until it succeeds, and gives up after maxAttempts", async () => {
    await prisma.job.deleteMany();
    const flaky = await prisma.$transaction((tx) => enqueueJob(tx, { kind: "kyc.ocr", payload: { flaky: true }, maxAttempts: 3 }));
    let calls = 0;
    let now = new Date();
    const handlers = {
      "kyc.ocr": async () => {
        calls += 1;
        if (calls < 3) throw new Error(`attempt ${calls} failed`);
      },
    };
    expect(await runDueJobs(handlers, { now: () => now })).toEqual({ done: 0, retried: 1, failed: 0 });
    expect(await prisma.job.findUniqueOrThrow({ where: { id: flaky } })).toMatchObject({ status: "queued", attempts: 1, lastError: "attempt 1 failed" });
    // Not due again before its backoff.
    expect(await runDueJobs(handlers, { now: () => now })).toEqual({ done: 0, retried: 0, failed: 0 });
    now = new Date(now.getTime() + retryDelayMs(1) + 1);
    expect(await runDueJobs(handlers, { now: () => now })).toEqual({ done: 0, retried: 1, failed: 0 });
    now = new Date(now.getTime() + retryDelayMs(2) + 1);
    expect(await runDueJobs(handlers, { now: () => now })).toEqual({ done: 1, retried: 0, failed: 0 });
    expect(await prisma.job.findUniqueOrThrow({ where: { id: flaky } })).toMatchObject({ status: "done", attempts: 3, lastError: null });

    const doomed = await prisma.$transaction((tx) => enqueueJob(tx, { kind: "kyc.ocr", payload: {}, maxAttempts: 1 }));
    expect(await runDueJobs({ "kyc.ocr": async () => Promise.reject(new Error("broken card")) }, { now: () => now })).toEqual({ done: 0, retried: 0, failed: 1 });
    expect(await prisma.job.findUniqueOrThrow({ where: { id: doomed } })).toMatchObject({ status: "failed", lastError: "broken card" });
  });

  it("reclaims a job whose run died once its lease has passed", async () => {
    await prisma.job.deleteMany();
    const id = await prisma.$transaction((tx) => enqueueJob(tx, { kind: "kyc.ocr", payload: {} }));
    const now = new Date();
    expect((await claimNextJob(now))?.id).toBe(id);
    // The run "dies" here. Within the lease nobody takes the job; after it, the next run does.
    expect(await claimNextJob(new Date(now.getTime() + JOB_LEASE_MS - 1000))).toBeNull();
    const reclaimed = await claimNextJob(new Date(now.getTime() + JOB_LEASE_MS + 1000));
    expect(reclaimed).toMatchObject({ id, attempts: 2 });
  });

  it("never runs one job twice when several runners work at once (SKIP LOCKED)", async () => {
    await prisma.job.deleteMany();
    await prisma.$transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueueJob(tx, { kind: "kyc.ocr", payload: { n: i } });
    });
    const seen: number[] = [];
    const handlers = {
      "kyc.ocr": async (payload: unknown) => {
        seen.push((payload as { n: number }).n);
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
    };
    const runs = await Promise.all([runDueJobs(handlers), runDueJobs(handlers), runDueJobs(handlers), runDueJobs(handlers)]);
    expect(runs.reduce((sum, r) => sum + r.done, 0)).toBe(30);
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(await prisma.job.count({ where: { status: "done" } })).toBe(30);
  });
});
