"use client";

import { RotateCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/admin/action-button";
import { announceNotice } from "@/components/admin/notices";
import { resendMessageAction } from "@/lib/outbox/actions";

/** Puts a message given up on back in the outbox, due at once. */
export function ResendMessageButton({ id }: { id: string }) {
  const t = useTranslations("adminMessages");
  return (
    <ActionButton
      run={() => resendMessageAction({ id })}
      onDone={() => announceNotice({ tone: "success", title: t("notices.resentTitle"), text: t("notices.resentText") })}
      icon={<RotateCw aria-hidden />}
      size="sm"
      variant="outline"
      testId="message-resend"
    >
      {t("resend")}
    </ActionButton>
  );
}
