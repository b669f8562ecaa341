import "server-only";
import { isUniqueViolation } from "@/lib/db-errors";
import { z } from "zod";
import { writeAudit } from "@/lib/audit/service";
import { prisma } from "@/lib/db";
import { createStoredDocument, holdPendingUpload, takePendingUpload } from "@/lib/documents/service";
import { readImageUpload, type CheckedImageUpload } from "@/lib/documents/upload";
import { env } from "@/lib/env";
import type { KycPriority, NidVerificationStatus } from "@/lib/generated/prisma/enums";
import { runJobsAfterResponse } from "@/lib/jobs/runner";
import { openKycDocumentChecks } from "@/lib/kyc/service";
import { calculateEmi, type EmiCalculation } from "@/lib/loans/emi";
import { readActiveProducts } from "@/lib/products/queries";
import { CHECK_NID_IMAGE_LIMIT, STATUS_LOOKUP_LIMIT, SUBMIT_APPLICATION_LIMIT } from "@/lib/rate-limit/rules";
import { consumeRateLimit } from "@/lib/rate-limit/service";
import type { RequestContext } from "@/lib/request";
import { normalizeBdMobile } from "@/lib/validation/bd";
import { allocateNumberedCode } from "@/lib/ids/allocate";
import { generateApplicationId, normalizeApplicationId } from "./ids";
import { findApplicationIdByIdempotencyKey, findApplicationStatusForApplicant } from "./queries";
import { dhakaToday } from "@/lib/format";
import { type ProductLimits } from "./rules";
import { buildApplicationSchema, type ValidationMessageKey } from "./schemas";
import { upazilaByCode } from "@/lib/geo/upazilas";
import { routedBranchId } from "@/lib/offices/routing";
import { toValidationMessageKey } from "./validation-keys";
import type {
  ApplicationStatusLookupResult,
  CardProposal,
  CheckNidImageResult,
  SubmitApplicationResult,
} from "./types";
import { log } from "@/lib/ops/logger";

/** Where a request came from; `now` (defaults to the clock) lets tests pin the rate-limit window. */
export type LookupContext = RequestContext & { now?: Date };

/** A submission's context, plus overrides that tests and the benchmark use. */
export type SubmissionContext = LookupContext & {
  /** Submission time (also the rate-limit window's clock); defaults to the clock. */
  /** Today's date in Dhaka (YYYY-MM-DD) for the age rule; defaults to the date of `now`. */
  today?: () => string;
  /** Accept the prototype's simulated NID result; defaults to env().PROTOTYPE_COMPAT. */
  prototypeCompat?: boolean;
};

/** Form field names the wizard sends. */
export const PAYLOAD_FIELD = "payload";
export const NID_IMAGE_FIELD = "nidImage";
/** Instead of "nidImage": the token the image check answered for the same photo (uploaded once). */
export const NID_IMAGE_TOKEN_FIELD = "nidImageToken";
const PHOTO_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The JSON payload is a few hundred bytes; anything far larger is not from the wizard. */
const MAX_PAYLOAD_CHARS = 32 * 1024;

/** Attempts at the creating transaction when a generated ID or case number is already taken. */
const MAX_CREATE_ATTEMPTS = 5;

/** Amounts from here up get a high-priority KYC case: more money at stake. */
const HIGH_PRIORITY_AMOUNT = 500_000;

/** Checks every new case starts with, all pending: nothing is verified automatically yet. */


type ApplicationInput = z.output<ReturnType<typeof buildApplicationSchema>>;

/** First message per field path; messages outside the catalogue (e.g. zod's own) become "required". */
function toFieldErrors(issues: readonly z.core.$ZodIssue[]): Partial<Record<string, ValidationMessageKey>> {
  const fieldErrors: Partial<Record<string, ValidationMessageKey>> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".") || "form";
    if (fieldErrors[path]) continue;
    fieldErrors[path] = toValidationMessageKey(issue.message);
  }
  return fieldErrors;
}

function parsePayload(value: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof value !== "string" || value.length > MAX_PAYLOAD_CHARS) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}


/** A YYYY-MM-DD date as the @db.Date value Prisma expects (midnight UTC of that calendar day). */
function calendarDate(iso: string): Date {
  return new Date(`${iso}T00:00:00.000Z`);
}

function isoDateOrNull(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = calendarDate(value);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/**
 * Instant loans promise a decision within minutes and money within a day, and large amounts carry
 * the most risk: both are reviewed first.
 */
export function kycPriorityFor(input: { loanType: string; amount: number }): KycPriority {
  return input.loanType === "instant" || input.amount >= HIGH_PRIORITY_AMOUNT ? "high" : "medium";
}

type NidOutcome = {
  status: NidVerificationStatus;
  simulated: ApplicationInput["simulatedNid"] | null;
};

/** The simulated result counts only in prototype-compatibility mode; otherwise staff verify the card. */
function nidOutcome(input: ApplicationInput, prototypeCompat: boolean): NidOutcome {
  if (prototypeCompat && input.simulatedNid) return { status: "verified", simulated: input.simulatedNid };
  return { status: "pending_staff_verification", simulated: null };
}

/** The card photo of a submission: uploaded with it, or held by the image check under a token. */
type CardPhotoSource = { file: CheckedImageUpload } | { token: string };

/** The token named no held photo (expired, already used, or never issued). */
class CardPhotoGone extends Error {}

type PreparedApplication = {
  input: ApplicationInput;
  calculation: EmiCalculation;
  image: CardPhotoSource;
  nid: NidOutcome;
  submittedAt: Date;
};

/** Document, application, KYC case (with its document, checks and history note) and audit row: all or nothing. */
async function createApplicationRecords(prepared: PreparedApplication, ctx: SubmissionContext): Promise<string> {
  const { input, calculation, image, nid, submittedAt } = prepared;
  const simulated = nid.simulated;

  for (let attempt = 1; ; attempt++) {
    const applicationId = generateApplicationId();
    try {
      return await prisma.$transaction(
        async (tx) => {
          const file = "file" in image ? image.file : await takePendingUpload(tx, image.token, submittedAt);
          if (!file) throw new CardPhotoGone();
          const document = await createStoredDocument(tx, { kind: "nid_front", file, uploadedAt: submittedAt });

          const branchId = await routedBranchId(tx, input.upazilaCode);
          const application = await tx.loanApplication.create({
            data: {
              applicationId,
              idempotencyKey: input.idempotencyKey,
              status: "pending",
              language: input.language,
              loanType: input.loanType,
              amount: input.amount,
              tenure: input.tenure,
              purpose: input.purpose,
              name: input.name,
              phone: input.phone,
              email: input.email ?? null,
              dob: calendarDate(input.dob),
              nid: input.nid,
              address: input.address,
              upazilaCode: input.upazilaCode ?? null,
              // A routed upazila's open branch; otherwise the database's default (the one open branch, or the queue).
              ...(branchId ? { branchId } : {}),
              employmentType: input.employmentType,
              employer: input.employer,
              monthlyIncome: input.monthlyIncome,
              existingLoans: input.existingLoans ?? null,
              principal: calculation.principal,
              interestRate: calculation.interestRate,
              months: calculation.months,
              emi: calculation.emi,
              totalPayable: calculation.totalPayable,
              totalInterest: calculation.totalInterest,
              nidVerified: nid.status === "verified",
              nidVerificationStatus: nid.status,
              nidSimulated: simulated !== null,
              nidVerifiedName: simulated?.name ?? null,
              nidVerifiedNumber: simulated?.nidNumber ?? null,
              nidVerifiedDob: simulated ? isoDateOrNull(simulated.dateOfBirth) : null,
              nidFatherName: simulated?.fatherName ?? null,
              nidMotherName: simulated?.motherName ?? null,
              nidVerifiedAddress: simulated?.address ?? null,
              nidBloodGroup: simulated?.bloodGroup ?? null,
              nidConfidence: simulated?.confidence ?? null,
              nidImageId: document.id,
              submittedAt,
            },
            // The branch as routed (read back: the database's default when no upazila routes it).
            select: { id: true, branchId: true },
          });

          const caseNumber = await allocateNumberedCode(tx, "kycCase");
          const kycCase = await tx.kycCase.create({
            data: {
              caseNumber,
              applicationId: application.id,
              branchId: application.branchId,
              status: "pending_review",
              priority: kycPriorityFor(input),
              submittedAt,
              lastActivityAt: submittedAt,
              documents: {
                create: {
                  type: "nid_front",
                  category: "identity",
                  frontImageId: document.id,
                  // The prototype's simulation "reads" the card in compatibility mode; otherwise OCR does (kyc.ocr job).
                  extractedData: simulated
                    ? {
                        nidNumber: simulated.nidNumber,
                        fullName: simulated.name,
                        fatherName: simulated.fatherName ?? null,
                        motherName: simulated.motherName ?? null,
                        dateOfBirth: simulated.dateOfBirth,
                        address: simulated.address ?? null,
                      }
                    : undefined,
                  ocrConfidence: simulated?.confidence ?? null,
                  verificationStatus: "pending",
                  uploadedAt: submittedAt,
                },
              },
              // A system entry's content is a key of adminKyc.systemNote, translated when shown.
              notes: { create: { type: "system", content: simulated ? "openedSimulated" : "opened", createdAt: submittedAt } },
            },
            select: { id: true, documents: { select: { id: true } } },
          });
          // The checks it can compute now (duplicates, blacklist); OCR reads the card off the request path,
          // unless the prototype's simulation already "read" it.
          await openKycDocumentChecks(tx, { caseId: kycCase.id, documentId: kycCase.documents[0]!.id, readCard: !simulated }, submittedAt);

          await writeAudit(tx, {
            actor: { id: null, label: "applicant" },
            action: "application.submit",
            entityType: "LoanApplication",
            entityId: application.id,
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            after: {
              applicationId,
              status: "pending",
              // Where it was routed, and why (the upazila chosen, if any; none: the head office's queue).
              upazilaCode: input.upazilaCode ?? null,
              branchId: application.branchId,
              language: input.language,
              loanType: input.loanType,
              amount: input.amount,
              tenure: input.tenure,
              interestRate: calculation.interestRate,
              emi: calculation.emi,
              totalPayable: calculation.totalPayable,
              nidVerificationStatus: nid.status,
              nidSimulated: simulated !== null,
              nidImage: { documentId: document.id, mimeType: document.mimeType, sizeBytes: document.sizeBytes, sha256: document.sha256 },
              kycCaseNumber: caseNumber,
            },
          });

          return applicationId;
        },
        // Waiting for a pooled connection or the case-number lock under load is normal; give it time.
        { maxWait: 10_000, timeout: 20_000 },
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // A concurrent twin with the same idempotency key won: answer with its ID.
      const existing = await findApplicationIdByIdempotencyKey(input.idempotencyKey);
      if (existing) return existing;
      // Otherwise the generated application ID (or a case number) was taken: try again with a new one.
      if (attempt >= MAX_CREATE_ATTEMPTS) throw error;
    }
  }
}

/**
 * The wizard's submission: rate limit, validation, image check, server-side calculation, then every
 * record in one transaction. Nothing is written unless everything is valid (the rate-limit counter aside).
 * `formData` holds "payload" (JSON of the raw form values) and "nidImageToken" (from the image check) or
 * "nidImage" (the card image file).
 */
export async function handleApplicationSubmission(
  formData: FormData,
  ctx: SubmissionContext,
): Promise<SubmitApplicationResult> {
  try {
    const limit = await consumeRateLimit(SUBMIT_APPLICATION_LIMIT, ctx.ip, { now: ctx.now });
    if (!limit.allowed) return { ok: false, error: "rateLimited" };

    // A server action's arguments are whatever the caller sent, not necessarily form data.
    if (!(formData instanceof FormData)) return { ok: false, error: "validation", fieldErrors: {} };
    const payload = parsePayload(formData.get(PAYLOAD_FIELD));
    if (!payload) return { ok: false, error: "validation", fieldErrors: {} };

    // A replay (double click, network retry) gets the first result, whatever else it carries.
    const key = z.uuid().safeParse(payload.idempotencyKey);
    if (key.success) {
      const existing = await findApplicationIdByIdempotencyKey(key.data);
      if (existing) return { ok: true, applicationId: existing };
    }

    const products = await readActiveProducts("en");
    const limits: ProductLimits[] = products.map((p) => ({
      key: p.key,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      minTenure: p.minTenure,
      maxTenure: p.maxTenure,
    }));
    const submittedAt = ctx.now ?? new Date();
    const today = ctx.today ?? (() => dhakaToday(submittedAt));
    const parsed = buildApplicationSchema(limits, today).safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation", fieldErrors: toFieldErrors(parsed.error.issues) };
    const input = parsed.data;
    if (input.upazilaCode && !upazilaByCode(input.upazilaCode)) return { ok: false, error: "validation", fieldErrors: { upazilaCode: "unknownUpazila" } };

    const token = formData.get(NID_IMAGE_TOKEN_FIELD);
    let photo: CardPhotoSource;
    if (typeof token === "string" && token !== "") {
      if (!PHOTO_TOKEN.test(token)) return { ok: false, error: "image", imageError: "imageExpired" };
      photo = { token };
    } else {
      const upload = await readImageUpload(formData.get(NID_IMAGE_FIELD));
      if (!upload.ok) return { ok: false, error: "image", imageError: upload.error };
      photo = { file: upload.image };
    }

    // The schema only accepts a loan type with an active product, so the product exists.
    const product = products.find((p) => p.key === input.loanType);
    if (!product) return { ok: false, error: "validation", fieldErrors: { loanType: "required" } };
    // Never the client's numbers: any emi/totalPayable in the payload was stripped by the schema.
    const calculation = calculateEmi({ principal: input.amount, annualRate: product.annualRate, months: input.tenure });

    const applicationId = await createApplicationRecords(
      {
        input,
        calculation,
        image: photo,
        nid: nidOutcome(input, ctx.prototypeCompat ?? env().PROTOTYPE_COMPAT),
        submittedAt,
      },
      ctx,
    );
    runJobsAfterResponse();
    return { ok: true, applicationId };
  } catch (error) {
    if (error instanceof CardPhotoGone) return { ok: false, error: "image", imageError: "imageExpired" };
    log.error({ area: "applications", err: error }, "submission failed");
    return { ok: false, error: "server" };
  }
}

/**
 * The widget's immediate check of a captured or uploaded card image: decoded and re-encoded, then held
 * for the submission, which names it by the answered token instead of uploading it again.
 */

/** OCR on this server, bounded in time; null when it read nothing useful, failed or took too long. */
async function proposeCardFields(image: Uint8Array): Promise<CardProposal | null> {
  const { readNidCardWithin } = await import("@/lib/kyc/ocr/engine");
  const reading = await readNidCardWithin(image, env().WIZARD_OCR_TIMEOUT_MS);
  if (!reading) return null;
  const { nidNumber, fullName, dateOfBirth } = reading.fields;
  return nidNumber || fullName || dateOfBirth ? { nidNumber, fullName, dateOfBirth } : null;
}

export async function handleNidImageCheck(formData: FormData, ctx: LookupContext): Promise<CheckNidImageResult> {
  try {
    const limit = await consumeRateLimit(CHECK_NID_IMAGE_LIMIT, ctx.ip, { now: ctx.now });
    if (!limit.allowed) return { ok: false, error: "rateLimited" };
    if (!(formData instanceof FormData)) return { ok: false, error: "imageMissing" };
    const upload = await readImageUpload(formData.get(NID_IMAGE_FIELD));
    if (!upload.ok) return { ok: false, error: upload.error };
    // The card is read while the photo is stored; the prototype's simulation (compatibility mode) reads nothing.
    const [token, card] = await Promise.all([
      holdPendingUpload(upload.image, ctx.now),
      env().PROTOTYPE_COMPAT ? Promise.resolve(null) : proposeCardFields(upload.image.bytes),
    ]);
    return { ok: true, token, card };
  } catch (error) {
    // The result type has no server error; an unexpected failure here must not block the wizard:
    // without a token the submission uploads the photo itself, and it is checked then.
    log.error({ area: "applications", err: error }, "image check failed");
    return { ok: true, token: null, card: null };
  }
}

/**
 * /status: the application with this ID and phone number. An unknown ID and a wrong phone give the
 * same "notFound"; malformed input gives "validation" (it reveals nothing either).
 */
export async function handleStatusLookup(
  input: { applicationId: string; phone: string },
  ctx: LookupContext,
): Promise<ApplicationStatusLookupResult> {
  const limit = await consumeRateLimit(STATUS_LOOKUP_LIMIT, ctx.ip, { now: ctx.now });
  if (!limit.allowed) return { ok: false, error: "rateLimited" };

  const applicationId = typeof input?.applicationId === "string" ? normalizeApplicationId(input.applicationId) : null;
  const phone = typeof input?.phone === "string" ? normalizeBdMobile(input.phone) : null;
  if (!applicationId || !phone) return { ok: false, error: "validation" };

  const found = await findApplicationStatusForApplicant(applicationId, phone);
  if (!found) return { ok: false, error: "notFound" };
  return { ok: true, ...found };
}
