"use client";

import { MoreHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { compactSelectClassName } from "@/components/forms/native-select";
import { ActionErrorAlert, FormField } from "@/components/admin/forms";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { announceNotice } from "@/components/admin/notices";
import { requestStaffTransferAction } from "@/lib/offices/actions";
import { MAX_TRANSFER_REASON_LENGTH } from "@/lib/offices/schemas";
import type { ActionError, ActionResult } from "@/lib/auth/action-result";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import { changeStaffRoleAction, resetStaffPasswordAction, resetStaffTwoFactorAction, setStaffActiveAction } from "@/lib/staff/actions";

type Kind = "role" | "office" | "active" | "password" | "twoFactor";
type Staff = { id: string; name: string; role: StaffRole; active: boolean; officeId: string };
/** An open office in the tree, labelled for a picker (lib/offices/choices.ts). */
export type OfficeChoice = { id: string; label: string };

export function StaffRowActions({ staff, roles, offices }: { staff: Staff; roles: readonly StaffRole[]; offices: readonly OfficeChoice[] }) {
  const t = useTranslations("adminUsers");
  const tCommon = useTranslations("adminCommon");
  const tShell = useTranslations("adminShell");
  const tTransfers = useTranslations("adminTransfers");
  const router = useRouter();
  const [open, setOpen] = useState<Kind | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const [role, setRole] = useState<StaffRole>(staff.role);
  const [password, setPassword] = useState("");
  const [move, setMove] = useState({ toOfficeId: "", reason: "" });
  const [pending, startTransition] = useTransition();

  const show = (kind: Kind) => {
    setError(null);
    setPassword("");
    setMove({ toOfficeId: "", reason: "" });
    setRole(staff.role);
    setOpen(kind);
  };
  const run = (call: () => Promise<ActionResult<unknown>>, done?: () => void) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) return setError(result.error);
      setOpen(null);
      done?.();
      router.refresh();
    });

  const submit = () => {
    if (open === "role") run(() => changeStaffRoleAction({ staffUserId: staff.id, role }));
    if (open === "office") {
      run(
        () => requestStaffTransferAction({ staffUserId: staff.id, ...move }),
        () => announceNotice({ tone: "success", title: tTransfers("notices.requestedTitle"), text: tTransfers("staff.requestedText") }),
      );
    }
    if (open === "active") run(() => setStaffActiveAction({ staffUserId: staff.id, active: !staff.active }));
    if (open === "password") run(() => resetStaffPasswordAction({ staffUserId: staff.id, password }));
    if (open === "twoFactor") run(() => resetStaffTwoFactorAction({ staffUserId: staff.id }));
  };

  const titles: Record<Kind, string> = {
    role: t("changeRole"),
    office: tTransfers("staff.request"),
    active: staff.active ? t("deactivate") : t("reactivate"),
    password: t("resetPassword"),
    twoFactor: t("resetTwoFactor"),
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`${tCommon("actions")}: ${staff.name}`} data-testid="staff-actions">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {(Object.keys(titles) as Kind[]).map((kind) => (
            <DropdownMenuItem key={kind} onSelect={() => show(kind)} variant={kind === "active" && staff.active ? "destructive" : "default"}>
              {titles[kind]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent closeLabel={tCommon("close")}>
          <DialogHeader>
            <DialogTitle>{open ? titles[open] : ""}</DialogTitle>
            <DialogDescription>
              {open === "active" && staff.active ? t("deactivateConfirm", { name: staff.name }) : null}
              {open === "password" ? t("resetPasswordText", { name: staff.name }) : null}
              {open === "twoFactor" ? t("resetTwoFactorConfirm", { name: staff.name }) : null}
              {open === "role" || (open === "active" && !staff.active) ? staff.name : null}
              {open === "office" ? tTransfers("staff.requestText", { name: staff.name }) : null}
            </DialogDescription>
          </DialogHeader>
          {open === "role" ? (
            <FormField id={`role-${staff.id}`} label={t("role")}>
              <select id={`role-${staff.id}`} className={compactSelectClassName} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {tShell(`roles.${r}`)}
                  </option>
                ))}
              </select>
            </FormField>
          ) : null}
          {open === "office" ? (
            <>
              <FormField id={`move-office-${staff.id}`} label={tTransfers("staff.toOffice")} error={error?.fieldErrors?.toOfficeId}>
                <select
                  id={`move-office-${staff.id}`}
                  className={compactSelectClassName}
                  value={move.toOfficeId}
                  onChange={(e) => setMove({ ...move, toOfficeId: e.target.value })}
                  aria-invalid={!!error?.fieldErrors?.toOfficeId}
                >
                  <option value="">{tTransfers("staff.chooseOffice")}</option>
                  {offices
                    .filter((o) => o.id !== staff.officeId)
                    .map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.label}
                      </option>
                    ))}
                </select>
              </FormField>
              <FormField id={`move-reason-${staff.id}`} label={tTransfers("reason")} error={error?.fieldErrors?.reason}>
                <Textarea
                  id={`move-reason-${staff.id}`}
                  rows={3}
                  maxLength={MAX_TRANSFER_REASON_LENGTH}
                  value={move.reason}
                  onChange={(e) => setMove({ ...move, reason: e.target.value })}
                  aria-invalid={!!error?.fieldErrors?.reason}
                />
              </FormField>
            </>
          ) : null}
          {open === "password" ? (
            <FormField id={`password-${staff.id}`} label={t("newPassword")} error={error?.fieldErrors?.password}>
              <Input id={`password-${staff.id}`} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            </FormField>
          ) : null}
          <ActionErrorAlert error={error?.code === "validation" ? null : error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(null)}>
              {tCommon("cancel")}
            </Button>
            <Button type="button" onClick={submit} disabled={pending} variant={open === "active" && staff.active ? "destructive" : "default"} data-testid="staff-action-confirm">
              {pending ? tCommon("saving") : tCommon("confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
