import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { CloseOfficeButton, CreateOfficeForm, EditOfficeDialog, type ParentChoice } from "@/components/admin/offices/office-forms";
import { UpazilaImportForm, UpazilaRouteForm } from "@/components/admin/offices/upazila-routing";
import { ListTable } from "@/components/admin/list-parts";
import { PageHeader } from "@/components/admin/page-header";
import { StatusPill } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { dhakaToday, formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import { officeChoices } from "@/lib/offices/choices";
import { upazilaGroups, upazilaLabel } from "@/lib/geo/upazilas";
import { listOffices, listOpenBranches, listUpazilaRoutes } from "@/lib/offices/queries";

/** The routes by branch code, then by the upazila's name in the reader's order. */
function byBranchThenName(locale: Locale) {
  const collator = new Intl.Collator(locale === "bn" ? "bn-BD" : "en");
  return (a: { branch: { code: string }; label: string }, b: { branch: { code: string }; label: string }) =>
    a.branch.code.localeCompare(b.branch.code) || collator.compare(a.label, b.label);
}

type Weekday = "0" | "1" | "2" | "3" | "4" | "5" | "6";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminOffices"))("metaTitle") };
}

/** The office tree (super admin): head office, zones or regions, areas and branches; open, rename, move, close. */
export default async function OfficesPage() {
  await requirePermission("settings.offices", "/admin/settings/offices");
  const [t, tCalendar, locale, offices, openBranches, routes] = await Promise.all([
    getTranslations("adminOffices"),
    getTranslations("adminCalendar"),
    getLocale() as Promise<Locale>,
    listOffices(),
    listOpenBranches(),
    listUpazilaRoutes(),
  ]);
  const today = dhakaToday();
  const nameOf = (o: { nameBn: string; nameEn: string }) => (locale === "bn" ? o.nameBn : o.nameEn);
  const parents: ParentChoice[] = officeChoices(offices, locale, (level) => t(`levels.${level}`), (o) => o.level !== "branch");
  const namespaces: ("adminOffices" | "adminCalendar" | "adminCommon" | "validation")[] = ["adminOffices", "adminCalendar", "adminCommon", "validation"];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="mb-4">
        <CardHeader>
          <CardTitle className="text-base">{t("addTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ClientMessages namespaces={namespaces}>
            <CreateOfficeForm parents={parents} today={today} />
          </ClientMessages>
        </CardContent>
      </Card>
      <ListTable
        testId="offices-table"
        columns={[t("columns.office"), t("columns.level"), t("columns.place"), t("columns.opened"), t("columns.status"), t("columns.approvalLimit"), t("columns.staff"), t("columns.customers"), t("columns.actions")]}
      >
        <ClientMessages namespaces={namespaces}>
          {offices.map((office) => (
            <TableRow key={office.id} data-testid="office-row" data-code={office.code}>
              <TableCell>
                <div style={{ paddingInlineStart: `${office.depth * 1.25}rem` }}>
                  <span className="font-medium">{nameOf(office)}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{office.code}</span>
                  {office.weeklyDaysOff.length > 0 ? (
                    <span className="block text-xs text-muted-foreground" data-testid="office-days-off">
                      {t("ownDaysOff", { days: office.weeklyDaysOff.map((d) => tCalendar(`weekdays.${String(d) as Weekday}`)).join(", ") })}
                    </span>
                  ) : null}
                </div>
              </TableCell>
              <TableCell className="whitespace-nowrap">{t(`levels.${office.level}`)}</TableCell>
              <TableCell>{[office.upazila, office.district, office.division].filter(Boolean).join(", ") || "—"}</TableCell>
              <TableCell className="whitespace-nowrap">{formatCalendarDate(office.openedOn, locale)}</TableCell>
              <TableCell>
                <StatusPill
                  tone={office.status === "open" ? "green" : "grey"}
                  label={office.closedOn ? t("closedOn", { date: formatCalendarDate(office.closedOn, locale) }) : t(`status.${office.status}`)}
                  status={office.status}
                />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums" data-testid="office-approval-limit">
                {office.approvalLimit === null ? t("noApprovalLimit") : formatTaka(office.approvalLimit, locale)}
              </TableCell>
              <TableCell className="tabular-nums">{formatNumber(office.staff, locale)}</TableCell>
              <TableCell className="tabular-nums">{formatNumber(office.customers, locale)}</TableCell>
              <TableCell className="text-right">
                {office.status === "open" ? (
                  <div className="flex justify-end gap-1">
                    <EditOfficeDialog office={office} parents={parents} />
                    {office.parentId !== null ? <CloseOfficeButton id={office.id} code={office.code} name={nameOf(office)} today={today} /> : null}
                  </div>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </ClientMessages>
      </ListTable>
      <Card className="mt-4" data-testid="upazila-routing">
        <CardHeader>
          <CardTitle className="text-base">{t("routing.title")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("routing.description")}</p>
        </CardHeader>
        <CardContent className="space-y-4">
          <ClientMessages namespaces={namespaces}>
            <UpazilaRouteForm groups={upazilaGroups(locale)} branches={openBranches.map((b) => ({ id: b.id, label: `${b.code} · ${nameOf(b)}` }))} />
            <UpazilaImportForm />
          </ClientMessages>
        </CardContent>
      </Card>
      {routes.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="upazila-routes-empty">
          {t("routing.empty")}
        </p>
      ) : (
        <ListTable testId="upazila-routes-table" columns={[t("routing.columns.upazila"), t("routing.columns.branch")]}>
          {routes.map((route) => ({ ...route, label: upazilaLabel(route.upazilaCode, locale) ?? route.upazilaCode })).sort(byBranchThenName(locale)).map((route) => (
            <TableRow key={route.upazilaCode} data-testid="upazila-route-row" data-upazila={route.upazilaCode} data-branch={route.branch.code}>
              <TableCell>{route.label}</TableCell>
              <TableCell className="text-right">
                <span className="font-mono text-xs">{route.branch.code}</span> {nameOf(route.branch)}
                {route.branch.status === "closed" ? <span className="block text-xs text-muted-foreground">{t("routing.branchClosed")}</span> : null}
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
