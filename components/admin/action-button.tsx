"use client";

import { Loader2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import type { ActionError, ActionResult } from "@/lib/auth/action-result";

/**
 * A button that runs one server action on a listed record (remove, resend, apply): an optional confirmation first,
 * the refusal shown under it, and on success `onDone` (a notice) and a refresh of the page's data.
 */
export function ActionButton<T>({
  run,
  onDone,
  confirm,
  icon,
  spinWhilePending = false,
  children,
  testId,
  size,
  variant,
  className = "flex flex-col items-end gap-1",
  reasonsFrom,
}: {
  run: () => Promise<ActionResult<T>>;
  onDone: (data: T) => void;
  /** Asked with window.confirm before running; nothing runs when declined. */
  confirm?: string;
  icon: ReactNode;
  spinWhilePending?: boolean;
  children: ReactNode;
  testId: string;
  size?: "sm";
  variant: "ghost" | "outline";
  className?: string;
  /** The screen's namespace whose `reasons` word a refusal (before adminCommon's). */
  reasonsFrom?: "adminCustomers" | "adminKyc" | "adminOffices";
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  return (
    <div className={className}>
      <Button
        size={size}
        variant={variant}
        disabled={pending}
        data-testid={testId}
        onClick={() => {
          if (confirm && !window.confirm(confirm)) return;
          startTransition(async () => {
            const result = await run();
            if (!result.ok) return setError(result.error);
            onDone(result.data);
            router.refresh();
          });
        }}
      >
        {pending && spinWhilePending ? <Loader2 className="animate-spin" aria-hidden /> : icon}
        {children}
      </Button>
      <ActionErrorAlert error={error} reasonsFrom={reasonsFrom} />
    </div>
  );
}
