/** How a book line is described (pure): the ledger, the cash book and the books PDF say it the same way. */

/** Whom an entry is with, as the ledger and cash book queries return it. */
export type EntryCounterparty = { memberName: string | null; memberCode: string | null; workerName: string | null; recordCode: string | null; category: string | null };

/** "Withdrawal · Rahima (M-7) · …": what the entry is (already translated), then whom and which record, then any notes. */
export function entryParticulars(what: string, party: EntryCounterparty, ...notes: (string | null | false | undefined)[]): string {
  return [what, party.memberName && `${party.memberName} (${party.memberCode ?? ""})`, party.workerName, party.recordCode && `${party.recordCode} ${party.category ?? ""}`.trim(), ...notes]
    .filter(Boolean)
    .join(" · ");
}
