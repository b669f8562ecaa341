/**
 * Texts of the messages the outbox sends, in the recipient's language. Kept here (not in messages/*.json)
 * because they are rendered on the server for a person who is not looking at the app, and an SMS must
 * stay short. Nothing is escaped: e-mails are sent as plain text.
 */
import { formatCalendarDate, formatNumber, formatTaka } from "@/lib/format";
import type { Language } from "@/lib/generated/prisma/enums";

/** The values each template needs. */
export type OutboxTemplateValues = {
  "application.rejected": {
    applicationId: string;
    /** The reviewer's reason, as typed (trimmed). */
    reason: string;
    /** Where the applicant can look the decision up, e.g. "/status?id=LB…". */
    statusPath: string;
  };
  /** A KYC officer asked for a new card photo: why, and the link that takes it (with the applicant's phone). */
  "kyc.resubmission": {
    caseNumber: string;
    reason: string;
    link: string;
  };
  /** Send Reminder on the repayments screen: what one instalment still owes. */
  "repayment.reminder": {
    loanNumber: string;
    /** 1-based position of the instalment in the loan's schedule. */
    emiNumber: number;
    /** Whole taka still owed on that instalment, late fee included. */
    amountDue: number;
    /** YYYY-MM-DD (Asia/Dhaka calendar day). */
    dueDate: string;
  };
  /** A society member's receipt for a collection recorded in the field app (one per member per day). */
  "society.receipt": {
    society: string;
    /** Whole taka collected (instalment and savings). */
    amount: number;
    /** YYYY-MM-DD (Asia/Dhaka calendar day). */
    date: string;
    receipt: string;
    /** The member's savings to date, this collection included. */
    savingsBalance: number;
  };
  /** A borrower's one-time sign-in code (ASCII digits in both languages: phones offer to fill them in). */
  "borrower.sign-in-code": {
    code: string;
    minutes: number;
  };
};

export type OutboxTemplate = keyof OutboxTemplateValues;

export type RenderedMessage = { subject: string; body: string };

const RENDERERS: { [T in OutboxTemplate]: Record<Language, (v: OutboxTemplateValues[T]) => RenderedMessage> } = {
  "application.rejected": {
    bn: (v) => ({
      subject: `আপনার ঋণ আবেদন ${v.applicationId} অনুমোদিত হয়নি`,
      body: `ঋণবন্ধু: দুঃখিত, আপনার ঋণ আবেদন ${v.applicationId} অনুমোদন করা যায়নি। কারণ: ${v.reason}। আবেদনের অবস্থা দেখুন: ${v.statusPath}`,
    }),
    en: (v) => ({
      subject: `Your loan application ${v.applicationId} was not approved`,
      body: `RinBondhu: We are sorry, your loan application ${v.applicationId} could not be approved. Reason: ${v.reason}. Check your application status at ${v.statusPath}`,
    }),
  },
  "kyc.resubmission": {
    bn: (v) => ({
      subject: `পরিচয় যাচাই ${v.caseNumber}: জাতীয় পরিচয়পত্রের নতুন ছবি দরকার`,
      body: `ঋণবন্ধু: আপনার পরিচয় যাচাইয়ের জন্য জাতীয় পরিচয়পত্রের একটি নতুন ছবি দরকার। কারণ: ${v.reason}। এই লিংকে আপনার মোবাইল নম্বর দিয়ে ছবি পাঠান (৭ দিন কাজ করবে): ${v.link}`,
    }),
    en: (v) => ({
      subject: `Identity check ${v.caseNumber}: a new photo of your NID card is needed`,
      body: `RinBondhu: We need a new photo of your NID card to verify your identity. Reason: ${v.reason}. Send it at this link with your mobile number (valid for 7 days): ${v.link}`,
    }),
  },
  // Amounts with ৳ and no decimals, numbers and dates in the reader's digits; the loan number stays as printed.
  "repayment.reminder": {
    bn: (v) => ({
      subject: `ঋণ ${v.loanNumber}: ${formatNumber(v.emiNumber, "bn")} নম্বর কিস্তির কথা মনে করিয়ে দিচ্ছি`,
      body: `ঋণবন্ধু: মনে করিয়ে দিচ্ছি, আপনার ঋণ ${v.loanNumber}-এর ${formatNumber(v.emiNumber, "bn")} নম্বর কিস্তি ${formatTaka(v.amountDue, "bn")}, নির্ধারিত তারিখ ${formatCalendarDate(v.dueDate, "bn")}। অনুগ্রহ করে পরিশোধ করুন; ইতিমধ্যে করে থাকলে ধন্যবাদ।`,
    }),
    en: (v) => ({
      subject: `Loan ${v.loanNumber}: reminder for EMI ${v.emiNumber}`,
      body: `RinBondhu: Reminder: EMI ${v.emiNumber} of your loan ${v.loanNumber}, ${formatTaka(v.amountDue, "en")}, due date ${formatCalendarDate(v.dueDate, "en")}. Please pay it; if you already have, thank you.`,
    }),
  },
  "society.receipt": {
    bn: (v) => ({
      subject: `${v.society}: রসিদ ${v.receipt}`,
      body: `${v.society}: ${formatCalendarDate(v.date, "bn")} তারিখে ${formatTaka(v.amount, "bn")} আদায় হয়েছে, রসিদ ${v.receipt}। আজ পর্যন্ত আপনার সঞ্চয় ${formatTaka(v.savingsBalance, "bn")}। ধন্যবাদ।`,
    }),
    en: (v) => ({
      subject: `${v.society}: receipt ${v.receipt}`,
      body: `${v.society}: ${formatTaka(v.amount, "en")} collected on ${formatCalendarDate(v.date, "en")}, receipt ${v.receipt}. Your savings to date: ${formatTaka(v.savingsBalance, "en")}. Thank you.`,
    }),
  },
  "borrower.sign-in-code": {
    bn: (v) => ({
      subject: "ঋণবন্ধু সাইন ইন কোড",
      body: `ঋণবন্ধু: আপনার সাইন ইন কোড ${v.code}। ${formatNumber(v.minutes, "bn")} মিনিট কাজ করবে। কাউকে এই কোড বলবেন না, আমাদের স্টাফকেও না।`,
    }),
    en: (v) => ({
      subject: "RinBondhu sign-in code",
      body: `RinBondhu: your sign-in code is ${v.code}. It works for ${v.minutes} minutes. Never tell anyone this code, not even our staff.`,
    }),
  },
};

export function renderOutboxMessage<T extends OutboxTemplate>(template: T, language: Language, values: OutboxTemplateValues[T]): RenderedMessage {
  return RENDERERS[template][language](values);
}

/** What stands in a stored text for a secret once it must not be readable. */
export const SECRET_MASK = "••••••";

/**
 * Values that are secrets: a message with one is stored with it masked, and its full text only until it is sent or
 * given up (OutboxMessage.sealedBody). Such a message cannot be sent again from the outbox: the person asks anew.
 */
const SECRET_VALUES: { [T in OutboxTemplate]?: readonly (keyof OutboxTemplateValues[T])[] } = {
  "borrower.sign-in-code": ["code"],
};

export function carriesSecret(template: string): boolean {
  return template in SECRET_VALUES;
}

/** The text to keep readable (secrets masked), and the full text to send when it differs. */
export function renderStoredMessage<T extends OutboxTemplate>(
  template: T,
  language: Language,
  values: OutboxTemplateValues[T],
): RenderedMessage & { sealedBody: string | null } {
  const full = renderOutboxMessage(template, language, values);
  const secrets = SECRET_VALUES[template];
  if (!secrets) return { ...full, sealedBody: null };
  const masked = { ...values, ...Object.fromEntries(secrets.map((key) => [key, SECRET_MASK])) } as OutboxTemplateValues[T];
  return { ...renderOutboxMessage(template, language, masked), sealedBody: full.body };
}
