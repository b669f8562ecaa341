"use client";

import { RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { announceNotice } from "@/components/admin/notices";
import { Button } from "@/components/ui/button";
import type { ActionError } from "@/lib/auth/action-result";
import { resendMessageAction } from "@/lib/outbox/actions";

/** Puts a message given up on back in the outbox, due at once. */
export function ResendMessageButton({ id }: { id: string }) {
  const t = useTranslations("adminMessages");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<ActionError | null>(null);
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        size="sm"
        variant="outline"
        disabled={pending}
        data-testid="message-resend"
        onClick={() =>
          startTransition(async () => {
            const result = await resendMessageAction({ id });
            if (!result.ok) return setError(result.error);
            announceNotice({ tone: "success", title: t("notices.resentTitle"), text: t("notices.resentText") });
            router.refresh();
          })
        }
      >
        <RotateCw aria-hidden />
        {t("resend")}
      </Button>
      <ActionErrorAlert error={error} />
    </div>
  );
}
