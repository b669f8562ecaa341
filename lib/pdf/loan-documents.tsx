import type { Locale } from "@/i18n/config";
import { formatPercent } from "@/lib/format";
import type { LoanScheduleData, PaymentReceiptData } from "@/lib/loan-documents/types";
import { effectiveAnnualRate } from "@/lib/loans/rates";
import { CONTENT_WIDTH } from "./components";
import { formatters, type Translate } from "./society-reports";
import type { TableColumn, TableSection } from "./table-plan";

/**
 * A borrower's loan documents (issue 24): the receipt of one payment and the loan's instalment schedule, as sections
 * for the table planner, from plain data and the "loanPdf" messages.
 */
const right = "right" as const;
const keyValue: TableColumn[] = [
  { header: "", width: 160 },
  { header: "", width: CONTENT_WIDTH - 160 },
];

/** A titled table of label and value rows. */
function keyValueSection(title: string, rows: string[][]): TableSection {
  return { title, showHeader: false, columns: keyValue, rows };
}

/** The rows every loan document starts its loan part with. */
function loanRows(data: { loanNumber: string; borrower: string; customerNumber: string }, t: Translate): string[][] {
  return [
    [t("loanNumber"), data.loanNumber],
    [t("borrower"), data.borrower],
    [t("customerNumber"), data.customerNumber],
  ];
}

export function paymentReceiptSections(data: PaymentReceiptData, t: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  return [
    {
      title: t("paymentSection"),
      showHeader: false,
      columns: keyValue,
      rows: [
        [t("receiptNumber"), data.paymentNumber],
        [t("paymentDate"), f.day(data.paymentDate)],
        [t("amount"), f.taka(data.amount)],
        [t("method"), data.method ? t(`methods.${data.method}`) : "—"],
        [t("reference"), data.reference || "—"],
        [t("collectedBy"), data.collectedBy ?? "—"],
      ],
    },
    keyValueSection(t("loanSection"), [...loanRows(data, t), [t("outstanding"), f.taka(data.outstandingNow)]]),
    {
      title: t("allocationSection"),
      empty: t("noAllocation"),
      columns: [
        { header: t("columns.number"), width: 70 },
        { header: t("columns.due"), width: 120 },
        { header: t("columns.lateFee"), width: 100, align: right },
        { header: t("columns.interest"), width: 100, align: right },
        { header: t("columns.principal"), width: CONTENT_WIDTH - 390, align: right },
      ],
      rows: data.allocations.map((a) => [f.num(a.emiNumber), f.day(a.dueDate), f.taka(a.lateFee), f.taka(a.interest), f.taka(a.principal)]),
    },
  ];
}

export function loanScheduleSections(data: LoanScheduleData, t: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  return [
    keyValueSection(t("loanSection"), [
        ...loanRows(data, t),
        [t("disbursed"), f.taka(data.disbursedAmount)],
        [t("disbursedOn"), data.disbursedOn ? f.day(data.disbursedOn) : "—"],
        [t("rate"), t("rateValue", { rate: formatPercent(data.annualRate, locale), effective: formatPercent(effectiveAnnualRate(data.annualRate), locale) })],
        [t("tenure"), t("tenureValue", { months: f.num(data.tenure) })],
        [t("emi"), f.taka(data.emi)],
    ]),
    {
      title: t("installmentsSection", { count: f.num(data.installments.length) }),
      columns: [
        { header: t("columns.number"), width: 42 },
        { header: t("columns.due"), width: 78 },
        { header: t("columns.emi"), width: 70, align: right },
        { header: t("columns.principal"), width: 66, align: right },
        { header: t("columns.interest"), width: 58, align: right },
        { header: t("columns.lateFee"), width: 52, align: right },
        { header: t("columns.paid"), width: 66, align: right },
        { header: t("columns.status"), width: CONTENT_WIDTH - 432 },
      ],
      rows: data.installments.map((i) => [
        f.num(i.emiNumber),
        f.day(i.dueDate),
        f.taka(i.emiAmount),
        f.taka(i.principal),
        f.taka(i.interest),
        f.taka(i.lateFee),
        f.taka(i.paid),
        t(`statuses.${i.status}`),
      ]),
    },
  ];
}
