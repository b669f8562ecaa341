/**
 * The statements every book shows (one ledger mechanism: decision 0263), from its accounts' totals (debits positive),
 * pure: the trial balance up to a day, the income and expenditure of a period, and the balance sheet up to the day;
 * each account's balance read on its own side, the surplus to date carried to the balance sheet.
 */

/** An account's total as the statements read it: its type and kind, its movement (debits less credits). */
export type LedgerAccountTotal = { type: string; kind: string; total: number };

export type StatementRow<T extends LedgerAccountTotal> = T & { balance: number };

export function financialStatements<T extends LedgerAccountTotal>(period: readonly T[], toDate: readonly T[]) {
  const incomes = period.filter((a) => a.type === "income" && a.total !== 0);
  const expenses = period.filter((a) => a.type === "expense" && a.total !== 0);
  const side = (type: string, sign: 1 | -1): StatementRow<T>[] => toDate.filter((a) => a.type === type && a.total !== 0).map((a) => ({ ...a, balance: sign * a.total }));
  const sum = (rows: readonly { balance: number }[]) => rows.reduce((s, r) => s + r.balance, 0);
  const assets = side("asset", 1);
  const liabilities = side("liability", -1);
  const equity = side("equity", -1);
  const surplusToDate = -toDate.filter((a) => a.type === "income" || a.type === "expense").reduce((s, a) => s + a.total, 0);
  const income = -incomes.reduce((s, a) => s + a.total, 0);
  const expense = expenses.reduce((s, a) => s + a.total, 0);
  return {
    trial: { rows: toDate.filter((a) => a.total !== 0), debit: toDate.reduce((s, a) => s + Math.max(a.total, 0), 0), credit: toDate.reduce((s, a) => s + Math.max(-a.total, 0), 0) },
    incomes,
    expenses,
    income,
    expense,
    assets,
    liabilities,
    equity,
    surplusToDate,
    totalAssets: sum(assets),
    totalLiabilities: sum(liabilities) + sum(equity) + surplusToDate,
    /** Cash in hand cannot really be below zero: a payment was recorded without the cash, or the opening is missing. */
    cashInHand: toDate.filter((a) => a.kind === "cash_in_hand").reduce((s, a) => s + a.total, 0),
  };
}
