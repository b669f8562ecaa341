import type { Locale } from "@/i18n/config";
import { accountName } from "@/lib/society/books/account-name";
import type { AccountTotal, CashBook, Ledger } from "@/lib/society/books/queries";
import { naturalBalance } from "@/lib/society/books/account-name";
import { entryParticulars } from "@/lib/society/books/particulars";
import { financialStatements } from "@/lib/ledger/statements";
import { CONTENT_WIDTH } from "./components";
import { formatters, type Translate } from "./society-reports";
import type { TableSection } from "./table-plan";

export type BooksPdfData = {
  range: { from: string; to: string };
  cash: CashBook;
  period: AccountTotal[];
  toDate: AccountTotal[];
  /** One account's ledger for the period, printed after the cash book when asked for (every line, not a page). */
  ledger?: Ledger | null;
};

const right = "right" as const;

/**
 * The society's books for a period as an auditor takes them away: the cash book (each receipt and payment with its
 * voucher, each day's closing balance), the trial balance, the income and expenditure statement and the balance sheet,
 * then the signatures. Empty amount columns are blank. `t` is the PDF's labels, `tBooks` the books tab's (account
 * names), `tKinds` what each entry is.
 */
export function booksSections(data: BooksPdfData, t: Translate, tBooks: Translate, tKinds: Translate, locale: Locale): TableSection[] {
  const f = formatters(locale);
  const amount = (n: number) => (n === 0 ? "" : f.taka(n));
  const name = (a: AccountTotal) => `${a.code} ${accountName(tBooks as (key: "accounts.cash_in_hand") => string, a)}`;
  const s = financialStatements(data.period, data.toDate);
  const { from, to } = data.range;
  const money = (header: string) => ({ header, width: 72, align: right });
  return [
    {
      title: tBooks("cashBook", { from: f.day(from), to: f.day(to) }),
      columns: [
        { header: tBooks("date"), width: 62 },
        { header: tBooks("voucher"), width: 52 },
        { header: tBooks("particulars"), width: CONTENT_WIDTH - 62 - 52 - 3 * 72 },
        money(tBooks("receipts")),
        money(tBooks("payments")),
        money(tBooks("balance")),
      ],
      rows: [
        ["", "", tBooks("opening"), "", "", f.taka(data.cash.opening)],
        ...data.cash.days.flatMap((d) => [
          ...d.entries.map((e) => [
            f.day(d.date),
            String(e.voucher),
            entryParticulars(tKinds(e.kind), e),
            amount(Math.max(e.amount, 0)),
            amount(Math.max(-e.amount, 0)),
            "",
          ]),
          [f.day(d.date), "", t("books.dayTotal"), amount(d.receipts), amount(d.payments), f.taka(d.closing)],
        ]),
        ["", "", tBooks("total"), f.taka(data.cash.receipts), f.taka(data.cash.payments), f.taka(data.cash.closing)],
        ...(data.cash.entries > data.cash.listed ? [["", "", tBooks("cashBookMore", { listed: f.num(data.cash.listed), total: f.num(data.cash.entries) }), "", "", ""]] : []),
      ],
    },
    ...(data.ledger ? [ledgerSection(data.ledger, data.range, t, tBooks, tKinds, locale)] : []),
    {
      title: tBooks("trialBalance", { to: f.day(to) }),
      columns: [{ header: tBooks("account"), width: CONTENT_WIDTH - 2 * 90 }, { header: tBooks("debit"), width: 90, align: right }, { header: tBooks("credit"), width: 90, align: right }],
      rows: [...s.trial.rows.map((a) => [name(a), amount(Math.max(a.total, 0)), amount(Math.max(-a.total, 0))]), [tBooks("total"), f.taka(s.trial.debit), f.taka(s.trial.credit)]],
    },
    {
      title: tBooks("incomeStatement", { from: f.day(from), to: f.day(to) }),
      columns: [{ header: tBooks("account"), width: CONTENT_WIDTH - 90 }, { header: t("books.amount"), width: 90, align: right }],
      rows: [
        ...s.incomes.map((a) => [name(a), f.taka(-a.total)]),
        [tBooks("totalIncome"), f.taka(s.income)],
        ...s.expenses.map((a) => [name(a), f.taka(a.total)]),
        [tBooks("totalExpense"), f.taka(s.expense)],
        [tBooks("surplus"), f.taka(s.income - s.expense)],
      ],
    },
    {
      title: tBooks("balanceSheet", { to: f.day(to) }),
      columns: [{ header: tBooks("account"), width: CONTENT_WIDTH - 90 }, { header: t("books.amount"), width: 90, align: right }],
      rows: [
        ...s.assets.map((a) => [name(a), f.taka(a.balance)]),
        [tBooks("totalAssets"), f.taka(s.totalAssets)],
        ...[...s.liabilities, ...s.equity].map((a) => [name(a), f.taka(a.balance)]),
        [tBooks("surplusToDate"), f.taka(s.surplusToDate)],
        [tBooks("totalLiabilities"), f.taka(s.totalLiabilities)],
      ],
    },
    {
      title: t("books.signatures"),
      columns: [t("books.preparedBy"), t("books.checkedBy"), t("books.approvedBy")].map((header, i) => ({ header, width: i < 2 ? Math.floor(CONTENT_WIDTH / 3) : CONTENT_WIDTH - 2 * Math.floor(CONTENT_WIDTH / 3) })),
      // Room to sign under each role, then the line.
      rows: [["\n\n\n____________________", "\n\n\n____________________", "\n\n\n____________________"]],
    },
  ];
}

/** An account's ledger: each line with its voucher, what and whom, debit or credit, and the balance on the account's side. */
function ledgerSection(ledger: Ledger, range: { from: string; to: string }, t: Translate, tBooks: Translate, tKinds: Translate, locale: Locale): TableSection {
  const f = formatters(locale);
  const amount = (n: number) => (n === 0 ? "" : f.taka(n));
  const side = (n: number) => naturalBalance(ledger.account.type, n);
  const name = accountName(tBooks as (key: "accounts.cash_in_hand") => string, ledger.account);
  return {
    title: tBooks("ledger", { account: `${ledger.account.code} ${name}`, from: f.day(range.from), to: f.day(range.to) }),
    columns: [
      { header: tBooks("date"), width: 62 },
      { header: tBooks("voucher"), width: 52 },
      { header: tBooks("particulars"), width: CONTENT_WIDTH - 62 - 52 - 3 * 72 },
      { header: tBooks("debit"), width: 72, align: right },
      { header: tBooks("credit"), width: 72, align: right },
      { header: tBooks("balance"), width: 72, align: right },
    ],
    rows: [
      ["", "", tBooks("opening"), "", "", f.taka(side(ledger.opening))],
      ...ledger.lines.map((l) => [
        f.day(l.date),
        String(l.voucher),
        entryParticulars(tKinds(l.kind), l, l.reversed && tBooks("reversed")),
        amount(Math.max(l.amount, 0)),
        amount(Math.max(-l.amount, 0)),
        f.taka(side(l.balance)),
      ]),
      // A bounded printout says how many of the period's lines it holds (the closing balance is the whole period's).
      ...(ledger.total > ledger.lines.length ? [["", "", tBooks("ledgerPage", { from: f.num(1), to: f.num(ledger.lines.length), total: f.num(ledger.total) }), "", "", ""]] : []),
      ["", "", t("books.closing"), "", "", f.taka(side(ledger.closing))],
    ],
  };
}
