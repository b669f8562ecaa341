/**
 * The application submission service against PostgreSQL: what it stores, what it refuses, and
 * that replays and concurrent duplicates create one application.
 */
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { sha256Hex } from "@/lib/crypto/hash";
import { calculateEmi } from "@/lib/loans/emi";
import { prisma } from "@/lib/db";
import { handleApplicationSubmission, handleNidImageCheck, type SubmissionContext } from "@/lib/applications/service";
import * as ids from "@/lib/applications/ids";
import { seedProducts } from "@/prisma/seed";
import { cardJpeg, freshIp, submissionForm, validPayload } from "../support/application-fixtures";

// Pass-through by default; one test forces a collision of the generated ID.
vi.mock("@/lib/applications/ids", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/applications/ids")>();
  return { ...actual, generateApplicationId: vi.fn(actual.generateApplicationId) };
});

const MB = 1024 * 1024;

function ctx(extra: Partial<SubmissionContext> = {}): SubmissionContext {
  return { ip: freshIp(), userAgent: "vitest", ...extra };
}

async function counts() {
  const [applications, documents, kycCases, kycDocuments, checks, audits, jobs] = await Promise.all([
    prisma.loanApplication.count(),
    prisma.storedDocument.count(),
    prisma.kycCase.count(),
    prisma.kycDocument.count(),
    prisma.verificationCheck.count(),
    prisma.auditLog.count(),
    prisma.job.count(),
  ]);
  return { applications, documents, kycCases, kycDocuments, checks, audits, jobs };
}

/** Runs `fn` and asserts it left every table as it was. */
async function expectNothingWritten(fn: () => Promise<unknown>) {
  const before = await counts();
  await fn();
  expect(await counts()).toEqual(before);
}

beforeAll(async () => {
  await seedProducts(prisma);
});

afterAll(async () => {
  await prisma.$disconnect();
});

beforeEach(() => {
  vi.mocked(ids.generateApplicationId).mockClear();
});

describe("a valid submission", () => {
  it("creates exactly one application, one document and one KYC case, with the server's calculation", async () => {
    const before = await counts();
    const image = cardJpeg(50 * 1024);
    const payload = validPayload({
      // A tampered client: none of these may reach the database.
      emi: 1,
      totalPayable: 24,
      totalInterest: 0,
      interestRate: 0,
      calculation: { emi: 1, totalPayable: 24, interestRate: 0 },
      status: "approved",
      nidVerified: true,
    });
    const context = ctx({ userAgent: "Mozilla/5.0 (Linux; Android 10; K)" });
    const result = await handleApplicationSubmission(
      submissionForm(payload, new File([image], "C:\\fakepath\\আমার এনআইডি.JPG", { type: "application/octet-stream" })),
      context,
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.applicationId).toMatch(/^LB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const after = await counts();
    expect(after).toEqual({
      applications: before.applications + 1,
      documents: before.documents + 1,
      kycCases: before.kycCases + 1,
      kycDocuments: before.kycDocuments + 1,
      // Seven checks, computed at once (the card's wait for OCR, which is queued as one job).
      checks: before.checks + 7,
      audits: before.audits + 1,
      jobs: before.jobs + 1,
    });

    const app = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: result.applicationId },
      include: { nidImage: true, kycCases: { include: { documents: true, checks: true, notes: true } } },
    });
    const expected = calculateEmi({ principal: 200_000, annualRate: 15, months: 24 });
    expect(expected.emi).toBeGreaterThan(9000);
    expect(app).toMatchObject({
      status: "pending",
      language: "bn",
      loanType: "salary",
      amount: 200_000,
      tenure: 24,
      phone: "+8801712345678",
      email: null,
      nid: "1234567890",
      monthlyIncome: 60_000,
      existingLoans: null,
      employmentType: "salaried",
      principal: 200_000,
      months: 24,
      emi: expected.emi,
      totalPayable: expected.totalPayable,
      totalInterest: expected.totalInterest,
      nidVerified: false,
      nidVerificationStatus: "pending_staff_verification",
      nidSimulated: false,
      idempotencyKey: payload.idempotencyKey,
    });
    expect(app.interestRate.toNumber()).toBe(15);
    expect(app.dob.toISOString().slice(0, 10)).toBe("1990-05-17");
    expect(Math.abs(app.submittedAt.getTime() - Date.now())).toBeLessThan(60_000);

    // The card image: decoded and re-encoded (the 50 KB of application segments are gone), its digest, a cleaned name.
    const stored = Buffer.from(app.nidImage!.bytes);
    expect(app.nidImage).toMatchObject({ kind: "nid_front", mimeType: "image/jpeg", sizeBytes: stored.length, originalName: "আমার এনআইডি.JPG", sha256: sha256Hex(stored) });
    expect(stored.length).toBeLessThan(image.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 40 });

    // The KYC case for staff.
    expect(app.kycCases).toHaveLength(1);
    const kyc = app.kycCases[0]!;
    expect(kyc).toMatchObject({ status: "pending_review", priority: "medium", customerId: null });
    expect(kyc.caseNumber).toMatch(/^KYC-\d{6,}$/);
    expect(kyc.documents).toEqual([
      expect.objectContaining({ type: "nid_front", category: "identity", frontImageId: app.nidImageId, verificationStatus: "pending", extractedData: null }),
    ]);
    // Duplicates and the blacklist are computed at once; the card's checks wait for OCR, face and address for the officer.
    expect(Object.fromEntries(kyc.checks.map((c) => [c.kind, c.status]))).toEqual({
      nid_match: "pending",
      name_match: "pending",
      date_of_birth_match: "pending",
      duplicate_check: "pass",
      blacklist_check: "pass",
      face_match: "pending",
      address_verification: "pending",
    });
    expect(kyc.notes).toEqual([expect.objectContaining({ type: "system", authorId: null })]);

    // The audit record: anonymous applicant, address and browser, a summary without the image bytes.
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: "LoanApplication", entityId: app.id } });
    expect(audit).toMatchObject({
      actorId: null,
      actorLabel: "applicant",
      action: "application.submit",
      ip: context.ip,
      userAgent: "Mozilla/5.0 (Linux; Android 10; K)",
    });
    expect(audit.after).toMatchObject({ applicationId: result.applicationId, emi: expected.emi, kycCaseNumber: kyc.caseNumber });
    expect(JSON.stringify(audit.after).length).toBeLessThan(2000);
  });

  it("stores an English application with optional fields and gives instant loans a high-priority case", async () => {
    const result = await handleApplicationSubmission(
      submissionForm(
        validPayload({
          loanType: "instant",
          amount: "25000",
          tenure: "6",
          language: "en",
          email: "Rahima@Example.com",
          existingLoans: "5,000",
          phone: "+৮৮০ ১৭১২-৩৪৫৬৭৮",
        }),
        new File([new Uint8Array(await sharp({ create: { width: 300, height: 190, channels: 3, background: "#fff" } }).png().toBuffer())], "card.png", { type: "image/png" }),
      ),
      ctx(),
    );
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: result.applicationId },
      include: { nidImage: { select: { mimeType: true } }, kycCases: true },
    });
    expect(app).toMatchObject({ language: "en", email: "rahima@example.com", existingLoans: 5_000, phone: "+8801712345678" });
    expect(app.emi).toBe(calculateEmi({ principal: 25_000, annualRate: 18, months: 6 }).emi);
    // Stored as JPEG whatever came in.
    expect(app.nidImage?.mimeType).toBe("image/jpeg");
    expect(app.kycCases[0]?.priority).toBe("high");
  });

  it("gives concurrent submissions distinct IDs and distinct KYC case numbers", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => handleApplicationSubmission(submissionForm(validPayload()), ctx())));
    const applicationIds = results.map((r) => (r.ok ? r.applicationId : JSON.stringify(r)));
    expect(new Set(applicationIds).size).toBe(6);
    const cases = await prisma.kycCase.findMany({
      where: { application: { applicationId: { in: applicationIds } } },
      select: { caseNumber: true },
    });
    expect(new Set(cases.map((c) => c.caseNumber)).size).toBe(6);
  });

  it("retries with a fresh ID when the generated one is already taken", async () => {
    const first = await handleApplicationSubmission(submissionForm(validPayload()), ctx());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    vi.mocked(ids.generateApplicationId).mockClear();
    vi.mocked(ids.generateApplicationId).mockImplementationOnce(() => first.applicationId);

    const before = await counts();
    const second = await handleApplicationSubmission(submissionForm(validPayload()), ctx());
    expect(second.ok, JSON.stringify(second)).toBe(true);
    if (!second.ok) return;
    expect(second.applicationId).not.toBe(first.applicationId);
    expect(vi.mocked(ids.generateApplicationId)).toHaveBeenCalledTimes(2);
    // The failed attempt rolled back completely: one more of each, not two documents.
    expect((await counts()).documents).toBe(before.documents + 1);
    expect((await counts()).applications).toBe(before.applications + 1);
  });
});

describe("an invalid submission", () => {
  it("creates nothing and names the failing fields", async () => {
    let result: Awaited<ReturnType<typeof handleApplicationSubmission>> | undefined;
    await expectNothingWritten(async () => {
      result = await handleApplicationSubmission(
        submissionForm(
          validPayload({
            amount: "১০,০০০",
            tenure: "9",
            phone: "01212345678",
            nid: "12345678901",
            dob: "2015-01-01",
            email: "nope",
            monthlyIncome: "0",
            nidCardCaptured: false,
          }),
        ),
        ctx(),
      );
    });
    expect(result).toEqual({
      ok: false,
      error: "validation",
      fieldErrors: {
        tenure: "tenureNotAllowed",
        phone: "invalidPhone",
        nid: "invalidNid",
        dob: "underAge",
        email: "invalidEmail",
        monthlyIncome: "invalidIncome",
        nidCardCaptured: "nidCardRequired",
      },
    });
  });

  it("refuses an amount outside the chosen product's range", async () => {
    await expectNothingWritten(async () => {
      const result = await handleApplicationSubmission(submissionForm(validPayload({ amount: "১০,০০০" })), ctx());
      expect(result).toEqual({ ok: false, error: "validation", fieldErrors: { amount: "amountOutOfRange" } });
    });
  });

  it("refuses malformed or missing JSON without writing", async () => {
    for (const payload of ["{not json", "[]", "null", '"text"', ""]) {
      await expectNothingWritten(async () => {
        expect(await handleApplicationSubmission(submissionForm(payload), ctx())).toEqual({ ok: false, error: "validation", fieldErrors: {} });
      });
    }
    await expectNothingWritten(async () => {
      expect(await handleApplicationSubmission(new FormData(), ctx())).toEqual({ ok: false, error: "validation", fieldErrors: {} });
      // A hand-made action call can send any serializable value instead of form data.
      const notForm = { payload: JSON.stringify(validPayload()) } as unknown as FormData;
      expect(await handleApplicationSubmission(notForm, ctx())).toEqual({ ok: false, error: "validation", fieldErrors: {} });
    });
  });

  it("refuses a loan type whose product is inactive", async () => {
    await prisma.loanProduct.update({ where: { key: "business" }, data: { active: false } });
    try {
      await expectNothingWritten(async () => {
        const result = await handleApplicationSubmission(
          submissionForm(validPayload({ loanType: "business", amount: "100000", tenure: "12" })),
          ctx(),
        );
        expect(result).toEqual({ ok: false, error: "validation", fieldErrors: { loanType: "required" } });
      });
    } finally {
      await prisma.loanProduct.update({ where: { key: "business" }, data: { active: true } });
    }
  });

  it("refuses a missing language or idempotency key", async () => {
    await expectNothingWritten(async () => {
      const result = await handleApplicationSubmission(submissionForm(validPayload({ language: "fr", idempotencyKey: "x" })), ctx());
      expect(result).toEqual({ ok: false, error: "validation", fieldErrors: { language: "required", idempotencyKey: "required" } });
    });
  });
});

describe("the card image", () => {
  it("refuses a 6 MB file", async () => {
    await expectNothingWritten(async () => {
      const result = await handleApplicationSubmission(
        submissionForm(validPayload(), new File([cardJpeg(6 * MB)], "big.jpg", { type: "image/jpeg" })),
        ctx(),
      );
      expect(result).toEqual({ ok: false, error: "image", imageError: "imageTooLarge" });
    });
  });

  it("refuses an image just over the 5 MB limit and accepts one just under", async () => {
    await expectNothingWritten(async () => {
      const result = await handleApplicationSubmission(
        submissionForm(validPayload(), new File([cardJpeg(5 * MB)], "exactly-5mb.jpg", { type: "image/jpeg" })),
        ctx(),
      );
      expect(result).toEqual({ ok: false, error: "image", imageError: "imageTooLarge" });
    });
    const underLimit = await handleApplicationSubmission(
      submissionForm(validPayload(), new File([cardJpeg(5 * MB - 1)], "just-under.jpg", { type: "image/jpeg" })),
      ctx(),
    );
    expect(underLimit.ok, JSON.stringify(underLimit)).toBe(true);
  });

  it("refuses a text file renamed .jpg with an image/jpeg type", async () => {
    const text = new TextEncoder().encode("Not a picture of an NID card, just text.\n".repeat(100));
    await expectNothingWritten(async () => {
      const result = await handleApplicationSubmission(
        submissionForm(validPayload(), new File([text], "nid.jpg", { type: "image/jpeg" })),
        ctx(),
      );
      expect(result).toEqual({ ok: false, error: "image", imageError: "imageNotImage" });
    });
  });

  it("refuses a submission without an image", async () => {
    await expectNothingWritten(async () => {
      expect(await handleApplicationSubmission(submissionForm(validPayload(), null), ctx())).toEqual({
        ok: false,
        error: "image",
        imageError: "imageMissing",
      });
    });
  });

  it("refuses forged, truncated and polyglot files with the translated message, at the check and at submission", async () => {
    const real = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#3a7" } }).jpeg().toBuffer();
    const files = {
      // The four JPEG start bytes, then a web page.
      forgedJpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")]),
      // The PNG signature, then junk.
      forgedPng: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4096, 0x41)]),
      truncated: real.subarray(0, Math.floor(real.length / 2)),
      // Valid as a page and as a zip, with JPEG start bytes first.
      polyglot: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb]), Buffer.from("<!DOCTYPE html><html></html>PK\u0003\u0004")]),
    };
    for (const bytes of Object.values(files)) {
      const file = new File([new Uint8Array(bytes)], "nid.jpg", { type: "image/jpeg" });
      await expectNothingWritten(async () => {
        expect(await handleNidImageCheck(imageForm(file), ctx())).toEqual({ ok: false, error: "imageNotImage" });
        expect(await handleApplicationSubmission(submissionForm(validPayload(), file), ctx())).toEqual({ ok: false, error: "image", imageError: "imageNotImage" });
      });
    }
    // The message the wizard shows for it, in both languages.
    expect(bn.validation.imageNotImage).toBe("শুধুমাত্র ছবি ফাইল গ্রহণযোগ্য");
    expect(en.validation.imageNotImage).toBe("Only image files are allowed");
    expect(await handleNidImageCheck(imageForm(new File([cardJpeg(6 * MB)], "a.jpg", { type: "image/jpeg" })), ctx())).toEqual({ ok: false, error: "imageTooLarge" });
    expect(await handleNidImageCheck(new FormData(), ctx())).toEqual({ ok: false, error: "imageMissing" });
  });

  it("uploads once: the check holds the re-encoded photo (upright, 2,000 px, no GPS) and the submission takes it by its token", async () => {
    // As a phone wrote it: 4,000 × 3,000 with "rotate 90°" and a GPS position in its EXIF.
    const fromPhone = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#2a6" } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
      .jpeg()
      .toBuffer();
    const check = await handleNidImageCheck(imageForm(new File([new Uint8Array(fromPhone)], "IMG_2041.JPG", { type: "image/jpeg" })), ctx());
    // A plain green picture: OCR reads nothing, so the wizard is proposed nothing.
    expect(check).toEqual({ ok: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), card: null });
    if (!check.ok || !check.token) return;
    // Only the token's digest is kept.
    expect(await prisma.pendingUpload.count({ where: { tokenHash: check.token } })).toBe(0);
    expect(await prisma.pendingUpload.count({ where: { tokenHash: sha256Hex(check.token) } })).toBe(1);

    const result = await handleApplicationSubmission(tokenForm(validPayload(), check.token), ctx());
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: result.applicationId }, include: { nidImage: true } });
    const stored = Buffer.from(app.nidImage!.bytes);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1500, height: 2000 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes("PhoneMaker")).toBe(false);
    expect(app.nidImage).toMatchObject({ originalName: "IMG_2041.JPG", sha256: sha256Hex(stored) });
    // Taken: a second application cannot use the same photo.
    expect(await prisma.pendingUpload.count({ where: { tokenHash: sha256Hex(check.token) } })).toBe(0);
    await expectNothingWritten(async () => {
      expect(await handleApplicationSubmission(tokenForm(validPayload(), check.token!), ctx())).toEqual({ ok: false, error: "image", imageError: "imageExpired" });
    });
  });

  it("refuses an expired or made-up token, and of two submissions racing with one token exactly one gets the photo", async () => {
    const held = async (now?: Date) => {
      const check = await handleNidImageCheck(imageForm(new File([cardJpeg(2000)], "a.jpg", { type: "image/jpeg" })), ctx({ now }));
      if (!check.ok || !check.token) throw new Error(JSON.stringify(check));
      return check.token;
    };
    const old = await held(new Date(Date.now() - 3 * 60 * 60 * 1000));
    await expectNothingWritten(async () => {
      expect(await handleApplicationSubmission(tokenForm(validPayload(), old), ctx())).toEqual({ ok: false, error: "image", imageError: "imageExpired" });
      expect(await handleApplicationSubmission(tokenForm(validPayload(), "x".repeat(43)), ctx())).toEqual({ ok: false, error: "image", imageError: "imageExpired" });
      expect(await handleApplicationSubmission(tokenForm(validPayload(), "not a token"), ctx())).toEqual({ ok: false, error: "image", imageError: "imageExpired" });
    });
    // Holding a new photo sweeps the expired ones.
    await held();
    expect(await prisma.pendingUpload.count({ where: { tokenHash: sha256Hex(old) } })).toBe(0);

    const token = await held();
    const before = await counts();
    const results = await Promise.all([0, 1, 2].map(() => handleApplicationSubmission(tokenForm(validPayload(), token), ctx())));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, error: "image", imageError: "imageExpired" },
      { ok: false, error: "image", imageError: "imageExpired" },
    ]);
    expect((await counts()).applications).toBe(before.applications + 1);
  });
});

function imageForm(file: Blob): FormData {
  const form = new FormData();
  form.set("nidImage", file);
  return form;
}

function tokenForm(payload: Record<string, unknown>, token: string): FormData {
  const form = submissionForm(payload, null);
  form.set("nidImageToken", token);
  return form;
}

describe("replays and duplicates", () => {
  it("a replayed submission creates nothing new and returns the same ID", async () => {
    const payload = validPayload();
    const first = await handleApplicationSubmission(submissionForm(payload), ctx());
    expect(first.ok).toBe(true);
    await expectNothingWritten(async () => {
      expect(await handleApplicationSubmission(submissionForm(payload), ctx())).toEqual(first);
      // Even a replay that changed its content or lost its image answers with the first result.
      expect(await handleApplicationSubmission(submissionForm({ ...payload, amount: "3,00,000" }, null), ctx())).toEqual(first);
    });
  });

  it("five concurrent submissions with one key create one application", async () => {
    const payload = validPayload();
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 5 }, () => handleApplicationSubmission(submissionForm(payload), ctx())));
    expect(results.every((r) => r.ok)).toBe(true);
    const applicationIds = new Set(results.map((r) => (r.ok ? r.applicationId : "")));
    expect(applicationIds.size).toBe(1);
    const after = await counts();
    expect(after.applications).toBe(before.applications + 1);
    expect(after.documents).toBe(before.documents + 1);
    expect(after.kycCases).toBe(before.kycCases + 1);
    expect(after.audits).toBe(before.audits + 1);
    expect(await prisma.loanApplication.count({ where: { idempotencyKey: String(payload.idempotencyKey) } })).toBe(1);
  });
});

describe("NID verification modes", () => {
  const simulatedNid = {
    nidNumber: "1990123456789",
    name: "মোঃ আব্দুল করিম",
    dateOfBirth: "1990-01-15",
    fatherName: "মোঃ আব্দুল জলিল",
    motherName: "মোসাঃ রাহেলা খাতুন",
    address: "ঢাকা",
    bloodGroup: "B+",
    confidence: 93,
  };

  it("with the compatibility flag off, a simulated result in the payload stores nothing fabricated", async () => {
    const result = await handleApplicationSubmission(submissionForm(validPayload({ simulatedNid })), ctx({ prototypeCompat: false }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: result.applicationId },
      include: { kycCases: { include: { documents: true } } },
    });
    expect(app).toMatchObject({
      nidVerified: false,
      nidVerificationStatus: "pending_staff_verification",
      nidSimulated: false,
      nidVerifiedName: null,
      nidVerifiedNumber: null,
      nidVerifiedDob: null,
      nidFatherName: null,
      nidMotherName: null,
      nidVerifiedAddress: null,
      nidBloodGroup: null,
      nidConfidence: null,
    });
    expect(app.kycCases[0]?.documents[0]).toMatchObject({ extractedData: null, ocrConfidence: null });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: app.id } });
    expect(JSON.stringify(audit.after)).not.toContain(simulatedNid.name);
  });

  it("off is the default (PROTOTYPE_COMPAT unset)", async () => {
    const result = await handleApplicationSubmission(submissionForm(validPayload({ simulatedNid })), ctx());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: result.applicationId } });
    expect(app).toMatchObject({ nidSimulated: false, nidVerifiedName: null, nidVerificationStatus: "pending_staff_verification" });
  });

  it("with the compatibility flag on, the simulated result is stored and marked as simulated", async () => {
    const result = await handleApplicationSubmission(submissionForm(validPayload({ simulatedNid })), ctx({ prototypeCompat: true }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({
      where: { applicationId: result.applicationId },
      include: { kycCases: { include: { documents: true, notes: true } } },
    });
    expect(app).toMatchObject({
      nidVerified: true,
      nidVerificationStatus: "verified",
      nidSimulated: true,
      nidVerifiedName: simulatedNid.name,
      nidVerifiedNumber: simulatedNid.nidNumber,
      nidFatherName: simulatedNid.fatherName,
      nidMotherName: simulatedNid.motherName,
      nidVerifiedAddress: simulatedNid.address,
      nidBloodGroup: "B+",
      nidConfidence: 93,
    });
    expect(app.nidVerifiedDob?.toISOString().slice(0, 10)).toBe("1990-01-15");
    const kyc = app.kycCases[0]!;
    expect(kyc.documents[0]).toMatchObject({ ocrConfidence: 93, extractedData: expect.objectContaining({ fullName: simulatedNid.name }) });
    // The history entry's key: "…came from the prototype's simulated verifier, not a real check."
    expect(kyc.notes[0]?.content).toBe("openedSimulated");
  });

  it("with the flag on but no simulated result, the card waits for staff", async () => {
    const result = await handleApplicationSubmission(submissionForm(validPayload()), ctx({ prototypeCompat: true }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const app = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: result.applicationId } });
    expect(app).toMatchObject({ nidSimulated: false, nidVerified: false, nidVerificationStatus: "pending_staff_verification" });
  });
});
