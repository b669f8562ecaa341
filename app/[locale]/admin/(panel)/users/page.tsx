import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { CreateStaffDialog } from "@/components/admin/users/create-staff-dialog";
import { StaffTable } from "@/components/admin/users/staff-table";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePermission } from "@/lib/auth/guard";
import { ROLES, canManageRole } from "@/lib/auth/permissions";
import type { Locale } from "@/i18n/config";
import { officeChoices } from "@/lib/offices/choices";
import { listOffices } from "@/lib/offices/queries";
import { listStaff } from "@/lib/staff/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminUsers"))("metaTitle") };
}

export default async function StaffPage() {
  const ctx = await requirePermission("staff.manage", "/admin/users");
  const [t, tOffices, locale, staff, offices] = await Promise.all([getTranslations("adminUsers"), getTranslations("adminOffices"), getLocale(), listStaff(), listOffices()]);
  // The head office first (the default), then every open office in the tree's order.
  const choices = officeChoices(offices, locale as Locale, (level) => tOffices(`levels.${level}`));
  const assignableRoles = ROLES.filter((role) => canManageRole(ctx.user.role, role));
  return (
    <ClientMessages namespaces={["adminUsers", "adminTransfers", "adminCommon", "adminShell", "validation"]}>
      <PageHeader title={t("title")} description={t("description")}>
        <CreateStaffDialog roles={assignableRoles} offices={choices} />
      </PageHeader>
      <StaffTable rows={staff} actorId={ctx.user.id} actorRole={ctx.user.role} assignableRoles={assignableRoles} offices={choices} />
    </ClientMessages>
  );
}
