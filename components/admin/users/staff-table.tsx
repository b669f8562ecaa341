import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { canManageRole } from "@/lib/auth/permissions";
import { ROLE_BADGE_CLASS } from "@/lib/auth/role-badge";
import { formatDateTime } from "@/lib/format";
import type { StaffRole } from "@/lib/generated/prisma/enums";
import type { StaffListRow } from "@/lib/staff/queries";
import { cn } from "@/lib/utils";
import { StaffRowActions, type OfficeChoice } from "./staff-row-actions";

export async function StaffTable({
  rows,
  actorId,
  actorRole,
  assignableRoles,
  offices,
}: {
  rows: StaffListRow[];
  actorId: string;
  actorRole: StaffRole;
  assignableRoles: readonly StaffRole[];
  /** The open offices a member of staff may be moved to (decision 0260). */
  offices: readonly OfficeChoice[];
}) {
  const [t, tShell, tCommon, locale] = await Promise.all([getTranslations("adminUsers"), getTranslations("adminShell"), getTranslations("adminCommon"), getLocale()]);
  const now = new Date();
  return (
    <div className="overflow-x-auto rounded-md border bg-background">
      <Table data-testid="staff-table">
        <TableHeader>
          <TableRow>
            <TableHead>{t("columns.name")}</TableHead>
            <TableHead>{t("columns.contact")}</TableHead>
            <TableHead>{t("columns.role")}</TableHead>
            <TableHead>{t("columns.office")}</TableHead>
            <TableHead>{t("columns.status")}</TableHead>
            <TableHead>{t("columns.twoFactor")}</TableHead>
            <TableHead>{t("columns.lastLogin")}</TableHead>
            <TableHead className="text-right">{tCommon("actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => {
            const manageable = row.id !== actorId && canManageRole(actorRole, row.role);
            return (
              <TableRow key={row.id} data-testid="staff-row" data-phone={row.phone}>
                <TableCell className="font-medium">
                  {row.name} {row.id === actorId ? <span className="text-muted-foreground">{t("you")}</span> : null}
                </TableCell>
                <TableCell>
                  <div>{row.phone}</div>
                  {row.email ? <div className="text-xs text-muted-foreground">{row.email}</div> : null}
                </TableCell>
                <TableCell>
                  <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", ROLE_BADGE_CLASS[row.role])}>{tShell(`roles.${row.role}`)}</span>
                </TableCell>
                <TableCell>
                  <div>{locale === "bn" ? row.office.nameBn : row.office.nameEn}</div>
                  <div className="font-mono text-xs text-muted-foreground">{row.office.code}</div>
                </TableCell>
                <TableCell>
                  <Badge variant={row.active ? "secondary" : "outline"}>{row.active ? t("active") : t("inactive")}</Badge>
                  {row.lockedUntil && row.lockedUntil > now ? (
                    <div className="mt-1 text-xs text-destructive">{t("lockedUntil", { time: formatDateTime(row.lockedUntil, locale) })}</div>
                  ) : null}
                </TableCell>
                <TableCell>{row.twoFactorEnabled ? t("twoFactorOn") : t("twoFactorOff")}</TableCell>
                <TableCell className="whitespace-nowrap">{row.lastLoginAt ? formatDateTime(row.lastLoginAt, locale) : t("never")}</TableCell>
                <TableCell className="text-right">
                  {manageable ? <StaffRowActions staff={{ id: row.id, name: row.name, role: row.role, active: row.active, officeId: row.office.id }} roles={assignableRoles} offices={offices} /> : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
