import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CustomersScreen } from "@/components/admin/customers/customers-screen";
import { requirePermission } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminCustomers"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UserProfilesPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("customers.read", "/admin/user-profiles");
  return <CustomersScreen ctx={ctx} params={await searchParams} />;
}
