/** An account's name as shown: the society's own name for it, else the category as typed, else the usual name by kind. */
export function accountName(t: (key: "accounts.cash_in_hand") => string, account: { kind: string; name: string | null; label: string | null }): string {
  // Every kind has its name under accounts.* (messages), typed here as one of them.
  return account.label ?? account.name ?? t(`accounts.${account.kind}` as "accounts.cash_in_hand");
}

/** Assets and expenses grow with debits, the rest with credits: a balance read on the account's own side. */
export function naturalBalance(type: string, debitBalance: number): number {
  return type === "asset" || type === "expense" ? debitBalance : 0 - debitBalance;
}
