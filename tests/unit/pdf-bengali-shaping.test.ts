/**
 * Bengali words the PDFs used to break, as a person sees them: every dependent vowel sign after য় ড় ঢ় (precomposed,
 * U+09DF U+09DC U+09DD, and as য ড ঢ + nukta), reph, conjuncts and glossary words, in a receipt, a loan schedule and a
 * society report, through both ways the PDFs set text: table lines drawn by pdfkit and react-pdf's own (wrapped)
 * text. Page 1 of each is compared with a reviewed PNG (tests/support/pdf-reference.ts, at 150 dpi so that a sign
 * on a dotted circle is plain to see). References: UPDATE_PDF_REFERENCES=1, then look at each PNG.
 *
 * The process's first PDF is an English receipt for names typed with precomposed letters (as phone keyboards do),
 * which is how a server came to print every later য/ড/ঢ + vowel sign apart (lib/pdf/glyph-code-points.ts).
 */
import { createTranslator } from "next-intl";
import { createElement } from "react";
import { beforeAll, describe, it } from "vitest";
import type { Locale } from "@/i18n/config";
import { formatDateTime } from "@/lib/format";
import type { PaymentReceiptData } from "@/lib/loan-documents/types";
import { CONTENT_WIDTH, planTables, TablesDocument, type PdfChrome } from "@/lib/pdf/components";
import { loanScheduleSections, paymentReceiptSections } from "@/lib/pdf/loan-documents";
import { preparePdf, renderPdf } from "@/lib/pdf/render";
import { databaseReportSections, type DatabaseReportData, type Translate } from "@/lib/pdf/society-reports";
import type { TableSection } from "@/lib/pdf/table-plan";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { expectFirstPageToMatchReference } from "@/tests/support/pdf-reference";

/** য় ড় ঢ় written precomposed, or as base + nukta (U+09BC); nothing else in the text changes. */
const precomposed = (text: string) => text.replace(/\u09AF\u09BC/g, "\u09DF").replace(/\u09A1\u09BC/g, "\u09DC").replace(/\u09A2\u09BC/g, "\u09DD");
const withNukta = (text: string) => text.replace(/\u09DF/g, "\u09AF\u09BC").replace(/\u09DC/g, "\u09A1\u09BC").replace(/\u09DD/g, "\u09A2\u09BC");

/** া ি ী ু ূ ৃ ে ৈ ো ৌ */
const VOWEL_SIGNS = ["\u09BE", "\u09BF", "\u09C0", "\u09C1", "\u09C2", "\u09C3", "\u09C7", "\u09C8", "\u09CB", "\u09CC"];
const WORDS = "বকেয়া মেয়াদ মিয়া আনোয়ার বাড়ি আষাঢ়ে";
const CLUSTERS = "র্ক ক্ষ স্ত্রী শ্রমিক";
const GLOSSARY = "ঋণ কিস্তি সঞ্চয় রেওয়ামিল স্থিতিপত্র খতিয়ান";

/** Label and text of each line: each letter in both forms followed by every vowel sign, then words and clusters. */
const SAMPLE: [string, string][] = [
  ...["\u09DF", "\u09DC", "\u09DD"].flatMap((letter): [string, string][] => [
    [`U+${letter.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")} ${letter}`, VOWEL_SIGNS.map((v) => letter + v).join(" ")],
    [`${withNukta(letter)[0]} + U+09BC`, VOWEL_SIGNS.map((v) => withNukta(letter) + v).join(" ")],
  ]),
  ["U+09DF/DC/DD", precomposed(WORDS)],
  ["+ U+09BC", withNukta(WORDS)],
  ["র্ক ক্ষ", CLUSTERS],
  ["ঋণ", withNukta(GLOSSARY)],
  ["ঋণ (U+09DF)", precomposed(GLOSSARY)],
];

/** The sample as table lines (pdfkit), then as one note (react-pdf's text layout, wrapped over several lines). */
const sampleSections: TableSection[] = [
  { title: "য় ড় ঢ় · র্ক ক্ষ স্ত্রী", showHeader: false, columns: [{ header: "", width: 110 }, { header: "", width: CONTENT_WIDTH - 110 }], rows: SAMPLE },
  { title: precomposed(WORDS), showHeader: false, columns: [{ header: "", width: CONTENT_WIDTH }], rows: [], empty: SAMPLE.map(([, text]) => text).join(" · ") },
];

function translator(locale: Locale, namespace: "loanPdf" | "society.pdf"): Translate {
  return createTranslator({ locale, messages: locale === "bn" ? bn : en, namespace }) as unknown as Translate;
}

function chrome(locale: Locale, t: Translate, societyName: string, title: string, subtitle: string): PdfChrome {
  return {
    locale, societyName, title, subtitle, printedAt: t("printedAt", { time: formatDateTime(new Date("2026-11-23T04:30:00Z"), locale) }),
    pageTemplate: t("page", { page: "{page}", total: "{total}" }), continued: t("continued"),
  };
}

function receipt(borrower: string, collectedBy: string): PaymentReceiptData {
  return {
    paymentNumber: "PAY-000042", amount: 7_242, method: "bkash", reference: "TRX8N4K2M9", paymentDate: "2026-11-23", collectedBy,
    loanNumber: "LN-000102", borrower, customerNumber: "U000002", outstandingNow: 97_488,
    allocations: [{ emiNumber: 4, dueDate: "2026-10-07", lateFee: 250, interest: 1_344, principal: 2_656 }],
  };
}

function receiptPdf(locale: Locale, data: PaymentReceiptData, extra: TableSection[] = []): Promise<Buffer> {
  const t = translator(locale, "loanPdf");
  const appName = (locale === "bn" ? bn : en).common.appName;
  const pages = planTables([...paymentReceiptSections(data, t, locale), ...extra]);
  return renderPdf(createElement(TablesDocument, { chrome: chrome(locale, t, appName, t("receiptTitle"), `${data.paymentNumber} · ${data.borrower}`), pages }));
}

function schedulePdf(): Promise<Buffer> {
  const t = translator("bn", "loanPdf");
  const borrower = precomposed("আনোয়ার হোসেন মিয়া");
  const statuses = ["paid", "partial", "overdue", "overdue", "due_today", "upcoming"] as const;
  const schedule = {
    loanNumber: "LN-000102", borrower, customerNumber: "U000002", disbursedAmount: 30_000, disbursedOn: "2026-06-05", annualRate: 18, tenure: 6, emi: 5_266,
    installments: statuses.map((status, i) => ({ emiNumber: i + 1, dueDate: `2026-${String(i + 7).padStart(2, "0")}-07`, emiAmount: 5_266, principal: 4_816 + i * 70, interest: 450 - i * 70, lateFee: status === "overdue" ? 250 : 0, paid: i === 0 ? 5_266 : i === 1 ? 2_000 : 0, status })),
  };
  const pages = planTables([...loanScheduleSections(schedule, t, "bn"), ...sampleSections]);
  return renderPdf(createElement(TablesDocument, { chrome: chrome("bn", t, bn.common.appName, t("scheduleTitle"), `LN-000102 · ${borrower}`), pages }));
}

function societyReportPdf(): Promise<Buffer> {
  const t = translator("bn", "society.pdf");
  const names = [precomposed("রোকেয়া বেগম"), withNukta("আয়েশা বাড়ৈ"), precomposed("মরিয়ম আষাঢ়ী")];
  const worker = withNukta("সাইফুল মিয়া");
  const report: DatabaseReportData = {
    society: { name: withNukta("আষাঢ়ে সঞ্চয় সমিতি"), registrationNumber: "DHK-COOP-2019-0417", address: precomposed("বাড়ি ১২, নয়াপাড়া, ঢাকা") },
    stats: { workers: 1, members: 3, collections: 3, totalAmount: 450 },
    workers: [{ code: "W001", name: worker, area: precomposed("নয়াপাড়া"), phone: "+8801711000000", totalMembers: 3, dailyCollection: 450, status: "active" }],
    members: names.map((name, i) => ({
      code: `M00${i + 1}`, memberCode: `ASS-${i + 1}`, name, nid: String(3_304_718_265 + i), phone: `+880181100000${i}`, area: withNukta("নয়াপাড়া"), installmentAmount: 100, savingsAmount: 50, status: "active", workerName: worker,
    })),
    collections: names.map((memberName, i) => ({ code: `C00${i + 1}`, date: `2026-11-2${i}`, memberName, memberCode: `ASS-${i + 1}`, workerName: worker, installment: 100, savings: 50 })),
    range: null,
    truncated: false,
  };
  const pages = planTables([...databaseReportSections(report, t, "bn"), ...sampleSections]);
  return renderPdf(createElement(TablesDocument, { chrome: chrome("bn", t, report.society.name, t("databaseTitle"), report.society.address!), pages }));
}

describe("Bengali vowel signs stay on য় ড় ঢ় in every PDF", () => {
  beforeAll(async () => {
    await preparePdf();
    // Only precomposed য় ড় ঢ় and no plain য ড ঢ: English labels, Bengali names.
    await receiptPdf("en", receipt(precomposed("আনোয়ার মিয়া"), precomposed("রূপা বাড়ৈ আষাঢ়ী")));
  });

  it("receipt", async () => {
    const pdf = await receiptPdf("bn", receipt(withNukta("আনোয়ার মিয়া"), precomposed("রূপা বাড়ৈ আষাঢ়ী")), sampleSections);
    await expectFirstPageToMatchReference(pdf, "bengali-shaping-receipt", 150);
  });

  it("loan schedule", async () => {
    await expectFirstPageToMatchReference(await schedulePdf(), "bengali-shaping-schedule", 150);
  });

  it("society report", async () => {
    await expectFirstPageToMatchReference(await societyReportPdf(), "bengali-shaping-society-report", 150);
  });
});
