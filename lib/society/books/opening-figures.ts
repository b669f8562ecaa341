/** What a society's opening balances post (pure; unit-tested beside this file). */

export type OpeningFigures = {
  cashInHand: number;
  bank: number;
  shareCapital: number;
  members: readonly { memberId: string; savings: number; loan: number }[];
};

/** An opening figure as stored (SocietyOpeningBalanceLine): an account's balance, or one member's savings or loan. */
export type OpeningLine = { kind: "cash_in_hand" | "bank" | "share_capital" | "member_savings" | "member_loans"; memberId: string | null; amount: number };

/** The figures as lines, zeros left out (a blank is no line). */
export function openingLines(figures: OpeningFigures): OpeningLine[] {
  const lines: OpeningLine[] = [
    { kind: "cash_in_hand", memberId: null, amount: figures.cashInHand },
    { kind: "bank", memberId: null, amount: figures.bank },
    { kind: "share_capital", memberId: null, amount: figures.shareCapital },
    ...figures.members.flatMap((m) => [
      { kind: "member_savings" as const, memberId: m.memberId, amount: m.savings },
      { kind: "member_loans" as const, memberId: m.memberId, amount: m.loan },
    ]),
  ];
  return lines.filter((line) => line.amount > 0);
}

/**
 * The reserve the opening leaves: what the society owns (cash, bank, loans owed to it) less what it owes (members'
 * savings) and its share capital. Negative when it owes more than it owns (an accumulated loss): posted all the same, and
 * the form says so before anyone confirms.
 */
export function openingReserve(lines: readonly OpeningLine[]): number {
  return lines.reduce((sum, line) => sum + (line.kind === "cash_in_hand" || line.kind === "bank" || line.kind === "member_loans" ? line.amount : -line.amount), 0);
}
