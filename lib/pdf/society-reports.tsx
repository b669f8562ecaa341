import { Text, View } from "@react-pdf/renderer";
import type { Locale } from "@/i18n/config";
import { formatCalendarDate, formatNumber, formatPhone, formatTaka } from "@/lib/format";
import type { CalendarMonth } from "@/lib/society/rules";
import { SHORT_DATE } from "@/lib/society/rules";
import { CONTENT_WIDTH, PdfDocument, PdfPage, TablePart, type PdfChrome } from "./components";
import type { TableColumn, TableSection } from "./table-plan";

/**
 * The society's printed documents, built from plain query results and already-translated labels.
 * Tables become sections for the planner; the calendar is a fixed grid on one page.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

type Collection = { code: string; date: string; memberName: string; memberCode: string; workerName: string; installment: number; savings: number };
type MemberRow = { code: string; memberCode: string; name: string; nid: string; phone: string; area: string; installmentAmount: number; savingsAmount: number; status: string; workerName: string };

/** How the printed documents write money, counts, codes, dates and phone numbers in `locale`. */
export function formatters(locale: Locale) {
  return {
    taka: (n: number) => formatTaka(n, locale),
    num: (n: number) => formatNumber(n, locale),
    day: (iso: string) => formatCalendarDate(iso, locale, SHORT_DATE),
    phone: (p: string) => formatPhone(p),
  };
}

const right = "right" as const;
const keyValue = (label: number): TableColumn[] => [
  { header: "", width: label },
  { header: "", width: CONTENT_WIDTH - label },
];

export type MemberProfileData = {
  member: MemberRow & { loanAmount: number | null; joinDate: string; membershipType: string };
  month: { month: string; installment: number; savings: number; collectedDays: number; missedDays: number; target: number };
  recent: Collection[];
};

export function memberProfileSections(data: MemberProfileData, t: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  const m = data.member;
  return [
    {
      title: t("memberInfo"),
      showHeader: false,
      columns: keyValue(150),
      rows: [
        [t("name"), m.name],
        [t("memberCode"), m.memberCode],
        [t("recordId"), m.code],
        [t("nid"), m.nid],
        [t("phone"), f.phone(m.phone)],
        [t("worker"), m.workerName],
        [t("area"), m.area],
        [t("joinDate"), f.day(m.joinDate)],
        [t("membershipType"), t(`membershipTypes.${m.membershipType}`)],
        [t("dailyInstallment"), f.taka(m.installmentAmount)],
        [t("dailySavings"), f.taka(m.savingsAmount)],
        [t("loan"), m.loanAmount === null ? "—" : f.taka(m.loanAmount)],
        [t("status"), t(`statuses.${m.status}`)],
      ],
    },
    {
      title: t("monthStats", { month: formatCalendarDate(`${data.month.month}-01`, locale, { month: "long", year: "numeric" }) }),
      showHeader: false,
      columns: keyValue(150),
      rows: [
        [t("totalInstallment"), f.taka(data.month.installment)],
        [t("totalSavings"), f.taka(data.month.savings)],
        [t("collectedDays"), f.num(data.month.collectedDays)],
        [t("missedDays"), f.num(data.month.missedDays)],
        [t("target"), f.taka(data.month.target)],
      ],
    },
    {
      title: t("recentCollections", { count: f.num(data.recent.length) }),
      empty: t("noCollections"),
      columns: [
        { header: t("date"), width: 95 },
        { header: t("collectionId"), width: 70 },
        { header: t("worker"), width: 130 },
        { header: t("installment"), width: 76, align: right },
        { header: t("savings"), width: 76, align: right },
        { header: t("total"), width: CONTENT_WIDTH - 447, align: right },
      ],
      rows: data.recent.map((c) => [f.day(c.date), c.code, c.workerName, f.taka(c.installment), f.taka(c.savings), f.taka(c.installment + c.savings)]),
    },
  ];
}

export type DatabaseReportData = {
  society: { name: string; registrationNumber: string | null; address: string | null };
  stats: { workers: number; members: number; collections: number; totalAmount: number };
  workers: { code: string; name: string; area: string; phone: string; totalMembers: number; dailyCollection: number; status: string }[];
  members: MemberRow[];
  collections: Collection[];
  range: { from: string; to: string } | null;
  truncated: boolean;
};

export function databaseReportSections(data: DatabaseReportData, t: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  const collectionsTitle = data.range
    ? t("collectionsInRange", { from: f.day(data.range.from), to: f.day(data.range.to), count: f.num(data.collections.length) })
    : t("recentCollections", { count: f.num(data.collections.length) });
  const sections: TableSection[] = [
    {
      title: t("societyDetails"),
      showHeader: false,
      columns: keyValue(150),
      rows: [
        [t("societyName"), data.society.name],
        [t("registrationNumber"), data.society.registrationNumber ?? "—"],
        [t("address"), data.society.address || "—"],
        [t("workers"), f.num(data.stats.workers)],
        [t("members"), f.num(data.stats.members)],
        [t("collections"), f.num(data.stats.collections)],
        [t("totalCollected"), f.taka(data.stats.totalAmount)],
      ],
    },
    {
      title: t("workersTitle", { count: f.num(data.workers.length) }),
      empty: t("noWorkers"),
      columns: [
        { header: t("recordId"), width: 42 },
        { header: t("name"), width: 125 },
        { header: t("area"), width: 95 },
        { header: t("phone"), width: 80 },
        { header: t("memberCount"), width: 50, align: right },
        { header: t("collected"), width: 76, align: right },
        { header: t("status"), width: CONTENT_WIDTH - 468 },
      ],
      rows: data.workers.map((w) => [w.code, w.name, w.area, f.phone(w.phone), f.num(w.totalMembers), f.taka(w.dailyCollection), t(`statuses.${w.status}`)]),
    },
    {
      title: t("membersTitle", { count: f.num(data.members.length) }),
      empty: t("noMembers"),
      columns: [
        { header: t("recordId"), width: 40 },
        { header: t("memberCode"), width: 55 },
        { header: t("name"), width: 97 },
        { header: t("nid"), width: 78 },
        { header: t("phone"), width: 70 },
        { header: t("worker"), width: 75 },
        { header: t("dailyInstallmentShort"), width: 58, align: right },
        { header: t("dailySavingsShort"), width: CONTENT_WIDTH - 473, align: right },
      ],
      rows: data.members.map((m) => [m.code, m.memberCode, m.name, m.nid, f.phone(m.phone), m.workerName, f.taka(m.installmentAmount), f.taka(m.savingsAmount)]),
    },
    {
      title: collectionsTitle,
      empty: t("noCollections"),
      columns: [
        { header: t("collectionId"), width: 50 },
        { header: t("date"), width: 70 },
        { header: t("member"), width: 110 },
        { header: t("memberCode"), width: 55 },
        { header: t("worker"), width: 80 },
        { header: t("installment"), width: 58, align: right },
        { header: t("savings"), width: 50, align: right },
        { header: t("total"), width: CONTENT_WIDTH - 473, align: right },
      ],
      rows: data.collections.map((c) => [c.code, f.day(c.date), c.memberName, c.memberCode, c.workerName, f.taka(c.installment), f.taka(c.savings), f.taka(c.installment + c.savings)]),
    },
  ];
  if (data.truncated) sections.push({ showHeader: false, columns: keyValue(0), rows: [["", t("truncated", { count: f.num(data.collections.length) })]] });
  return sections;
}

export type MemberCalendarData = { member: MemberRow; calendar: CalendarMonth };

const colors = { collected: "#d1fae5", collectedText: "#047857", missed: "#fee2e2", missedText: "#b91c1c", upcoming: "#ffffff", rule: "#d1d5db", muted: "#6b7280" } as const;

/** One page: the member, the month as a Saturday-first grid with each day's amounts, and the month's totals. */
export function MemberCalendarDocument({ chrome, data, t }: { chrome: PdfChrome; data: MemberCalendarData; t: Translate }) {
  const f = formatters(chrome.locale);
  const { member, calendar } = data;
  const cell = CONTENT_WIDTH / 7;
  const weekdays = ["sat", "sun", "mon", "tue", "wed", "thu", "fri"] as const;
  const info = [
    [t("name"), member.name],
    [t("memberCode"), member.memberCode],
    [t("worker"), member.workerName],
    [t("dailyInstallment"), f.taka(member.installmentAmount)],
    [t("dailySavings"), f.taka(member.savingsAmount)],
  ];
  const totals = [
    [t("totalInstallment"), f.taka(calendar.installment)],
    [t("totalSavings"), f.taka(calendar.savings)],
    [t("total"), f.taka(calendar.installment + calendar.savings)],
    [t("collectedDays"), f.num(calendar.collectedDays)],
    [t("missedDays"), f.num(calendar.missedDays)],
  ];
  return (
    <PdfDocument chrome={chrome}>
      <PdfPage chrome={chrome} page={1} total={1}>
        <TablePart chrome={chrome} part={{ title: t("memberInfo"), continued: false, header: null, columns: keyValue(150), rows: info.map((r) => ({ cells: r.map((c) => [c]), height: 1 })) }} />
        <View style={{ marginTop: 12, flexDirection: "row", borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: colors.rule }}>
          {weekdays.map((d) => (
            <Text key={d} style={{ width: cell, padding: 3, fontWeight: 700, textAlign: "center", borderRightWidth: 0.75, borderBottomWidth: 0.75, borderColor: colors.rule }}>
              {t(`weekdays.${d}`)}
            </Text>
          ))}
        </View>
        {calendar.weeks.map((week, w) => (
          <View key={w} style={{ flexDirection: "row", borderLeftWidth: 0.75, borderColor: colors.rule }}>
            {week.map((day, d) => (
              <View
                key={d}
                style={{
                  width: cell,
                  height: 58,
                  padding: 3,
                  borderRightWidth: 0.75,
                  borderBottomWidth: 0.75,
                  borderColor: colors.rule,
                  backgroundColor: day ? colors[day.state] : "#f9fafb",
                }}
              >
                {day ? (
                  <>
                    <Text style={{ fontWeight: 700 }}>{f.num(day.day)}</Text>
                    {day.state === "collected" ? (
                      <>
                        <Text style={{ color: colors.collectedText }}>{t("collected")}</Text>
                        <Text>{`${t("installmentShort")} ${f.taka(day.installment)}`}</Text>
                        <Text>{`${t("savingsShort")} ${f.taka(day.savings)}`}</Text>
                      </>
                    ) : day.state === "missed" ? (
                      <Text style={{ color: colors.missedText }}>{t("missed")}</Text>
                    ) : null}
                  </>
                ) : null}
              </View>
            ))}
          </View>
        ))}
        <TablePart chrome={chrome} part={{ title: t("monthTotals"), continued: false, header: null, columns: keyValue(150), rows: totals.map((r) => ({ cells: r.map((c) => [c]), height: 1 })) }} />
      </PdfPage>
    </PdfDocument>
  );
}
