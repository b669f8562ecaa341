import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Ban, Download } from "lucide-react";
import { AddBlacklistForm, ImportBlacklistForm, RemoveBlacklistButton } from "@/components/admin/blacklist/blacklist-forms";
import { ListPagination } from "@/components/admin/list-pagination";
import { EmptyState, FilterForm, FilterSelect, ListTable } from "@/components/admin/list-parts";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { listBlacklist } from "@/lib/blacklist/queries";
import { BLACKLIST_KIND_FILTERS, blacklistFiltersSchema, type BlacklistFilters } from "@/lib/blacklist/schemas";
import { formatDateTime, formatPhone } from "@/lib/format";
import { listHref } from "@/lib/validation/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminBlacklist"))("metaTitle") };
}

/** A route handler, not a page: a plain link that downloads. */
const EXPORT_HREF = "/admin/api/blacklist/export";

const hrefFor = (filters: BlacklistFilters, page: number) => listHref("/admin/settings/blacklist", { q: filters.q, kind: filters.kind, page }, { kind: "any" });

/** The NID and phone blacklist the KYC check reads: add, import, search, remove, export. */
export default async function BlacklistPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission("settings.blacklist", "/admin/settings/blacklist");
  const filters = blacklistFiltersSchema.parse(await searchParams);
  const [t, locale, list] = await Promise.all([getTranslations("adminBlacklist"), getLocale() as Promise<Locale>, listBlacklist(filters)]);
  const namespaces: ("adminBlacklist" | "adminCommon" | "validation")[] = ["adminBlacklist", "adminCommon", "validation"];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")}>
        <Button asChild variant="outline">
          <a href={EXPORT_HREF} data-testid="blacklist-export" download>
            <Download aria-hidden />
            {t("export")}
          </a>
        </Button>
      </PageHeader>
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("addTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ClientMessages namespaces={namespaces}>
              <AddBlacklistForm />
            </ClientMessages>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("import.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ClientMessages namespaces={namespaces}>
              <ImportBlacklistForm />
            </ClientMessages>
          </CardContent>
        </Card>
      </div>
      <FilterForm action="/admin/settings/blacklist" testId="blacklist-filters" label={t("searchLabel")} submitLabel={t("search")}>
        <Input name="q" type="search" defaultValue={filters.q} aria-label={t("searchLabel")} placeholder={t("searchPlaceholder")} className="sm:max-w-xs" />
        <FilterSelect name="kind" value={filters.kind} label={t("kind")} className="sm:w-40" options={BLACKLIST_KIND_FILTERS.map((k) => ({ value: k, label: k === "any" ? t("allKinds") : t(`kinds.${k}`) }))} />
      </FilterForm>
      {list.rows.length === 0 ? (
        <EmptyState icon={Ban} title={t("emptyTitle")} text={t("emptyText")} testId="blacklist-empty" />
      ) : (
        <>
          <ListTable testId="blacklist-table" columns={[t("columns.value"), t("columns.reason"), t("columns.added"), t("columns.actions")]}>
            <ClientMessages namespaces={namespaces}>
              {list.rows.map((row) => {
                const shown = row.kind === "phone" ? formatPhone(row.value) : row.value;
                return (
                  <TableRow key={row.id} data-testid="blacklist-row" data-value={row.value}>
                    <TableCell>
                      <div className="font-mono text-sm">{shown}</div>
                      <div className="text-xs text-muted-foreground">{t(`kinds.${row.kind}`)}</div>
                    </TableCell>
                    <TableCell className="max-w-xs text-sm break-words whitespace-normal">{row.reason}</TableCell>
                    <TableCell className="text-sm whitespace-nowrap">
                      <div>{formatDateTime(row.createdAt, locale)}</div>
                      <div className="text-xs text-muted-foreground">{row.addedBy?.name ?? "—"}</div>
                    </TableCell>
                    <TableCell className="text-right">
                      <RemoveBlacklistButton id={row.id} value={shown} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </ClientMessages>
          </ListTable>
          <ListPagination list={list} summary={(n) => t("pageOf", n)} hrefFor={(page) => hrefFor(filters, page)} />
        </>
      )}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
