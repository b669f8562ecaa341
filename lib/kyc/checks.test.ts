import { describe, expect, it } from "vitest";
import { computeChecks, sameNid, type CheckOutcome, type KycCheckFacts } from "./checks";

const form = { nid: "1985123456789", name: "রহিমা খাতুন", dateOfBirth: "1985-03-07", phone: "+8801712345678" };
const read = (card: Partial<{ nidNumber: string | null; fullName: string | null; dateOfBirth: string | null }> = {}) =>
  ({ state: "read", nidNumber: "1985123456789", fullName: "RAHIMA KHATUN", dateOfBirth: "1985-03-07", confidence: 91, ...card }) as const;
const facts = (over: Partial<KycCheckFacts> = {}): KycCheckFacts => ({ form, card: read(), duplicates: [], blacklist: [], ...over });
const byKind = (f: KycCheckFacts) => Object.fromEntries(computeChecks(f).map((c) => [c.kind, c])) as Record<CheckOutcome["kind"], CheckOutcome>;

describe("computeChecks", () => {
  it("passes a card that agrees with the form, Bengali form name against the English card line", () => {
    const c = byKind(facts());
    expect(c.nid_match).toMatchObject({ status: "pass", confidence: 100, explanationKey: "nidMatch.pass" });
    expect(c.name_match.status).toBe("pass");
    expect(c.name_match.confidence).toBeGreaterThanOrEqual(80);
    expect(c.name_match.confidence).toBeLessThanOrEqual(100);
    expect(c.date_of_birth_match).toMatchObject({ status: "pass", explanationKey: "dobMatch.pass" });
    expect(c.duplicate_check).toMatchObject({ status: "pass", explanationKey: "duplicate.none" });
    expect(c.blacklist_check).toMatchObject({ status: "pass", explanationKey: "blacklist.none" });
  });

  it("leaves face match and address to the officer, always pending, never invented", () => {
    const c = byKind(facts());
    expect(c.face_match).toEqual({ kind: "face_match", status: "pending", confidence: null, explanationKey: "faceMatch.officer", explanationValues: null });
    expect(c.address_verification).toMatchObject({ status: "pending", confidence: null, explanationKey: "address.officer" });
  });

  it("fails a different number, name or date and says what the card read", () => {
    const c = byKind(facts({ card: read({ nidNumber: "1985123456780", fullName: "KARIMA KHATUN", dateOfBirth: "1986-03-07" }) }));
    expect(c.nid_match).toMatchObject({ status: "fail", explanationValues: { card: "1985123456780", form: form.nid } });
    expect(c.name_match.status).toBe("fail");
    expect(c.date_of_birth_match).toMatchObject({ status: "fail", explanationValues: { card: "1986-03-07", form: "1985-03-07" } });
  });

  it("keeps card checks pending while OCR waits, after it gave up, and for a field it could not read", () => {
    expect(byKind(facts({ card: { state: "pending" } })).nid_match.explanationKey).toBe("nidMatch.waiting");
    expect(byKind(facts({ card: { state: "failed" } })).name_match.explanationKey).toBe("nameMatch.unreadable");
    const c = byKind(facts({ card: read({ dateOfBirth: null }) }));
    expect(c.date_of_birth_match).toMatchObject({ status: "pending", explanationKey: "dobMatch.notRead" });
    expect(c.nid_match.status).toBe("pass");
  });

  it("treats the 17-digit NID as the birth year plus the 13-digit number", () => {
    expect(sameNid("1985123456789", "19851985123456789")).toBe(true);
    expect(sameNid("19851985123456789", "1985123456789")).toBe(true);
    expect(sameNid("1985123456789", "19851985123456788")).toBe(false);
    expect(sameNid("1234567890", "1234567890")).toBe(true);
    expect(sameNid("1234567890", "123456789012")).toBe(false);
  });

  it("fails the duplicate check only when another phone holds the NID", () => {
    const same = { kind: "application" as const, reference: "LB1", phone: form.phone };
    const other = { kind: "societyMember" as const, reference: "M-001", where: "Society", phone: "+8801811111111" };
    expect(byKind(facts({ duplicates: [same] })).duplicate_check).toMatchObject({ status: "pass", explanationKey: "duplicate.sameApplicant", explanationValues: { count: 1 } });
    expect(byKind(facts({ duplicates: [same, other] })).duplicate_check).toMatchObject({ status: "fail", explanationKey: "duplicate.found", explanationValues: { count: 1, records: [same, other] } });
  });

  it("fails the blacklist check with the listed reasons, NID before phone", () => {
    const phoneHit = { kind: "phone" as const, value: form.phone, reason: "Fraud report" };
    const hits = [phoneHit, { kind: "nid" as const, value: form.nid, reason: "Forged card" }];
    expect(byKind(facts({ blacklist: hits })).blacklist_check).toMatchObject({ status: "fail", explanationKey: "blacklist.nidListed", explanationValues: { reasons: "Fraud report; Forged card" } });
    expect(byKind(facts({ blacklist: [phoneHit] })).blacklist_check.explanationKey).toBe("blacklist.phoneListed");
  });
});
