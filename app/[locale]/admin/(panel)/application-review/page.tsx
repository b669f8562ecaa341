import { Download } from "lucide-react";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ApplicationReviewDialog } from "@/components/admin/applications/review-dialog";
import { ReviewFilters, ReviewStatsCards, ReviewTable, reviewHref } from "@/components/admin/applications/review-list";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { RefreshButton } from "@/components/admin/refresh-button";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { isAllowed, requirePermission } from "@/lib/auth/guard";
import { listOpenBranches } from "@/lib/offices/queries";
import { getApplicationForReview, listApplicationsForReview, loanTypeTitles, reviewStats } from "@/lib/applications/review-queries";
import { reviewListFiltersSchema } from "@/lib/applications/review-schemas";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminReview"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Application review: the list filtered and paged on the server from the URL; ?view=<applicationId> opens one. */
export default async function ApplicationReviewPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("applications.read", "/admin/application-review");
  const params = await searchParams;
  const filters = reviewListFiltersSchema.parse(params);
  const view = typeof params.view === "string" && params.view.trim() !== "" ? params.view.trim() : null;
  const [t, stats, list, titles, viewed] = await Promise.all([
    getTranslations("adminReview"),
    reviewStats(ctx.scope),
    listApplicationsForReview(filters, ctx.scope),
    loanTypeTitles(),
    view ? getApplicationForReview(view, ctx.scope) : Promise.resolve(null),
  ]);
  const canDecide = isAllowed(ctx, "applications.decide");
  // An application in the head office's queue: who may decide picks its branch in the dialog.
  const locale = await getLocale();
  const branches =
    viewed && !viewed.branch && canDecide
      ? (await listOpenBranches()).map((b) => ({ id: b.id, label: `${b.code} · ${locale === "bn" ? b.nameBn : b.nameEn}` }))
      : undefined;
  const exportParams = new URLSearchParams({ q: filters.q, status: filters.status });

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <RefreshButton label={t("refresh")} />
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/api/applications/export?${exportParams}`} data-testid="export" download>
            <Download aria-hidden />
            {t("export")}
          </a>
        </Button>
      </PageHeader>
      <ReviewStatsCards stats={stats} />
      <ReviewFilters filters={filters} />
      {view && !viewed ? (
        <Alert variant="destructive" className="mb-4" data-testid="view-not-found">
          <AlertDescription>{t("viewNotFound", { id: view.slice(0, 40) })}</AlertDescription>
        </Alert>
      ) : null}
      <ReviewTable list={list} filters={filters} titles={titles} canDecide={canDecide} />
      {viewed ? <ApplicationReviewDialog application={viewed} titles={titles} canDecide={canDecide} closeHref={reviewHref(filters, {})} branches={branches} /> : null}
      {canDecide ? (
        <ClientMessages namespaces={["adminCommon"]}>
          <NoticeRegion />
        </ClientMessages>
      ) : null}
    </>
  );
}
