import { describe, expect, it } from "vitest";
import { decideEntry, differsFromRecorded, entryIdOf, membersCollectedTwice, type MemberNow } from "./rules";

const today = "2026-11-24";
const now = new Date("2026-11-24T06:00:00.000Z");
const members: Record<string, MemberNow> = {
  m1: { id: "m1", workerId: "w1", status: "active" },
  m2: { id: "m2", workerId: "w2", status: "active" },
  m3: { id: "m3", workerId: "w1", status: "inactive" },
};
const lookup = (id: string) => members[id] ?? null;
const worker = { admin: false, ownWorkerId: "w1" };
const entry = (over: Record<string, unknown> = {}) => ({
  id: "01937f5e-8c2a-7b3d-9e4f-0a1b2c3d4e5f",
  workerId: "w1",
  memberId: "m1",
  date: today,
  installment: 100,
  savings: 50,
  recordedAt: "2026-11-24T04:10:00.000Z",
  ...over,
});

describe("decideEntry", () => {
  it("takes a well-formed entry of the worker's own active member, today or up to 31 days back", () => {
    expect(decideEntry(entry(), lookup, worker, today, now)).toMatchObject({ ok: true, entry: { installment: 100, savings: 50 } });
    expect(decideEntry(entry({ date: "2026-10-24" }), lookup, worker, today, now).ok).toBe(true);
    // Bengali digits typed on the phone arrive as text.
    expect(decideEntry(entry({ installment: "১০০", savings: "" }), lookup, worker, today, now)).toMatchObject({ ok: true, entry: { installment: 100, savings: 0 } });
  });

  it("refuses with the reason the phone shows", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ memberId: "gone" }, "memberNotFound"],
      [{ memberId: "m3" }, "memberInactive"],
      [{ memberId: "m2", workerId: "w2" }, "memberNotYours"], // another worker's member, named as theirs
      [{ installment: 100_001 }, "amountOutOfRange"],
      [{ installment: 0, savings: 0 }, "invalid"],
      [{ installment: -5 }, "invalid"],
      [{ date: "2026-10-23" }, "dateOutOfRange"],
      [{ date: "2026-11-26" }, "dateOutOfRange"],
      [{ id: "not-a-uuid" }, "invalid"],
      // The phone's clock far off: never printed on a receipt.
      [{ recordedAt: "2099-01-01T00:00:00.000Z" }, "recordedAtOutOfRange"],
      [{ recordedAt: "1971-01-01T00:00:00.000Z" }, "recordedAtOutOfRange"],
      [{ recordedAt: "2026-11-26T06:01:00.000Z" }, "recordedAtOutOfRange"],
      [{ recordedAt: "2026-10-20T05:59:00.000Z", date: "2026-10-24" }, "recordedAtOutOfRange"],
    ];
    for (const [over, reason] of cases) expect(decideEntry(entry(over), lookup, worker, today, now), JSON.stringify(over)).toEqual({ ok: false, reason });
    expect(decideEntry(entry(), lookup, { admin: false, ownWorkerId: null }, today, now)).toEqual({ ok: false, reason: "noWorkerLinked" });
  });

  it("keeps the worker's own entry for a member the office has moved to another worker, for an admin's approval", () => {
    expect(decideEntry(entry({ memberId: "m2" }), lookup, worker, today, now)).toMatchObject({ ok: false, reason: "memberMoved", toWorkerId: "w2", entry: { memberId: "m2", workerId: "w1", installment: 100 } });
    // Only an active member, and only once every other check holds.
    expect(decideEntry(entry({ memberId: "m3", workerId: "w1" }), (id) => (id === "m3" ? { id, workerId: "w2", status: "inactive" } : null), worker, today, now)).toEqual({ ok: false, reason: "memberInactive" });
    expect(decideEntry(entry({ memberId: "m2", date: "2026-10-23" }), lookup, worker, today, now)).toEqual({ ok: false, reason: "dateOutOfRange" });
  });

  it("takes a phone's clock up to two days ahead and an entry recorded up to 35 days ago", () => {
    expect(decideEntry(entry({ recordedAt: "2026-11-26T05:59:00.000Z" }), lookup, worker, today, now).ok).toBe(true);
    expect(decideEntry(entry({ recordedAt: "2026-10-20T06:01:00.000Z", date: "2026-10-24" }), lookup, worker, today, now).ok).toBe(true);
  });

  it("tells a changed resend from a replay of the recorded collection", () => {
    const recorded = { memberId: "m1", date: today, installment: 100, savings: 50 };
    expect(differsFromRecorded(entry(), recorded)).toBe(false);
    // Typed again in Bengali digits, or sent at another moment: the same collection.
    expect(differsFromRecorded(entry({ installment: "১০০", recordedAt: "2026-11-24T05:00:00.000Z" }), recorded)).toBe(false);
    expect(differsFromRecorded(entry({ installment: 120 }), recorded)).toBe(true);
    expect(differsFromRecorded(entry({ savings: 0 }), recorded)).toBe(true);
    expect(differsFromRecorded(entry({ memberId: "m2" }), recorded)).toBe(true);
    expect(differsFromRecorded(entry({ date: "2026-11-23" }), recorded)).toBe(true);
  });

  it("lets an admin record for any worker's member, but still as that member's worker", () => {
    const admin = { admin: true, ownWorkerId: null };
    expect(decideEntry(entry({ memberId: "m2", workerId: "w2" }), lookup, admin, today, now).ok).toBe(true);
    // The member was w2's when the sheet of w1 was read: kept for approval, never recorded as w1's member.
    expect(decideEntry(entry({ memberId: "m2", workerId: "w1" }), lookup, admin, today, now)).toMatchObject({ ok: false, reason: "memberMoved", toWorkerId: "w2" });
  });

  it("reads an unreadable entry's id when it has one", () => {
    expect(entryIdOf({ id: "abc" })).toBe("abc");
    expect(entryIdOf(null)).toBeNull();
    expect(entryIdOf({ id: 5 })).toBeNull();
  });
});

describe("membersCollectedTwice", () => {
  it("flags a member with two collections on the day, once", () => {
    expect(membersCollectedTwice([{ memberId: "a" }, { memberId: "b" }, { memberId: "a" }, { memberId: "a" }])).toEqual(["a"]);
    expect(membersCollectedTwice([{ memberId: "a" }, { memberId: "b" }])).toEqual([]);
  });
});
