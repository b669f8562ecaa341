/**
 * What the applicant typed in the wizard, kept in the tab's session storage so that a refresh, an
 * accidental back or Android killing the tab in the background loses nothing. The card photo is not
 * kept (it is not the applicant's typing, and storage is small); the wizard asks for it again.
 * Session storage ends with the tab, so nothing lingers on a shared phone after it is closed.
 */
import type { Step } from "./step-indicator";
import type { EmploymentInfoValues, LoanDetailsValues, PersonalInfoValues } from "./types";

export const WIZARD_DRAFT_KEY = "rinbondhu:apply-draft:v1";

export type WizardDraft = {
  /** The query string the wizard was opened with: the draft comes back only at the same address. */
  source: string;
  /** The furthest step reached. */
  step: Step;
  loan: LoanDetailsValues;
  personal: Omit<PersonalInfoValues, "nidCardCaptured">;
  employment: EmploymentInfoValues;
};

const FIELDS = {
  loan: ["loanType", "amount", "tenure", "purpose"],
  personal: ["name", "phone", "email", "dob", "nid", "address", "upazilaCode"],
  employment: ["employmentType", "employer", "monthlyIncome", "existingLoans"],
} as const;
/** Longer than any field allows: anything beyond is not the wizard's. */
const MAX_FIELD_LENGTH = 1000;

function strings<K extends string>(value: unknown, keys: readonly K[]): Record<K, string> | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const field = record[key] ?? "";
    if (typeof field !== "string" || field.length > MAX_FIELD_LENGTH) return null;
    out[key] = field;
  }
  return out;
}

/** The stored draft, or null when there is none or it is not one this version wrote. */
export function readDraft(storage: Pick<Storage, "getItem">): WizardDraft | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(WIZARD_DRAFT_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!raw || typeof raw !== "object") return null;
  const draft = raw as Record<string, unknown>;
  const loan = strings(draft.loan, FIELDS.loan);
  const personal = strings(draft.personal, FIELDS.personal);
  const employment = strings(draft.employment, FIELDS.employment);
  const step = draft.step;
  if (!loan || !personal || !employment || typeof draft.source !== "string" || (step !== 1 && step !== 2 && step !== 3 && step !== 4)) return null;
  return { source: draft.source, step, loan, personal, employment };
}

/** Keeps the draft; a full or forbidden storage (private mode) only means nothing is kept. */
export function writeDraft(storage: Pick<Storage, "setItem">, draft: WizardDraft): void {
  try {
    const personal = strings(draft.personal, FIELDS.personal);
    storage.setItem(WIZARD_DRAFT_KEY, JSON.stringify({ ...draft, personal }));
  } catch {
    // Nothing to do: the wizard works without it.
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem">): void {
  try {
    storage.removeItem(WIZARD_DRAFT_KEY);
  } catch {
    // As above.
  }
}
