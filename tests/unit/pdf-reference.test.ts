/**
 * The society's and the borrower's PDFs as a person sees them: each document rendered from fixed data, page 1 turned into
 * a PNG with pdftoppm and compared pixel by pixel (pixelmatch, anti-aliasing tolerant) with a reference
 * PNG that was looked at and accepted (tests/fixtures/pdf). Catches broken Bengali shaping, a lost font,
 * a moved column or a missing line, which text extraction cannot see.
 *
 * After an intended change: `UPDATE_PDF_REFERENCES=1 npx vitest run --project unit tests/unit/pdf-reference`,
 * then look at every PNG in tests/fixtures/pdf before committing (tests/support/pdf-reference.ts compares them).
 */
import { createTranslator } from "next-intl";
import { createElement, type ReactElement } from "react";
import { describe, it } from "vitest";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";
import { planTables, TablesDocument, type PdfChrome } from "@/lib/pdf/components";
import { preparePdf, renderPdf } from "@/lib/pdf/render";
import { loanScheduleSections, paymentReceiptSections } from "@/lib/pdf/loan-documents";
import { databaseReportSections, memberProfileSections, MemberCalendarDocument, type Translate } from "@/lib/pdf/society-reports";
import { PASSBOOK_PAPER, passbookSections } from "@/lib/pdf/passbook";
import { passbookLines } from "@/lib/society/books/passbook";
import { calendarMonth } from "@/lib/society/rules";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { expectFirstPageToMatchReference } from "@/tests/support/pdf-reference";

const names = {
  bn: { society: "আদর্শ সঞ্চয় সমিতি", member: "রহিমা খাতুন স্ত্রী সংগ্রহ কিস্তি", worker: "করিম শ্রমিক", area: "মিরপুর ১০", address: "১২ মিরপুর রোড, ঢাকা" },
  en: { society: "Adarsha Savings Society", member: "Rahima Khatun (wife of Abdul Karim Mia)", worker: "Karim Uddin", area: "Mirpur 10", address: "12 Mirpur Road, Dhaka" },
};

function fixtures(locale: Locale) {
  const n = names[locale];
  const member = (i: number) => ({
    code: `M${String(i + 1).padStart(3, "0")}`, memberCode: `ASS-${i + 1}`, name: i === 0 ? n.member : `${n.member.split(" ")[0]} ${i + 1}`,
    nid: String(3_304_718_265 + i), phone: `+8801811${String(i).padStart(6, "0")}`, area: n.area, installmentAmount: 100 + (i % 5) * 50, savingsAmount: (i % 4) * 10, status: i % 9 === 8 ? "inactive" : "active", workerName: n.worker,
  });
  const collection = (i: number) => ({ code: `C${String(i + 1).padStart(3, "0")}`, date: `2026-11-${String((i % 23) + 1).padStart(2, "0")}`, memberName: member(i % 7).name, memberCode: member(i % 7).memberCode, workerName: n.worker, installment: 100 + (i % 3) * 50, savings: 50 });
  return { n, member, collection };
}

/** Each document as a function, so a test plans and builds only the one it compares. */
async function documents(locale: Locale): Promise<Record<string, () => ReactElement>> {
  const t = createTranslator({ locale, messages: locale === "bn" ? bn : en, namespace: "society.pdf" }) as unknown as Translate;
  const { n, member, collection } = fixtures(locale);
  const chrome = (title: string, subtitle?: string): PdfChrome => ({
    locale, societyName: n.society, title, subtitle, printedAt: t("printedAt", { time: formatDateTime(new Date("2026-11-23T04:30:00Z"), locale) }),
    pageTemplate: t("page", { page: "{page}", total: "{total}" }), continued: t("continued"),
  });
  await preparePdf();
  const profile = { member: { ...member(0), loanAmount: 120_000, joinDate: "2026-01-05", membershipType: "regular" }, month: { month: "2026-11", installment: 2_300, savings: 1_150, collectedDays: 20, missedDays: 3, target: 4_500 }, recent: Array.from({ length: 15 }, (_, i) => collection(i)) };
  // A loan, daily collections, a correction and a withdrawal: the running balances line by line.
  const passbook = {
    member: { ...member(0), joinDate: "2026-01-05" },
    lines: passbookLines([
      { date: "2026-11-01", kind: "member_loan", savings: 0, loan: 20_000 },
      ...Array.from({ length: 12 }, (_, i) => ({ date: `2026-11-${String(i + 2).padStart(2, "0")}`, kind: "collection", savings: 50, loan: -200 })),
      { date: "2026-11-13", kind: "collection_correction", savings: -20, loan: 0 },
      { date: "2026-11-14", kind: "withdrawal", savings: -300, loan: 0 },
    ]),
  };
  const days = new Map(Array.from({ length: 20 }, (_, i) => [`2026-11-${String(i + 1).padStart(2, "0")}`, { installment: 100, savings: 50 }]));
  const report = {
    society: { name: n.society, registrationNumber: "DHK-COOP-2019-0417", address: n.address }, stats: { workers: 1, members: 60, collections: 50, totalAmount: 8_750 },
    workers: [{ code: "W001", name: n.worker, area: n.area, phone: "+8801711000000", totalMembers: 60, dailyCollection: 125_000, status: "active" }],
    members: Array.from({ length: 60 }, (_, i) => member(i)), collections: Array.from({ length: 50 }, (_, i) => collection(i)), range: null, truncated: false,
  };
  return {
    profile: () => createElement(TablesDocument, { chrome: chrome(t("profileTitle"), n.member), pages: planTables(memberProfileSections(profile, t, locale)) }),
    calendar: () => createElement(MemberCalendarDocument, { chrome: chrome(t("calendarTitle", { month: locale === "bn" ? "নভেম্বর ২০২৬" : "November 2026" }), n.member), data: { member: member(0), calendar: calendarMonth("2026-11", "2026-11-23", days) }, t }),
    "database-report": () => createElement(TablesDocument, { chrome: chrome(t("databaseTitle")), pages: planTables(databaseReportSections(report, t, locale)) }),
    passbook: () => createElement(TablesDocument, { chrome: chrome(t("passbook.title"), n.member), pages: planTables(passbookSections(passbook, t, locale), PASSBOOK_PAPER), paper: PASSBOOK_PAPER }),
    ...loanDocuments(locale),
  };
}

/** The borrower's documents (lib/pdf/loan-documents.tsx): a receipt and a 24-month schedule, from fixed data. */
function loanDocuments(locale: Locale): Record<string, () => ReactElement> {
  const t = createTranslator({ locale, messages: locale === "bn" ? bn : en, namespace: "loanPdf" }) as unknown as Translate;
  const borrower = locale === "bn" ? "রহিমা খাতুন" : "Rahima Khatun";
  const chrome = (title: string, subtitle: string): PdfChrome => ({
    locale, societyName: locale === "bn" ? bn.common.appName : en.common.appName, title, subtitle,
    printedAt: t("printedAt", { time: formatDateTime(new Date("2026-11-23T04:30:00Z"), locale) }),
    pageTemplate: t("page", { page: "{page}", total: "{total}" }), continued: t("continued"),
  });
  const statuses = ["paid", "paid", "partial", "overdue", "due_today", "upcoming"] as const;
  const schedule = {
    loanNumber: "LN-000102", borrower, customerNumber: "U000002", disbursedAmount: 100_000, disbursedOn: "2026-06-05", annualRate: 18, tenure: 24, emi: 4_992,
    installments: Array.from({ length: 24 }, (_, i) => ({
      emiNumber: i + 1, dueDate: `20${26 + Math.floor((6 + i) / 12)}-${String(((6 + i) % 12) + 1).padStart(2, "0")}-07`, emiAmount: 4_992, principal: 3_492 + i * 52, interest: 1_500 - i * 52,
      lateFee: i === 3 ? 250 : 0, paid: i < 2 ? 4_992 : i === 2 ? 2_000 : 0, status: statuses[Math.min(i, 5)]!,
    })),
  };
  const receipt = {
    paymentNumber: "PAY-000042", amount: 7_242, method: "bkash" as const, reference: "TRX8N4K2M9", paymentDate: "2026-11-23", collectedBy: locale === "bn" ? "সাবিনা ইয়াসমিন" : "Sabina Yasmin",
    loanNumber: "LN-000102", borrower, customerNumber: "U000002", outstandingNow: 97_488,
    allocations: [{ emiNumber: 3, dueDate: "2026-09-07", lateFee: 0, interest: 0, principal: 2_992 }, { emiNumber: 4, dueDate: "2026-10-07", lateFee: 250, interest: 1_344, principal: 2_656 }],
  };
  return {
    receipt: () => createElement(TablesDocument, { chrome: chrome(t("receiptTitle"), `PAY-000042 · ${borrower}`), pages: planTables(paymentReceiptSections(receipt, t, locale)) }),
    schedule: () => createElement(TablesDocument, { chrome: chrome(t("scheduleTitle"), `LN-000102 · ${borrower}`), pages: planTables(loanScheduleSections(schedule, t, locale)) }),
  };
}

describe("PDF pages match their reviewed references", () => {
  for (const locale of ["bn", "en"] as const) {
    for (const name of ["profile", "calendar", "database-report", "receipt", "schedule", "passbook"]) {
      it(`${name} (${locale})`, async () => {
        const doc = (await documents(locale))[name]!();
        await expectFirstPageToMatchReference(await renderPdf(doc), `${name}-${locale}`);
      });
    }
  }
});
