"use server";
/** The public KYC resubmission endpoint: a POST anyone can call, so the handler checks everything itself. */
import { getRequestContext } from "@/lib/request";
import { handleKycResubmission, type KycResubmissionResult } from "./resubmission";

/** formData: "token" (from the SMS link), "phone", "photo" (the new card photo). */
export async function submitKycResubmission(formData: FormData): Promise<KycResubmissionResult> {
  return handleKycResubmission(formData, await getRequestContext());
}
