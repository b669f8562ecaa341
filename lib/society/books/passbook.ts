/** A member's passbook from their journal lines (pure; unit-tested beside this file). */

/**
 * One entry touching the member: what it moved on their savings (deposit +) and their loan (given +, repaid −), and the
 * code of the record behind it where one tells equal lines apart (a withdrawal's WD001).
 */
export type PassbookMovement = { date: string; kind: string; savings: number; loan: number; reference?: string | null };
export type PassbookLine = PassbookMovement & { savingsBalance: number; loanBalance: number };

/** Every movement in order, each with the running balances of savings and loan after it. */
export function passbookLines(movements: readonly PassbookMovement[]): PassbookLine[] {
  let savingsBalance = 0;
  let loanBalance = 0;
  return movements.map((m) => {
    savingsBalance += m.savings;
    loanBalance += m.loan;
    return { ...m, savingsBalance, loanBalance };
  });
}
