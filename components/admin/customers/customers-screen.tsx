import { Download, FilterX } from "lucide-react";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { AddCustomerDialog } from "@/components/admin/customers/add-customer-dialog";
import { CustomerProfileDialog } from "@/components/admin/customers/customer-dialog";
import { CUSTOMERS_PATH, CustomerFilters, CustomerStatsCards, CustomerTable, customerFilterParams, customersHref } from "@/components/admin/customers/customer-list";
import { EditCustomerDialog } from "@/components/admin/customers/edit-customer-dialog";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { loanTypeTitles } from "@/lib/applications/review-queries";
import { isAllowed, type StaffContext } from "@/lib/auth/guard";
import { customerAccessOf } from "@/lib/customers/access";
import { customerStats, getCustomerForEdit, getCustomerProfile, listCustomers } from "@/lib/customers/queries";
import { listOpenBranches } from "@/lib/offices/queries";
import { inScope, ownBranch } from "@/lib/offices/scope-rules";
import { customerListFiltersSchema, editFormValues } from "@/lib/customers/schemas";
import { searchParam } from "@/lib/validation/search-params";

/** The branches a new customer may be put in by this member of staff: none to choose when she works in one branch, or the lender has one. */
async function branchesToAddIn(ctx: StaffContext): Promise<{ id: string; label: string }[]> {
  if (ownBranch(ctx.scope)) return [];
  const [locale, open] = await Promise.all([getLocale(), listOpenBranches()]);
  const mine = open.filter((b) => inScope(ctx.scope, b.id));
  return mine.length > 1 ? mine.map((b) => ({ id: b.id, label: `${b.code} · ${locale === "bn" ? b.nameBn : b.nameEn}` })) : [];
}

/**
 * Customer records: cards, search and filters from the URL (a plain GET form), one page of customers;
 * ?view=U… opens a profile, ?edit=U… its edit dialog (with "customers.edit"). The route checked "customers.read".
 */
export async function CustomersScreen({ ctx, params }: { ctx: StaffContext; params: Record<string, string | string[] | undefined> }) {
  const filters = customerListFiltersSchema.parse(params);
  const canEdit = isAllowed(ctx, "customers.edit");
  const access = customerAccessOf(ctx);
  const view = searchParam.parse(params.view);
  const edit = canEdit ? searchParam.parse(params.edit) : "";
  const [t, stats, list, titles, viewed, editing] = await Promise.all([
    getTranslations("adminCustomers"),
    customerStats(access),
    listCustomers(filters, access),
    loanTypeTitles(),
    view ? getCustomerProfile(view, access) : Promise.resolve(null),
    edit ? getCustomerForEdit(edit, ctx.scope) : Promise.resolve(null),
  ]);
  const missing = (view && !viewed ? view : null) ?? (edit && !editing ? edit : null);
  const closeHref = customersHref(filters, {});
  const filtered = filters.q !== "" || filters.status !== "any" || filters.kyc !== "any";
  const exportQuery = customerFilterParams(filters).toString();

  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        {filtered ? (
          <Button asChild variant="outline" size="sm">
            <Link href={CUSTOMERS_PATH} data-testid="clear-filters">
              <FilterX aria-hidden />
              {t("clearFilters")}
            </Link>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled data-testid="clear-filters">
            <FilterX aria-hidden />
            {t("clearFilters")}
          </Button>
        )}
        {canEdit ? (
          <ClientMessages namespaces={["adminCustomers", "adminCommon", "validation"]}>
            <AddCustomerDialog branches={await branchesToAddIn(ctx)} />
          </ClientMessages>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <a href={`/admin/api/customers/export${exportQuery ? `?${exportQuery}` : ""}`} data-testid="export" download>
            <Download aria-hidden />
            {t("export")}
          </a>
        </Button>
      </PageHeader>
      <CustomerStatsCards stats={stats} results={list.total} />
      <CustomerFilters filters={filters} />
      {missing ? (
        <Alert variant="destructive" className="mb-4" data-testid="view-not-found">
          <AlertDescription>{t("viewNotFound", { id: missing.slice(0, 40) })}</AlertDescription>
        </Alert>
      ) : null}
      <CustomerTable list={list} filters={filters} canEdit={canEdit} />
      {viewed ? (
        <CustomerProfileDialog
          customer={viewed}
          titles={titles}
          closeHref={closeHref}
          canEndSessions={isAllowed(ctx, "customers.sessions")}
          transferBranches={isAllowed(ctx, "customers.transfer") ? await listOpenBranches() : null}
        />
      ) : null}
      {editing ? (
        <ClientMessages namespaces={["adminCustomers", "adminCommon", "validation"]}>
          <EditCustomerDialog
            // A new key per stored version: after someone else's save the dialog opens on fresh values.
            key={editing.updatedAt.toISOString()}
            initial={editFormValues(editing)}
            kycStatus={editing.kycStatus}
            title={t("editTitle", { name: editing.name, userNumber: editing.userNumber })}
            closeHref={closeHref}
            canChangeStatus={isAllowed(ctx, "customers.status")}
          />
        </ClientMessages>
      ) : null}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
