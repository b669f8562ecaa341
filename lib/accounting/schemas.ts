/** The lender's books screen (issue 50): its views and period in the URL, and the closing form. */
import { z } from "zod";
import { dhakaToday, toAsciiDigits } from "@/lib/format";
import { firstValue, pageParam } from "@/lib/validation/search-params";
import { isRealIsoDate, msg, optionalText, requiredText, typedNumber } from "@/lib/validation/fields";
import { LoanType, ProvisioningBase } from "@/lib/generated/prisma/enums";

export const BOOKS_VIEWS = ["trial-balance", "journal", "ledger", "cash-book", "statements", "provisioning", "write-offs", "accounts"] as const;
export type BooksView = (typeof BOOKS_VIEWS)[number];

/** The accounts a cash and bank book is kept for: one per payment channel. */
export const CHANNEL_KINDS = ["cash_in_hand", "bkash", "nagad", "rocket", "bank", "card"] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

const isoDay = z.preprocess((v) => (typeof v === "string" ? toAsciiDigits(v.trim()) : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine(isRealIsoDate));

/**
 * The screen's URL: the view, the period (dates inclusive, Asia/Dhaka; this month to today unless given), an account
 * (by code) for its ledger, a channel for the cash book, a loan number for the journal. Forgiving: a hand-edited
 * address falls back to the defaults.
 */
export const booksQuerySchema = z
  .object({
    view: z.preprocess(firstValue, z.enum(BOOKS_VIEWS).catch("trial-balance")).default("trial-balance"),
    from: z.preprocess(firstValue, isoDay.optional().catch(undefined)),
    to: z.preprocess(firstValue, isoDay.optional().catch(undefined)),
    account: z.preprocess(firstValue, z.string().trim().regex(/^[0-9A-Za-z-]{1,20}$/).optional().catch(undefined)),
    channel: z.preprocess(firstValue, z.enum(CHANNEL_KINDS).catch("cash_in_hand")).default("cash_in_hand"),
    loan: z.preprocess(firstValue, z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{1,20}$/).optional().catch(undefined)),
    /** The provisioning run to show (its day). */
    run: z.preprocess(firstValue, isoDay.optional().catch(undefined)),
    page: pageParam,
  })
  .transform((v) => {
    const today = dhakaToday();
    const to = v.to && v.to <= today ? v.to : today;
    const from = v.from && v.from <= to ? v.from : `${to.slice(0, 7)}-01`;
    return { view: v.view, from, to, account: v.account ?? null, channel: v.channel, loan: v.loan ?? null, run: v.run ?? null, page: v.page };
  });
export type BooksQuery = z.output<typeof booksQuerySchema>;

/** Closing the lender's books through a day (every branch): a day before today in Dhaka (today is still being posted). */
export const closeLenderBooksSchema = z.object({
  through: z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .transform(toAsciiDigits)
    .refine((v) => isRealIsoDate(v) && v < dhakaToday(), msg("invalidDate")),
});
export type CloseLenderBooksValues = z.input<typeof closeLenderBooksSchema>;

/** The last day of `iso`'s month. */
export function monthEndOf(iso: string): string {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${iso.slice(0, 7)}-${String(last).padStart(2, "0")}`;
}

/** The month ends a run may be for, latest first: each month's last day before today (Asia/Dhaka; a day still being
 * recorded is not run), a year back. */
export function provisioningMonthEnds(today = dhakaToday()): string[] {
  const ends: string[] = [];
  let [y, m] = today.split("-").map(Number) as [number, number];
  for (let i = 0; i < 13; i += 1) {
    const end = monthEndOf(`${y}-${String(m).padStart(2, "0")}-01`);
    if (end < today) ends.push(end);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return ends.slice(0, 12);
}

/** The month-end provisioning run (admins): as of a month's last day before today. */
export const runProvisioningSchema = z.object({
  asOf: z
    .string(msg("required"))
    .trim()
    .min(1, msg("required"))
    .transform(toAsciiDigits)
    .refine((v) => isRealIsoDate(v) && v === monthEndOf(v) && v < dhakaToday(), msg("invalidDate")),
});
export type RunProvisioningValues = z.input<typeof runProvisioningSchema>;

/**
 * A super admin's classification rules (decision 0265: the regulator changes them by circular): the last day overdue of
 * each category before "bad" (regular is "not overdue": 0; each next category starts the day after), and each rate.
 */
export const provisioningRulesSchema = z
  .object({
    watchfulTo: typedNumber(1, 3650, 0, "invalidDays"),
    substandardTo: typedNumber(1, 3650, 0, "invalidDays"),
    doubtfulTo: typedNumber(1, 3650, 0, "invalidDays"),
    regular: typedNumber(0, 100, 2, "invalidRate"),
    watchful: typedNumber(0, 100, 2, "invalidRate"),
    substandard: typedNumber(0, 100, 2, "invalidRate"),
    doubtful: typedNumber(0, 100, 2, "invalidRate"),
    bad: typedNumber(0, 100, 2, "invalidRate"),
    base: z.enum(ProvisioningBase, msg("required")),
  })
  .refine((v) => v.substandardTo > v.watchfulTo, { path: ["substandardTo"], error: "invalidRange" })
  .refine((v) => v.doubtfulTo > v.substandardTo, { path: ["doubtfulTo"], error: "invalidRange" });
export type ProvisioningRulesValues = z.input<typeof provisioningRulesSchema>;

/** An account's code as typed (Bengali digits too): four to eight digits, not starting with 0, kept with ASCII digits. */
const accountCode = z.preprocess((v) => (typeof v === "string" ? toAsciiDigits(v.trim()) : v), z.string(msg("required")).regex(/^[1-9]\d{3,7}$/, msg("invalidAccountCode")));
/** An account picked from the chart (empty: the kind's own account). */
const pickedAccount = z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null), accountCode.nullable());

/** A super admin names an account (decision 0269); an empty name keeps the usual name of its kind. */
export const renameLenderAccountSchema = z.object({ code: accountCode, labelBn: optionalText(80), labelEn: optionalText(80) });
export type RenameLenderAccountValues = z.input<typeof renameLenderAccountSchema>;

/** A sub-account under an account, of its type and kind, named in both languages. */
export const addLenderSubAccountSchema = z.object({ parentCode: accountCode, code: accountCode, labelBn: requiredText(80), labelEn: requiredText(80) });
export type AddLenderSubAccountValues = z.input<typeof addLenderSubAccountSchema>;

/** The accounts a product's loans post to: each the kind's own account or one of its sub-accounts. */
export const productAccountsSchema = z.object({
  product: z.enum(LoanType, msg("required")),
  portfolio: pickedAccount,
  interestIncome: pickedAccount,
  lateFeeIncome: pickedAccount,
});
export type ProductAccountsValues = z.input<typeof productAccountsSchema>;
