/** The statements the books tab shows and the books PDF prints, from the accounts' totals (pure). */
import type { AccountTotal } from "./queries";

export type StatementRow = AccountTotal & { balance: number };

/**
 * The trial balance up to a day, the income and expenditure of a period, and the balance sheet up to the day: each
 * account's balance read on its own side, the surplus to date carried to the balance sheet.
 */
export function financialStatements(period: readonly AccountTotal[], toDate: readonly AccountTotal[]) {
  const incomes = period.filter((a) => a.type === "income" && a.total !== 0);
  const expenses = period.filter((a) => a.type === "expense" && a.total !== 0);
  const side = (type: string, sign: 1 | -1): StatementRow[] => toDate.filter((a) => a.type === type && a.total !== 0).map((a) => ({ ...a, balance: sign * a.total }));
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
