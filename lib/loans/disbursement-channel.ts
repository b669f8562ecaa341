/** How a loan's money goes out: the lender's fund account it leaves (decision 0263). Pure, no imports (the seed uses it). */
export const DISBURSEMENT_CHANNELS = ["bank_transfer", "bkash", "nagad", "rocket", "cash"] as const;
export type DisbursementChannel = (typeof DISBURSEMENT_CHANNELS)[number];

/** The channel a borrower's payout account suggests: a mobile wallet by its name, else the bank. */
export function suggestedDisbursementChannel(bankName: string | null): DisbursementChannel {
  const name = (bankName ?? "").toLowerCase();
  if (/bkash|বিকাশ/.test(name)) return "bkash";
  if (/nagad|নগদ/.test(name)) return "nagad";
  if (/rocket|রকেট/.test(name)) return "rocket";
  return "bank_transfer";
}
