"use server";
/**
 * The loan application's server actions: public POST endpoints, so each one rate-limits and
 * validates everything itself (in the service); these wrappers only add who sent the request.
 * Request bodies above next.config.ts's serverActions.bodySizeLimit are refused by Next.js before
 * reaching this code.
 */
import { getRequestContext } from "@/lib/request";
import { handleApplicationSubmission, handleNidImageCheck, handleStatusLookup } from "./service";
import type { ApplicationStatusLookupResult, CheckNidImageResult, SubmitApplicationResult } from "./types";

/** formData: "payload" (JSON of the raw form values, language, idempotencyKey) and "nidImage" (the card image). */
export async function submitApplication(formData: FormData): Promise<SubmitApplicationResult> {
  return handleApplicationSubmission(formData, await getRequestContext());
}

/** formData: "nidImage". Checks the image (magic bytes, size) without storing it. */
export async function checkNidImage(formData: FormData): Promise<CheckNidImageResult> {
  return handleNidImageCheck(formData, await getRequestContext());
}

export async function lookupApplicationStatus(input: {
  applicationId: string;
  phone: string;
}): Promise<ApplicationStatusLookupResult> {
  return handleStatusLookup(input, await getRequestContext());
}
