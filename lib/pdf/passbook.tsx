import type { Locale } from "@/i18n/config";
import type { PassbookLine } from "@/lib/society/books/passbook";
import { contentWidth } from "./components";
import { formatters, type Translate } from "./society-reports";
import type { TableSection } from "./table-plan";

export type PassbookData = {
  member: { name: string; memberCode: string; nid: string; phone: string; workerName: string; joinDate: string; status: string };
  lines: PassbookLine[];
};

const right = "right" as const;

/** A signed amount as a passbook shows it: blank for nothing, a minus for money out. */
function signed(n: number, taka: (n: number) => string): string {
  if (n === 0) return "";
  return n < 0 ? `−${taka(-n)}` : taka(n);
}

/** A passbook is printed on A5, the size a member keeps at home. */
export const PASSBOOK_PAPER = "A5" as const;

/**
 * The passbook: the member, then one line per entry on their accounts (deposit, instalment, withdrawal, loan, correction)
 * with the running balance of savings and of the loan after it. Every figure from the journal.
 */
export function passbookSections(data: PassbookData, t: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  const m = data.member;
  const last = data.lines.at(-1);
  const width = contentWidth(PASSBOOK_PAPER);
  return [
    {
      title: t("memberInfo"),
      showHeader: false,
      columns: [
        { header: "", width: 120 },
        { header: "", width: width - 120 },
      ],
      rows: [
        [t("name"), m.name],
        [t("memberCode"), m.memberCode],
        [t("nid"), m.nid],
        [t("phone"), f.phone(m.phone)],
        [t("worker"), m.workerName],
        [t("joinDate"), f.day(m.joinDate)],
        [t("status"), t(`statuses.${m.status}`)],
        [t("passbook.savingsBalance"), f.taka(last?.savingsBalance ?? 0)],
        [t("passbook.loanBalance"), f.taka(last?.loanBalance ?? 0)],
      ],
    },
    {
      title: t("passbook.lines", { count: f.num(data.lines.length) }),
      empty: t("passbook.empty"),
      columns: [
        { header: t("date"), width: 64 },
        { header: t("passbook.what"), width: 58 },
        { header: t("passbook.savings"), width: 52, align: right },
        { header: t("passbook.savingsBalanceShort"), width: 58, align: right },
        { header: t("passbook.loan"), width: 52, align: right },
        { header: t("passbook.loanBalanceShort"), width: width - 284, align: right },
      ],
      rows: data.lines.map((l) => [
        f.day(l.date),
        // The record's code as typed (never localised): five equal withdrawals read WD001 … WD005.
        l.reference ? `${t(`passbook.kinds.${l.kind}`)} ${l.reference}` : t(`passbook.kinds.${l.kind}`),
        signed(l.savings, f.taka),
        f.taka(l.savingsBalance),
        signed(l.loan, f.taka),
        f.taka(l.loanBalance),
      ]),
    },
  ];
}
