import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { KycDetailDialog } from "@/components/admin/kyc/kyc-dialog";
import { KycFilters, KycStatsCards, KycTable, kycHref } from "@/components/admin/kyc/kyc-list";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { RefreshButton } from "@/components/admin/refresh-button";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { isAllowed, requirePermission } from "@/lib/auth/guard";
import { getKycCaseDetail, kycStats, listKycAssignees, listKycCases } from "@/lib/kyc/queries";
import { kycListFiltersSchema } from "@/lib/kyc/schemas";
import { searchParam } from "@/lib/validation/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminKyc"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** KYC verification: cards, tabs and filters from the URL, one page of cases; ?view=KYC-… opens one. */
export default async function KycPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("kyc.read", "/admin/kyc");
  const params = await searchParams;
  const filters = kycListFiltersSchema.parse(params);
  const view = searchParam.parse(params.view);
  const canDecide = isAllowed(ctx, "kyc.decide");
  const [t, stats, list, viewed, officers] = await Promise.all([
    getTranslations("adminKyc"),
    kycStats(ctx.scope),
    listKycCases(filters, ctx.scope),
    view ? getKycCaseDetail(view, ctx.scope) : Promise.resolve(null),
    view && canDecide ? listKycAssignees(view, ctx.scope) : Promise.resolve([]),
  ]);

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <RefreshButton label={t("refresh")} />
      </PageHeader>
      <KycStatsCards stats={stats} />
      <KycFilters filters={filters} />
      {view && !viewed ? (
        <Alert variant="destructive" className="mb-4" data-testid="view-not-found">
          <AlertDescription>{t("viewNotFound", { id: view.slice(0, 40) })}</AlertDescription>
        </Alert>
      ) : null}
      <KycTable list={list} filters={filters} />
      {viewed ? <KycDetailDialog kyc={viewed} closeHref={kycHref(filters, {})} canDecide={canDecide} officers={officers} /> : null}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
