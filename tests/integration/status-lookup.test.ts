/** /status: the right application ID and phone show the status; anything else reveals nothing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { handleApplicationSubmission, handleStatusLookup } from "@/lib/applications/service";
import { seedProducts } from "@/prisma/seed";
import { freshIp, submissionForm, validPayload } from "../support/application-fixtures";

let applicationId: string;
const PHONE = "01812-345678";

beforeAll(async () => {
  await seedProducts(prisma);
  const result = await handleApplicationSubmission(
    submissionForm(validPayload({ phone: PHONE, loanType: "business", amount: "1,50,000", tenure: "18" })),
    { ip: freshIp(), userAgent: null },
  );
  if (!result.ok) throw new Error(`setup submission failed: ${JSON.stringify(result)}`);
  applicationId = result.applicationId;
});

afterAll(async () => {
  await prisma.$disconnect();
});

const lookup = (id: string, phone: string) => handleStatusLookup({ applicationId: id, phone }, { ip: freshIp(), userAgent: null });

describe("status lookup", () => {
  it("says what the identity check needs while it waits for a new card photo, and nothing after", async () => {
    const app = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId }, select: { id: true } });
    const kycCase = await prisma.kycCase.findFirstOrThrow({ where: { applicationId: app.id } });
    await prisma.kycCase.update({ where: { id: kycCase.id }, data: { status: "resubmission_required", rejectionReason: "The photo is blurred" } });
    expect(await lookup(applicationId, PHONE)).toMatchObject({ ok: true, kycResubmission: { reason: "The photo is blurred" } });
    await prisma.kycCase.update({ where: { id: kycCase.id }, data: { status: "pending_review" } });
    expect(await lookup(applicationId, PHONE)).toMatchObject({ ok: true, kycResubmission: null });
  });

  it("shows a pending application for the right pair", async () => {
    const result = await lookup(applicationId, PHONE);
    expect(result).toEqual({
      ok: true,
      applicationId,
      status: "pending",
      rejectionReason: null,
      loanType: "business",
      amount: 150_000,
      tenure: 18,
      submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      reviewedAt: null,
      kycResubmission: null,
      loan: null,
    });
  });

  it("accepts the pair as people type it: spaces, lowercase lb, Bengali digits, +880", async () => {
    const bengaliId = applicationId.slice(2).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);
    for (const [id, phone] of [
      [`  ${applicationId.toLowerCase()}  `, "+880 1812-345678"],
      [`lb${bengaliId}`, "০১৮১২৩৪৫৬৭৮"],
      [applicationId, "8801812345678"],
    ] as const) {
      const result = await lookup(id, phone);
      expect(result.ok, `${id} / ${phone}`).toBe(true);
    }
  });

  it("gives the same notFound for a wrong phone and for an unknown ID", async () => {
    const wrongPhone = await lookup(applicationId, "01712-345678");
    const unknownId = await lookup(`LB${Date.now()}999`, PHONE);
    expect(wrongPhone).toEqual({ ok: false, error: "notFound" });
    expect(unknownId).toEqual(wrongPhone);
  });

  it("refuses malformed input without looking anything up", async () => {
    expect(await lookup("", PHONE)).toEqual({ ok: false, error: "validation" });
    expect(await lookup("hello", PHONE)).toEqual({ ok: false, error: "validation" });
    expect(await lookup(applicationId, "12345")).toEqual({ ok: false, error: "validation" });
    expect(await lookup(applicationId, "01212345678")).toEqual({ ok: false, error: "validation" });
  });

  it("shows review progress and a rejection with its reason", async () => {
    const reviewedAt = new Date("2026-11-23T05:00:00.000Z");
    await prisma.loanApplication.update({ where: { applicationId }, data: { status: "under_review" } });
    expect(await lookup(applicationId, PHONE)).toMatchObject({ ok: true, status: "under_review", rejectionReason: null });

    // A reason left over from an earlier decision is not shown unless the application is rejected.
    await prisma.loanApplication.update({
      where: { applicationId },
      data: { status: "approved", reviewedAt, rejectionReason: "stale" },
    });
    expect(await lookup(applicationId, PHONE)).toMatchObject({ ok: true, status: "approved", rejectionReason: null, reviewedAt: reviewedAt.toISOString() });

    await prisma.loanApplication.update({
      where: { applicationId },
      data: { status: "rejected", rejectionReason: "Monthly income is below the product's minimum." },
    });
    expect(await lookup(applicationId, PHONE)).toMatchObject({
      ok: true,
      status: "rejected",
      rejectionReason: "Monthly income is below the product's minimum.",
    });
  });

  it("never returns personal data beyond the status summary", async () => {
    const result = await lookup(applicationId, PHONE);
    expect(Object.keys(result).sort()).toEqual(
      ["ok", "applicationId", "status", "rejectionReason", "loanType", "amount", "tenure", "submittedAt", "reviewedAt", "kycResubmission", "loan"].sort(),
    );
  });
});
