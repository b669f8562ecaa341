import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { LoanDetailDialog } from "@/components/admin/loans/loan-dialog";
import { LoanFilters, LoanStatsCards, LoanTable, loansHref } from "@/components/admin/loans/loan-list";
import type { ApprovalRight } from "@/components/admin/loans/loan-actions";
import { PageHeader } from "@/components/admin/page-header";
import { RefreshButton } from "@/components/admin/refresh-button";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { loanTypeTitles } from "@/lib/applications/review-queries";
import { getLendingRules } from "@/lib/lending-rules/queries";
import { writeOffDayToday } from "@/lib/write-offs/queries";
import { isAllowed, requirePermission } from "@/lib/auth/guard";
import { getLoanDetail, listLoans, loanProductRanges, loanStats } from "@/lib/loans/queries";
import { loanListFiltersSchema } from "@/lib/loans/schemas";
import { searchParam } from "@/lib/validation/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminLoans"))("metaTitle") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Loan management: cards, tabs and filters from the URL, one page of loans; ?view=LN-… opens one. */
export default async function LoansPage({ searchParams }: { searchParams: SearchParams }) {
  const ctx = await requirePermission("loans.read", "/admin/loans");
  const params = await searchParams;
  const filters = loanListFiltersSchema.parse(params);
  const view = searchParam.parse(params.view);
  const [t, stats, list, titles, ranges, viewed] = await Promise.all([
    getTranslations("adminLoans"),
    loanStats(ctx.scope),
    listLoans(filters, ctx.scope),
    loanTypeTitles(),
    loanProductRanges(),
    view ? getLoanDetail(view, ctx.scope) : Promise.resolve(null),
  ]);
  const canApprove: ApprovalRight = isAllowed(ctx, "loans.approve") ? { limit: ctx.user.office.approvalLimit } : false;
  // Who may disburse gets the rules the disbursement dialog applies (the first instalment's earliest date).
  const disbursement = isAllowed(ctx, "loans.disburse") ? { minFirstInstallmentDays: (await getLendingRules()).minFirstInstallmentDays } : null;

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <RefreshButton label={t("refresh")} />
      </PageHeader>
      <LoanStatsCards stats={stats} />
      <LoanFilters filters={filters} titles={titles} />
      {view && !viewed ? (
        <Alert variant="destructive" className="mb-4" data-testid="view-not-found">
          <AlertDescription>{t("viewNotFound", { id: view.slice(0, 40) })}</AlertDescription>
        </Alert>
      ) : null}
      <LoanTable list={list} filters={filters} titles={titles} ranges={ranges} canApprove={canApprove} disbursement={disbursement} />
      {viewed ? (
        <LoanDetailDialog
          loan={viewed}
          titles={titles}
          closeHref={loansHref(filters, {})}
          canApprove={canApprove}
          disbursement={disbursement}
          canNote={isAllowed(ctx, "loans.note")}
          canSeeApplication={isAllowed(ctx, "applications.read")}
          canSeeBooks={isAllowed(ctx, "accounting.read")}
          writeOffDay={isAllowed(ctx, "writeOffs.propose") && viewed.status === "disbursed" ? await writeOffDayToday() : null}
        />
      ) : null}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
