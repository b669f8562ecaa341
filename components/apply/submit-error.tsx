"use client";

import { AlertCircle } from "@/components/icons";
import { Alert, AlertTitle } from "@/components/ui/alert";

/** Why the submission did not go through; only ever shown after step 4, so it downloads with the later steps. */
export function SubmitErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive" data-testid="apply-submit-error" className="border-destructive/40 bg-destructive/5 mt-5">
      <AlertCircle aria-hidden />
      <AlertTitle className="line-clamp-none">{message}</AlertTitle>
    </Alert>
  );
}
