import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { CreateStaffDialog } from "@/components/admin/users/create-staff-dialog";
import { StaffTable } from "@/components/admin/users/staff-table";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePermission } from "@/lib/auth/guard";
import { ROLES, canManageRole } from "@/lib/auth/permissions";
import { listStaff } from "@/lib/staff/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminUsers"))("metaTitle") };
}

export default async function StaffPage() {
  const ctx = await requirePermission("staff.manage", "/admin/users");
  const [t, staff] = await Promise.all([getTranslations("adminUsers"), listStaff()]);
  const assignableRoles = ROLES.filter((role) => canManageRole(ctx.user.role, role));
  return (
    <ClientMessages namespaces={["adminUsers", "adminCommon", "adminShell", "validation"]}>
      <PageHeader title={t("title")} description={t("description")}>
        <CreateStaffDialog roles={assignableRoles} />
      </PageHeader>
      <StaffTable rows={staff} actorId={ctx.user.id} actorRole={ctx.user.role} assignableRoles={assignableRoles} />
    </ClientMessages>
  );
}
