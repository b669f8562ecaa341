import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NoticeRegion } from "@/components/admin/notices";
import { CloseOfficeButton, CreateOfficeForm, EditOfficeDialog, type ParentChoice } from "@/components/admin/offices/office-forms";
import { ListTable } from "@/components/admin/list-parts";
import { PageHeader } from "@/components/admin/page-header";
import { StatusPill } from "@/components/admin/status-pill";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { dhakaToday, formatCalendarDate, formatNumber } from "@/lib/format";
import { officeChoices } from "@/lib/offices/choices";
import { listOffices } from "@/lib/offices/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminOffices"))("metaTitle") };
}

/** The office tree (super admin): head office, zones or regions, areas and branches; open, rename, move, close. */
export default async function OfficesPage() {
  await requirePermission("settings.offices", "/admin/settings/offices");
  const [t, locale, offices] = await Promise.all([getTranslations("adminOffices"), getLocale() as Promise<Locale>, listOffices()]);
  const today = dhakaToday();
  const nameOf = (o: { nameBn: string; nameEn: string }) => (locale === "bn" ? o.nameBn : o.nameEn);
  const parents: ParentChoice[] = officeChoices(offices, locale, (level) => t(`levels.${level}`), (o) => o.level !== "branch");
  const namespaces: ("adminOffices" | "adminCommon" | "validation")[] = ["adminOffices", "adminCommon", "validation"];
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
        columns={[t("columns.office"), t("columns.level"), t("columns.place"), t("columns.opened"), t("columns.status"), t("columns.staff"), t("columns.customers"), t("columns.actions")]}
      >
        <ClientMessages namespaces={namespaces}>
          {offices.map((office) => (
            <TableRow key={office.id} data-testid="office-row" data-code={office.code}>
              <TableCell>
                <div style={{ paddingInlineStart: `${office.depth * 1.25}rem` }}>
                  <span className="font-medium">{nameOf(office)}</span>
                  <span className="block font-mono text-xs text-muted-foreground">{office.code}</span>
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
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
