import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CustomersScreen } from "@/components/admin/customers/customers-screen";
import { requirePermission } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminCustomers"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The spec's member list: the same people with the same cards, filters and dialogs as the User Profile
 * Dashboard, so the same screen (docs/decisions/0115-one-screen-for-both-customer-addresses.md).
 */
export default async function MembersPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("customers.read", "/admin/members");
  return <CustomersScreen ctx={ctx} params={await searchParams} />;
}
