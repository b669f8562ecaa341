"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useActionSubmit } from "@/components/admin/forms";
import type { ActionResult } from "@/lib/auth/action-result";

/**
 * A dialog's form wired to a society action: open state, submit through the action (same schema on both
 * sides), and on success close, reset and re-render the screen from the server so every figure updates.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any transformed-values type
export function useDialogForm<V extends FieldValues, R>(form: UseFormReturn<V, unknown, any>, action: (values: V) => Promise<ActionResult<R>>, onSaved?: (data: R) => void) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const submit = useActionSubmit(form, action, (data) => {
    form.reset();
    setOpen(false);
    onSaved?.(data);
    router.refresh();
  });
  return { ...submit, open, setOpen };
}
