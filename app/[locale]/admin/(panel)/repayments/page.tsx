import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { RefreshButton } from "@/components/admin/refresh-button";
import { RecordPaymentDialog } from "@/components/admin/repayments/repayment-actions";
import { RepaymentDetailDialog } from "@/components/admin/repayments/repayment-dialog";
import {
  CollectionTable,
  REPAYMENT_CLIENT_NAMESPACES,
  RepaymentFilters,
  RepaymentStatsCards,
  RepaymentTable,
  repaymentsHref,
} from "@/components/admin/repayments/repayment-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { loanTypeTitles } from "@/lib/applications/review-queries";
import { isAllowed, requirePermission } from "@/lib/auth/guard";
import { repaymentListFiltersSchema } from "@/lib/repayments/list-schemas";
import { getRepaymentDetail, listCollectionActivities, listRepayments, repaymentStats } from "@/lib/repayments/queries";
import { searchParam } from "@/lib/validation/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminRepayments"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Repayment management: cards, tabs computed from today's Dhaka date, one page of a tab; ?view=<installmentId> opens one. */
export default async function RepaymentsPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("payments.read", "/admin/repayments");
  const params = await searchParams;
  const filters = repaymentListFiltersSchema.parse(params);
  const view = searchParam.parse(params.view);
  const now = new Date();
  const [t, stats, titles, list, viewed] = await Promise.all([
    getTranslations("adminRepayments"),
    repaymentStats(ctx.scope, now),
    loanTypeTitles(),
    filters.tab === "collections"
      ? listCollectionActivities(filters, ctx.scope).then((rows) => ({ kind: "collections" as const, rows }))
      : listRepayments({ ...filters, tab: filters.tab }, ctx.scope, now).then((rows) => ({ kind: "installments" as const, rows })),
    view ? getRepaymentDetail(view, ctx.scope, now) : Promise.resolve(null),
  ]);
  const canRecord = isAllowed(ctx, "payments.record");

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <RefreshButton label={t("refresh")} />
        {canRecord ? (
          <ClientMessages namespaces={[...REPAYMENT_CLIENT_NAMESPACES]}>
            <RecordPaymentDialog prefill={null} />
          </ClientMessages>
        ) : null}
      </PageHeader>
      <RepaymentStatsCards stats={stats} />
      <RepaymentFilters filters={filters} titles={titles} />
      {view && !viewed ? (
        <Alert variant="destructive" className="mb-4" data-testid="view-not-found">
          <AlertDescription>{t("viewNotFound")}</AlertDescription>
        </Alert>
      ) : null}
      {list.kind === "collections" ? (
        <CollectionTable list={list.rows} filters={filters} titles={titles} />
      ) : (
        <RepaymentTable list={list.rows} filters={filters} titles={titles} canRecord={canRecord} />
      )}
      {viewed ? <RepaymentDetailDialog detail={viewed} titles={titles} closeHref={repaymentsHref(filters, {})} canRecord={canRecord} reversalsBy={isAllowed(ctx, "payments.reverse") ? { viewerId: ctx.user.id } : null} /> : null}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
