import "server-only";
import type { ImageErrorKey } from "@/lib/applications/types";
import { readImageUpload } from "@/lib/documents/upload";
import { runJobsAfterResponse } from "@/lib/jobs/runner";
import { KYC_RESUBMISSION_LIMIT } from "@/lib/rate-limit/rules";
import { consumeRateLimit } from "@/lib/rate-limit/service";
import type { RequestContext } from "@/lib/request";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { kycResubmissionSchema } from "./schemas";
import { acceptKycResubmission } from "./service";
import { log } from "@/lib/ops/logger";

export type KycResubmissionResult =
  | { ok: true; caseNumber: string }
  | { ok: false; error: "rateLimited" | "invalidLink" | "phoneMismatch" | "server" | ImageErrorKey; fieldErrors?: Record<string, string> };

/**
 * The public resubmission page's POST: rate limit per client address, the shared schema (token, phone), the
 * photo decoded and re-encoded like the wizard's, then one transaction; OCR starts after the response.
 * A wrong phone and an unknown link are told apart only after the token matched a waiting case.
 */
export async function handleKycResubmission(formData: FormData, ctx: RequestContext & { now?: Date }): Promise<KycResubmissionResult> {
  const now = ctx.now ?? new Date();
  const limit = await consumeRateLimit(KYC_RESUBMISSION_LIMIT, ctx.ip, { now });
  if (!limit.allowed) return { ok: false, error: "rateLimited" };
  if (!(formData instanceof FormData)) return { ok: false, error: "invalidLink" };
  const parsed = kycResubmissionSchema.safeParse({ token: formData.get("token"), phone: formData.get("phone") });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return fieldErrors.token ? { ok: false, error: "invalidLink" } : { ok: false, error: "phoneMismatch", fieldErrors };
  }
  const upload = await readImageUpload(formData.get("photo"));
  if (!upload.ok) return { ok: false, error: upload.error };
  try {
    const result = await acceptKycResubmission({ ...parsed.data, photo: upload.image }, ctx, now);
    if (result.ok) runJobsAfterResponse();
    return result;
  } catch (error) {
    log.error({ area: "kyc", err: error }, "resubmission failed");
    return { ok: false, error: "server" };
  }
}
