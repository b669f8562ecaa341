"use client";

import { Trash2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert, type ShownActionError } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { Locale } from "@/i18n/config";
import { formatTaka } from "@/lib/format";
import { deleteMemberAction, deleteWorkerAction } from "@/lib/society/actions";
import { newIdempotencyKey } from "@/lib/idempotency/key";
import { withShownDetails } from "./shown-error";

/**
 * Delete with confirmation (spec: admin only). A society user gets the spec's "Only admin can delete
 * data" at once; the server refuses them too, whatever the browser does.
 */
export function DeleteRecordButton({ societyId, kind, id, name, isAdmin, compact = false }: { societyId: string; kind: "worker" | "member"; id: string; name: string; isAdmin: boolean; compact?: boolean }) {
  const t = useTranslations("society");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<ShownActionError | null>(null);
  const [closed, setClosed] = useState<{ paidOut: number; setOff: number } | null>(null);
  const [pending, startTransition] = useTransition();
  // One key per button as shown: a double tap or a retry answers the first result.
  const [idempotencyKey] = useState(newIdempotencyKey);

  // Closing pays the savings out of the society's cash: below zero, it asks first (cashBelowZero) and sends again.
  const confirm = (confirmCashBelowZero = false) =>
    startTransition(async () => {
      const result = kind === "worker" ? await deleteWorkerAction(societyId, { workerId: id }) : await deleteMemberAction(societyId, { memberId: id, idempotencyKey, confirmCashBelowZero });
      if (!result.ok) return setError(result.error.reason === "cashBelowZero" && !confirmCashBelowZero ? { ...result.error, confirm: () => confirm(true) } : result.error);
      router.refresh();
      // A member with money on the books was closed, not deleted: say so before the dialog goes.
      if ("paidOut" in result.data && result.data.removed === "closed") return setClosed({ paidOut: result.data.paidOut, setOff: result.data.setOff });
      setOpen(false);
    });

  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size={compact ? "icon" : "sm"}
        className="text-destructive hover:text-destructive"
        aria-label={`${t(kind === "worker" ? "workers.delete" : "members.delete")}: ${name}`}
        data-testid={`delete-${kind}`}
        onClick={() => {
          setError(null);
          setClosed(null);
          setOpen(true);
        }}
      >
        <Trash2 aria-hidden />
        {compact ? null : t(kind === "worker" ? "workers.delete" : "members.delete")}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t("dialogs.close")} role={isAdmin ? "dialog" : "alertdialog"}>
          {isAdmin && closed ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("dialogs.confirmDelete.title", { name })}</DialogTitle>
                <DialogDescription data-testid="member-closed">{t("dialogs.confirmDelete.memberClosed", { name })}
                  {closed.setOff > 0 ? ` ${t("dialogs.confirmDelete.savingsSetOff", { amount: formatTaka(closed.setOff, locale) })}` : null}
                  {closed.paidOut > 0 ? ` ${t("dialogs.confirmDelete.savingsPaidOut", { amount: formatTaka(closed.paidOut, locale) })}` : null}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button onClick={() => setOpen(false)}>{t("dialogs.close")}</Button>
              </DialogFooter>
            </>
          ) : isAdmin ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("dialogs.confirmDelete.title", { name })}</DialogTitle>
                <DialogDescription>{t(`dialogs.confirmDelete.${kind}`)}</DialogDescription>
              </DialogHeader>
              <ActionErrorAlert error={withShownDetails(error, locale)} />
              <DialogFooter>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t("dialogs.cancel")}
                </Button>
                <Button variant="destructive" onClick={() => confirm()} disabled={pending} data-testid="confirm-delete">
                  {t("dialogs.confirmDelete.confirm")}
                </Button>
              </DialogFooter>
            </>
          ) : (
            <>
              <DialogHeader>
                <DialogTitle data-testid="admin-only-message">{t("adminOnly")}</DialogTitle>
                <DialogDescription>{t("dialogs.adminLogin.description")}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button onClick={() => setOpen(false)}>{t("dialogs.close")}</Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
