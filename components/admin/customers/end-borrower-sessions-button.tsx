"use client";

import { LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { ActionButton } from "@/components/admin/action-button";
import { announceNotice } from "@/components/admin/notices";
import { endBorrowerSessionsAction } from "@/lib/customers/actions";

/** Support ends the customer's sessions on their own page and forgets their devices (a lost or sold phone). */
export function EndBorrowerSessionsButton({ userNumber }: { userNumber: string }) {
  const t = useTranslations("adminCustomers.dialog");
  return (
    <ActionButton
      run={() => endBorrowerSessionsAction({ userNumber })}
      onDone={({ sessions }) => announceNotice({ tone: "success", title: t("endSessions"), text: t("sessionsEnded", { count: sessions }) })}
      confirm={t("endSessionsConfirm")}
      icon={<LogOut aria-hidden />}
      size="sm"
      variant="outline"
      className="flex flex-col items-start gap-1"
      testId="customer-end-sessions"
    >
      {t("endSessions")}
    </ActionButton>
  );
}
