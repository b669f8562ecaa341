"use client";

import { Loader2, LogOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { BORROWER_CACHES } from "@/lib/borrower/app-shell";
import { signOutBorrower, signOutBorrowerEverywhere } from "@/lib/borrower/sign-in-actions";

/** Sign out here, or everywhere (every device forgotten: the next sign-in asks the NID or date of birth again). */
export function SignOutButtons() {
  const t = useTranslations("account");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<unknown>) =>
    startTransition(async () => {
      // The phone's copy of the page goes with the session: nobody opens it offline after her.
      if (typeof caches !== "undefined") await caches.delete(BORROWER_CACHES.pages).catch(() => false);
      await action();
      router.refresh();
    });
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={pending} onClick={() => run(signOutBorrower)} data-testid="account-sign-out">
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
        {t("signOut")}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={pending}
        onClick={() => {
          if (window.confirm(t("signOutEverywhereConfirm"))) run(signOutBorrowerEverywhere);
        }}
        data-testid="account-sign-out-everywhere"
      >
        {t("signOutEverywhere")}
      </Button>
    </div>
  );
}
