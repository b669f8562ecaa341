import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { SearchResultsView } from "@/components/admin/search/search-results";
import { requirePermission } from "@/lib/auth/guard";
import { searchBackOffice } from "@/lib/panel/search";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminSearch"))("metaTitle") };
}

export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const ctx = await requirePermission("dashboard.read", "/admin/search");
  const raw = (await searchParams).q;
  const query = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const t = await getTranslations("adminSearch");
  return (
    <>
      <PageHeader title={t("title")} description={query ? t("description", { query }) : t("prompt")} />
      {query ? <SearchResultsView results={await searchBackOffice(query, ctx)} /> : null}
    </>
  );
}
