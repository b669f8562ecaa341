import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { CalendarOff } from "lucide-react";
import { AddHolidayForm, ApplyCalendarButton, ImportHolidaysForm, RemoveHolidayButton } from "@/components/admin/calendar/calendar-forms";
import { EmptyState, FilterForm, FilterSelect, ListTable } from "@/components/admin/list-parts";
import { NoticeRegion } from "@/components/admin/notices";
import { PageHeader } from "@/components/admin/page-header";
import { ClientMessages } from "@/components/i18n/client-messages";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { TableCell, TableRow } from "@/components/ui/table";
import type { Locale } from "@/i18n/config";
import { requirePermission } from "@/lib/auth/guard";
import { dhakaToday, formatCalendarDate, formatNumber, formatPercent, localizeDigits } from "@/lib/format";
import { getLendingRules, listHolidayOffices, listHolidays } from "@/lib/lending-rules/queries";
import { calendarFiltersSchema, calendarYears } from "@/lib/lending-rules/schemas";
import { weekdayOf } from "@/lib/loans/calendar";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminCalendar"))("metaTitle") };
}

type Weekday = "0" | "1" | "2" | "3" | "4" | "5" | "6";

/** The holiday calendar schedules follow, and the regulator's rules the lender applies (super admin). */
export default async function CalendarPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requirePermission("settings.calendar", "/admin/settings/calendar");
  const today = dhakaToday();
  const { year } = calendarFiltersSchema(today).parse(await searchParams);
  const [t, locale, rules, holidays, offices] = await Promise.all([
    getTranslations("adminCalendar"),
    getLocale() as Promise<Locale>,
    getLendingRules(),
    listHolidays(year),
    listHolidayOffices(),
  ]);
  const nameOf = (o: { nameBn: string; nameEn: string }) => (locale === "bn" ? o.nameBn : o.nameEn);
  const namespaces: ("adminCalendar" | "adminCommon" | "validation")[] = ["adminCalendar", "adminCommon", "validation"];
  const weekday = (n: number) => t(`weekdays.${String(n) as Weekday}`);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="mb-4" data-testid="lending-rules">
        <CardHeader>
          <CardTitle className="text-base">{t("rulesTitle")}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>{t("rules.ceiling", { rate: formatPercent(rules.rateCeilingPercent, locale) })}</li>
            <li>{t("rules.firstDays", { days: formatNumber(rules.minFirstInstallmentDays, locale) })}</li>
            <li>{t("rules.weekly", { days: rules.weeklyDaysOff.map(weekday).join(", ") })}</li>
            <li>{t("rules.noDeduction")}</li>
          </ul>
        </CardContent>
      </Card>
      <div className="mb-4 grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">{t("addTitle")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ClientMessages namespaces={namespaces}>
              <AddHolidayForm offices={offices.map((o) => ({ id: o.id, label: `${o.code} · ${nameOf(o)}` }))} />
            </ClientMessages>
          </CardContent>
        </Card>
        <div className="space-y-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("import.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ClientMessages namespaces={namespaces}>
                <ImportHolidaysForm />
              </ClientMessages>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">{t("apply.title")}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <p className="text-sm text-muted-foreground">{t("apply.text")}</p>
              <ClientMessages namespaces={namespaces}>
                <ApplyCalendarButton />
              </ClientMessages>
            </CardContent>
          </Card>
        </div>
      </div>
      <FilterForm action="/admin/settings/calendar" testId="holiday-year" label={t("yearLabel")} submitLabel={t("showYear")}>
        <FilterSelect name="year" value={year} label={t("year")} className="sm:w-32" options={calendarYears(today).map((y) => ({ value: y, label: localizeDigits(y, locale) }))} />
      </FilterForm>
      {holidays.length === 0 ? (
        <EmptyState icon={CalendarOff} title={t("emptyTitle", { year: localizeDigits(year, locale) })} text={t("emptyText")} testId="holidays-empty" />
      ) : (
        <ListTable testId="holidays-table" columns={[t("columns.date"), t("columns.weekday"), t("columns.name"), t("columns.appliesTo"), t("columns.actions")]}>
          <ClientMessages namespaces={namespaces}>
            {holidays.map((holiday) => {
              const shownDate = formatCalendarDate(holiday.date, locale);
              const name = nameOf(holiday);
              return (
                <TableRow key={`${holiday.date}:${holiday.office?.id ?? ""}`} data-testid="holiday-row" data-date={holiday.date} data-office={holiday.office?.code ?? ""}>
                  <TableCell className="whitespace-nowrap">{shownDate}</TableCell>
                  <TableCell className="whitespace-nowrap">{weekday(weekdayOf(holiday.date))}</TableCell>
                  <TableCell>{name}</TableCell>
                  <TableCell>
                    {holiday.office ? (
                      <>
                        <span className="font-mono text-xs">{holiday.office.code}</span> {nameOf(holiday.office)}
                      </>
                    ) : (
                      t("wholeLender")
                    )}
                  </TableCell>
                  <TableCell className="text-right">
                    <RemoveHolidayButton date={holiday.date} officeId={holiday.office?.id} shownDate={shownDate} name={name} />
                  </TableCell>
                </TableRow>
              );
            })}
          </ClientMessages>
        </ListTable>
      )}
      <ClientMessages namespaces={["adminCommon"]}>
        <NoticeRegion />
      </ClientMessages>
    </>
  );
}
