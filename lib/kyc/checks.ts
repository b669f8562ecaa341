/**
 * The verification checks of a KYC case, computed from facts the server gathered (pure, so the rules are
 * tested as a table). Each result carries a message key under adminKyc.checkText and its values; the
 * screen translates them. Face match and address verification are the officer's: they stay pending and say so.
 */
import type { VerificationCheckKind, VerificationCheckStatus } from "@/lib/generated/prisma/enums";
import { matchNames } from "./name-match";

/** The order checks are shown in. */
export const CHECK_KINDS = [
  "nid_match",
  "name_match",
  "date_of_birth_match",
  "duplicate_check",
  "blacklist_check",
  "face_match",
  "address_verification",
] as const satisfies readonly VerificationCheckKind[];

/** What OCR made of the NID card: not yet read, read (fields may still be missing), or given up. */
export type CardReadingFacts =
  | { state: "pending" }
  | { state: "failed" }
  | { state: "read"; nidNumber: string | null; fullName: string | null; dateOfBirth: string | null; confidence: number };

/**
 * The card reading stored on a KYC document: fields read (extractedData), OCR given up (read time set,
 * nothing extracted), or still queued.
 */
export function cardReadingOf(doc: { extractedData: unknown; ocrConfidence: number | null; ocrReadAt: Date | null }): CardReadingFacts {
  const data = doc.extractedData;
  if (data && typeof data === "object" && !Array.isArray(data)) {
    const field = (name: string) => {
      const value = (data as Record<string, unknown>)[name];
      return typeof value === "string" && value.trim() ? value.trim() : null;
    };
    return { state: "read", nidNumber: field("nidNumber"), fullName: field("fullName"), dateOfBirth: field("dateOfBirth"), confidence: doc.ocrConfidence ?? 0 };
  }
  return doc.ocrReadAt ? { state: "failed" } : { state: "pending" };
}

export type DuplicateRecord = {
  kind: "application" | "customer" | "societyMember";
  /** Application ID, customer number or member code. */
  reference: string;
  /** Society name for a society member. */
  where?: string;
  /** The other record's phone (E.164 or as stored): the same phone means the same applicant again. */
  phone: string;
};

export type BlacklistHit = { kind: "nid" | "phone"; value: string; reason: string };

export type KycCheckFacts = {
  form: { nid: string; name: string; dateOfBirth: string | null; phone: string };
  card: CardReadingFacts;
  /** Other records with the form's NID number (the case's own application and customer excluded). */
  duplicates: readonly DuplicateRecord[];
  blacklist: readonly BlacklistHit[];
};

export type CheckValues = Record<string, string | number | DuplicateRecord[] | undefined>;

export type CheckOutcome = {
  kind: VerificationCheckKind;
  status: VerificationCheckStatus;
  /** Whole percent; null when nothing was compared. */
  confidence: number | null;
  explanationKey: string;
  explanationValues: CheckValues | null;
};

type Outcome = Omit<CheckOutcome, "kind">;

const pending = (explanationKey: string, explanationValues: CheckValues | null = null): Outcome => ({
  status: "pending",
  confidence: null,
  explanationKey,
  explanationValues,
});

/** A card field compared with the form's: waiting for OCR, unreadable, or the field's own comparison. */
function fromCard(card: CardReadingFacts, prefix: string, field: string | null | undefined, compare: (cardValue: string) => Outcome): Outcome {
  if (card.state === "pending") return pending(`${prefix}.waiting`);
  if (card.state === "failed") return pending(`${prefix}.unreadable`);
  if (!field) return pending(`${prefix}.notRead`);
  return compare(field);
}

/**
 * The 17-digit NID is the birth year followed by the 13-digit old number: both forms name the same card.
 * Anything else must be equal digit for digit.
 */
export function sameNid(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length === 13 && long.length === 17 && long.endsWith(short);
}

function nidMatch(facts: KycCheckFacts): Outcome {
  return fromCard(facts.card, "nidMatch", facts.card.state === "read" ? facts.card.nidNumber : null, (cardNid) =>
    sameNid(facts.form.nid, cardNid)
      ? { status: "pass", confidence: 100, explanationKey: "nidMatch.pass", explanationValues: { card: cardNid } }
      : { status: "fail", confidence: 0, explanationKey: "nidMatch.fail", explanationValues: { card: cardNid, form: facts.form.nid } },
  );
}

function nameMatch(facts: KycCheckFacts): Outcome {
  return fromCard(facts.card, "nameMatch", facts.card.state === "read" ? facts.card.fullName : null, (cardName) => {
    const { matched, score } = matchNames(facts.form.name, cardName);
    const percent = Math.round(score);
    return {
      status: matched ? "pass" : "fail",
      confidence: percent,
      explanationKey: matched ? "nameMatch.pass" : "nameMatch.fail",
      explanationValues: { card: cardName, form: facts.form.name, score: percent },
    };
  });
}

function dateOfBirthMatch(facts: KycCheckFacts): Outcome {
  return fromCard(facts.card, "dobMatch", facts.card.state === "read" ? facts.card.dateOfBirth : null, (cardDob) => {
    if (!facts.form.dateOfBirth) return pending("dobMatch.noFormDate");
    return cardDob === facts.form.dateOfBirth
      ? { status: "pass", confidence: 100, explanationKey: "dobMatch.pass", explanationValues: { card: cardDob } }
      : { status: "fail", confidence: 0, explanationKey: "dobMatch.fail", explanationValues: { card: cardDob, form: facts.form.dateOfBirth } };
  });
}

/**
 * The same NID on other records. Records with the applicant's own phone are the same person applying again
 * (shown, but a pass); one with another phone means someone else holds or claims this NID: a fail.
 */
function duplicateCheck(facts: KycCheckFacts): Outcome {
  const records = [...facts.duplicates];
  if (records.length === 0) return { status: "pass", confidence: 100, explanationKey: "duplicate.none", explanationValues: null };
  const others = records.filter((r) => r.phone !== facts.form.phone);
  return others.length === 0
    ? { status: "pass", confidence: 100, explanationKey: "duplicate.sameApplicant", explanationValues: { count: records.length, records } }
    : { status: "fail", confidence: 0, explanationKey: "duplicate.found", explanationValues: { count: others.length, records } };
}

function blacklistCheck(facts: KycCheckFacts): Outcome {
  if (facts.blacklist.length === 0) return { status: "pass", confidence: 100, explanationKey: "blacklist.none", explanationValues: null };
  return {
    status: "fail",
    confidence: 0,
    explanationKey: facts.blacklist.some((hit) => hit.kind === "nid") ? "blacklist.nidListed" : "blacklist.phoneListed",
    explanationValues: { reasons: facts.blacklist.map((hit) => hit.reason).join("; ") },
  };
}

const RULES: Record<(typeof CHECK_KINDS)[number], (facts: KycCheckFacts) => Outcome> = {
  nid_match: nidMatch,
  name_match: nameMatch,
  date_of_birth_match: dateOfBirthMatch,
  duplicate_check: duplicateCheck,
  blacklist_check: blacklistCheck,
  // Nothing here compares faces or visits addresses: the officer does, and the screen says so.
  face_match: () => pending("faceMatch.officer"),
  address_verification: () => pending("address.officer"),
};

/** Every check of a case, in display order. */
export function computeChecks(facts: KycCheckFacts): CheckOutcome[] {
  return CHECK_KINDS.map((kind) => ({ kind, ...RULES[kind](facts) }));
}
