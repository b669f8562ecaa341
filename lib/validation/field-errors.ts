import type { z } from "zod";
import { toValidationMessageKey } from "@/lib/applications/validation-keys";

/** Field path ("rows.3.savings") → key of the "validation" namespace; the first issue of each field wins. Pure. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "form";
    fieldErrors[path] ??= toValidationMessageKey(issue.message);
  }
  return fieldErrors;
}
