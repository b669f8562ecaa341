/**
 * A collection activity is stored as facts, never as a sentence in one language: this picks the message that words
 * it (adminRepayments.activityText.*) and the values it needs; the screen formats the numbers and dates in the
 * reader's language. Pure, shared by the service that writes the facts and the list that shows them.
 */
import type { CollectionActivityKind } from "@/lib/generated/prisma/enums";

export type ActivityFacts = {
  emiNumber?: number;
  tenure?: number;
  /** ISO calendar date (Asia/Dhaka) the instalment was due. */
  dueDate?: string;
  /** Whole taka: owed (a reminder) or received (a payment). */
  amount?: number;
  /** The language an SMS went out in. */
  language?: "bn" | "en";
  /** ISO calendar date a borrower promised to pay by. */
  promisedDate?: string;
};

export type ActivityWording =
  | { key: "callAbout"; values: { emi: number; tenure: number; due: string } }
  | { key: "reminder"; values: { emi: number; tenure: number; amount: number; due: string; language: "bn" | "en" } }
  | { key: "reminderDue"; values: { emi: number; due: string } }
  | { key: "paymentReceived"; values: { emi: number; amount: number } }
  | { key: "autoMatched"; values: { emi: number } }
  | { key: "promise"; values: { date: string } };

const isDate = (v: unknown): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

/** Reads facts back from the database's JSON, keeping only fields of the right type. */
export function readActivityFacts(json: unknown): ActivityFacts {
  const raw = json && typeof json === "object" && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const facts: ActivityFacts = {};
  if (isCount(raw.emiNumber)) facts.emiNumber = raw.emiNumber;
  if (isCount(raw.tenure)) facts.tenure = raw.tenure;
  if (isCount(raw.amount)) facts.amount = raw.amount;
  if (isDate(raw.dueDate)) facts.dueDate = raw.dueDate;
  if (isDate(raw.promisedDate)) facts.promisedDate = raw.promisedDate;
  if (raw.language === "bn" || raw.language === "en") facts.language = raw.language;
  return facts;
}

/** The message for an activity's facts, or null when they say nothing a message words (its note then stands alone). */
export function activityWording(kind: CollectionActivityKind, facts: ActivityFacts): ActivityWording | null {
  const { emiNumber: emi, tenure, dueDate: due, amount, language } = facts;
  switch (kind) {
    case "call_made":
      return emi !== undefined && tenure !== undefined && due ? { key: "callAbout", values: { emi, tenure, due } } : null;
    case "reminder_sent":
      if (emi !== undefined && tenure !== undefined && due && amount !== undefined && language)
        return { key: "reminder", values: { emi, tenure, amount, due, language } };
      return emi !== undefined && due ? { key: "reminderDue", values: { emi, due } } : null;
    case "payment_received":
      return emi !== undefined && amount !== undefined ? { key: "paymentReceived", values: { emi, amount } } : null;
    case "auto_collection":
      return emi !== undefined ? { key: "autoMatched", values: { emi } } : null;
    case "promise_to_pay":
      return facts.promisedDate ? { key: "promise", values: { date: facts.promisedDate } } : null;
    default:
      return null;
  }
}
