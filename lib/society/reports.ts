import "server-only";
import { getTranslations } from "next-intl/server";
import { createElement } from "react";
import type { Locale } from "@/i18n/config";
import { dhakaToday } from "@/lib/format";
import { formatCalendarDate, formatDateTime } from "@/lib/format";
import { planTables, TablesDocument, type PdfChrome } from "@/lib/pdf/components";
import { pdfResponse, preparePdf, renderPdf } from "@/lib/pdf/render";
import { databaseReportSections, memberProfileSections, MemberCalendarDocument, type Translate } from "@/lib/pdf/society-reports";
import type { SocietyAccess } from "./access";
import { getDatabaseReport, getMemberCalendar, getMemberProfile } from "./queries";
import { REPORT_MEMBER_RECENT_LIMIT } from "./rules";
import { PASSBOOK_PAPER, passbookSections } from "@/lib/pdf/passbook";
import { accountLedger, accountTotals, cashBook, LEDGER_PAGE_SIZE, memberMovements, type Ledger } from "./books/queries";
import { booksSections } from "@/lib/pdf/society-books";
import { passbookLines } from "./books/passbook";

/**
 * The society's three printed documents: query, translate, render. Route handlers check access first
 * and pass the resolved access in; every query is scoped by its society.
 */
function chromeFor(access: SocietyAccess, locale: Locale, t: Translate, title: string, subtitle?: string): PdfChrome {
  return {
    locale,
    societyName: access.society.name,
    title,
    subtitle,
    printedAt: t("printedAt", { time: formatDateTime(new Date(), locale) }),
    // Placeholders kept for the page loop, which fills them per page.
    pageTemplate: t("page", { page: "{page}", total: "{total}" }),
    continued: t("continued"),
  };
}

async function translator(locale: Locale): Promise<Translate> {
  return (await getTranslations({ locale, namespace: "society.pdf" })) as unknown as Translate;
}

/** A file name safe on every system: the parts joined, path characters and spaces removed. */
function fileName(...parts: string[]): string {
  return `${parts.map((p) => p.replace(/[\\/:*?"<>|\s]+/g, "_")).join("_")}.pdf`;
}

export async function memberProfilePdf(access: SocietyAccess, memberId: string, locale: Locale): Promise<Response | null> {
  const today = dhakaToday();
  const profile = await getMemberProfile(access.societyId, memberId, null, today, REPORT_MEMBER_RECENT_LIMIT);
  if (!profile) return null;
  const t = await translator(locale);
  const chrome = chromeFor(access, locale, t, t("profileTitle"), profile.member.name);
  await preparePdf();
  const pages = planTables(memberProfileSections({ member: profile.member, month: profile.month, recent: profile.recent }, t, locale));
  const pdf = await renderPdf(createElement(TablesDocument, { chrome, pages }));
  return pdfResponse(pdf, fileName(profile.member.memberCode, profile.member.name, "profile", today));
}

export async function memberCalendarPdf(access: SocietyAccess, memberId: string, month: string, locale: Locale): Promise<Response | null> {
  const data = await getMemberCalendar(access.societyId, memberId, month);
  if (!data) return null;
  const t = await translator(locale);
  const monthName = formatCalendarDate(`${month}-01`, locale, { month: "long", year: "numeric" });
  const chrome = chromeFor(access, locale, t, t("calendarTitle", { month: monthName }), data.member.name);
  const pdf = await renderPdf(createElement(MemberCalendarDocument, { chrome, data, t }));
  return pdfResponse(pdf, fileName(data.member.memberCode, data.member.name, "calendar", month));
}

export async function databaseReportPdf(access: SocietyAccess, range: { from: string; to: string } | null, locale: Locale): Promise<Response> {
  const report = await getDatabaseReport(access.societyId, range);
  const t = await translator(locale);
  const chrome = chromeFor(access, locale, t, t("databaseTitle"));
  await preparePdf();
  const pages = planTables(databaseReportSections(report, t, locale));
  const pdf = await renderPdf(createElement(TablesDocument, { chrome, pages }));
  return pdfResponse(pdf, fileName("society_report", range ? `${range.from}_${range.to}` : dhakaToday()));
}

/** A member's passbook: every deposit, withdrawal, instalment and loan from the journal, with running balances. */
export async function memberPassbookPdf(access: SocietyAccess, memberId: string, locale: Locale): Promise<Response | null> {
  const today = dhakaToday();
  const profile = await getMemberProfile(access.societyId, memberId, null, today, 1);
  if (!profile) return null;
  const lines = passbookLines(await memberMovements(access.societyId, memberId));
  const t = await translator(locale);
  const chrome = chromeFor(access, locale, t, t("passbook.title"), profile.member.name);
  await preparePdf();
  const pages = planTables(passbookSections({ member: profile.member, lines }, t, locale), PASSBOOK_PAPER);
  const pdf = await renderPdf(createElement(TablesDocument, { chrome, pages, paper: PASSBOOK_PAPER }));
  return pdfResponse(pdf, fileName(profile.member.memberCode, profile.member.name, "passbook", today));
}

/** The most ledger lines one PDF prints (a shorter period prints the rest). */
const LEDGER_PDF_PAGES = 25;

/** An account's whole ledger for the period (the screen pages it; a printout has every line, up to a bound). */
async function wholeLedger(societyId: string, code: string, range: { from: string; to: string }): Promise<Ledger | null> {
  const first = await accountLedger(societyId, code, range, 0);
  if (!first) return null;
  const pages = Math.min(Math.ceil(first.total / LEDGER_PAGE_SIZE), LEDGER_PDF_PAGES);
  const lines = [...first.lines];
  // One page after another: a printout never takes more than one of the pool's connections.
  for (let page = 1; page < pages; page++) lines.push(...((await accountLedger(societyId, code, range, page))?.lines ?? []));
  return { ...first, lines };
}

/** The books of a period (cash book, an account's ledger when asked for, trial balance, income and expenditure, balance sheet) with signature lines. */
export async function booksPdf(access: SocietyAccess, range: { from: string; to: string; account?: string | null }, locale: Locale): Promise<Response> {
  const [cash, period, toDate, ledger] = await Promise.all([
    cashBook(access.societyId, range, null),
    accountTotals(access.societyId, range),
    accountTotals(access.societyId, { from: null, to: range.to }),
    range.account ? wholeLedger(access.societyId, range.account, range) : Promise.resolve(null),
  ]);
  const [t, tBooks, tKinds] = await Promise.all([
    translator(locale),
    getTranslations({ locale, namespace: "society.books" }) as unknown as Promise<Translate>,
    getTranslations({ locale, namespace: "society.pdf.passbook.kinds" }) as unknown as Promise<Translate>,
  ]);
  const chrome = chromeFor(access, locale, t, t("books.title"), t("books.period", { from: formatCalendarDate(range.from, locale), to: formatCalendarDate(range.to, locale) }));
  await preparePdf();
  const pages = planTables(booksSections({ range, cash, period, toDate, ledger }, t, tBooks, tKinds, locale));
  const pdf = await renderPdf(createElement(TablesDocument, { chrome, pages }));
  return pdfResponse(pdf, fileName("society_books", range.from, range.to));
}
