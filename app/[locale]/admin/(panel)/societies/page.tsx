import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { CreateSocietyForm } from "@/components/admin/societies/create-society-form";
import { SocietyAccessList } from "@/components/admin/societies/society-access-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePermission } from "@/lib/auth/guard";
import { listAllSocieties } from "@/lib/society/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminSocieties"))("metaTitle") };
}

/** Super admin: create societies and grant or revoke access (the society's own data needs a grant). */
export default async function SocietiesPage() {
  await requirePermission("societies.manage", "/admin/societies");
  const [t, societies] = await Promise.all([getTranslations("adminSocieties"), listAllSocieties()]);
  return (
    <ClientMessages namespaces={["adminSocieties", "adminCommon", "adminShell", "validation", "society"]}>
      <PageHeader title={t("title")} description={t("subtitle")} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <SocietyAccessList societies={societies} />
        <CreateSocietyForm />
      </div>
    </ClientMessages>
  );
}
