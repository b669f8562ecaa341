import { describe, expect, it } from "vitest";
import { awaitsOffice, canResend, cashInHand, heldCash, memberRows, readSyncResults, recordedCash, syncBatches, withRecorded, type OutboxEntry } from "./outbox";

const member = (id: string) => ({ id, code: id, memberCode: id, name: id, area: "", installment: 100, savings: 50 });
const sheet = {
  members: [member("a"), member("b"), member("c"), member("d")],
  collections: [
    { memberId: "a", receipt: "C001", installment: 100, savings: 50, recordedAt: "2026-11-24T03:00:00Z", mine: true },
    { memberId: "b", receipt: "C002", installment: 80, savings: 0, recordedAt: "2026-11-24T03:10:00Z", mine: false },
  ],
  flagged: ["b"],
};
const local = (over: Partial<OutboxEntry>): OutboxEntry => ({
  id: "x",
  accountId: "u",
  societyId: "s",
  workerId: "w",
  memberId: "c",
  memberName: "c",
  date: "2026-11-24",
  installment: 100,
  savings: 50,
  recordedAt: "2026-11-24T04:00:00Z",
  state: "waiting",
  ...over,
});

describe("the phone's sheet", () => {
  it("shows each member as due, paid (with receipts), waiting on the phone or needing attention", () => {
    const rows = memberRows(sheet, [local({ id: "1", memberId: "c" }), local({ id: "2", memberId: "d", state: "attention", reason: "memberNotYours" })]);
    expect(rows.map((r) => [r.id, r.status, r.receipts, r.collectedToday, r.flagged])).toEqual([
      ["a", "paid", ["C001"], 150, false],
      ["b", "paid", ["C002"], 80, true],
      ["c", "waiting", [], 150, false],
      ["d", "attention", [], 150, false],
    ]);
  });

  it("counts cash in hand from the worker's own recorded collections, what waits, and what is held back for refused entries; not others'", () => {
    const refused = local({ id: "2", state: "attention", reason: "memberNotFound", installment: 150, savings: 25 });
    // A changed resend is on the server's sheet already (its receipt): not held twice.
    const changed = local({ id: "3", state: "attention", reason: "differsFromRecorded", recordedReceipt: "C001" });
    expect(heldCash([local({ id: "1" }), refused, changed])).toBe(175);
    expect(recordedCash(sheet)).toBe(150);
    expect(cashInHand(sheet, [local({ id: "1" }), refused, changed])).toBe(150 + 150 + 175);
  });

  it("offers 'send again' only where a resend can be recorded", () => {
    expect(["amountOutOfRange", "instalmentBeyondLoan", "memberInactive", "invalid", "noWorkerLinked"].every((r) => canResend(r as never))).toBe(true);
    expect(["memberNotFound", "memberNotYours", "dateOutOfRange", "recordedAtOutOfRange", "periodClosed", "beforeOpening", "differsFromRecorded", "memberMoved", "memberMoveRefused", "noAccess"].some((r) => canResend(r as never))).toBe(false);
  });
});

describe("sync answers and batches", () => {
  it("takes recorded and duplicate entries out, keeps refused ones with the reason", () => {
    expect(
      readSyncResults([
        { id: "1", status: "recorded", receipt: "C010", recordedAt: "" },
        { id: "2", status: "duplicate", receipt: "C009", recordedAt: "" },
        { id: "3", status: "refused", reason: "memberNotFound" },
        { id: "4", status: "refused", reason: "differsFromRecorded", receipt: "C008" },
      ]),
    ).toEqual({
      done: [{ id: "1", receipt: "C010" }, { id: "2", receipt: "C009" }],
      refused: [{ id: "3", reason: "memberNotFound" }, { id: "4", reason: "differsFromRecorded", receipt: "C008" }],
    });
  });

  it("sends waiting entries oldest first, in batches, never those needing attention", () => {
    const entries = [
      local({ id: "b", recordedAt: "2026-11-24T05:00:00Z" }),
      local({ id: "a", recordedAt: "2026-11-24T04:00:00Z" }),
      local({ id: "c", recordedAt: "2026-11-24T06:00:00Z" }),
      local({ id: "z", state: "attention" }),
    ];
    expect(syncBatches(entries, 2).map((b) => b.map((e) => e.id))).toEqual([["a", "b"], ["c"]]);
  });

  it("sends again, in order, an entry awaiting the office's decision on a moved member, so the phone learns it", () => {
    const awaiting = local({ id: "m", state: "attention", reason: "memberMoved", recordedAt: "2026-11-24T04:30:00Z" });
    const refused = local({ id: "r", state: "attention", reason: "memberMoveRefused" });
    expect(awaitsOffice(awaiting)).toBe(true);
    expect(awaitsOffice(refused)).toBe(false);
    expect(syncBatches([local({ id: "b", recordedAt: "2026-11-24T05:00:00Z" }), awaiting, refused, local({ id: "a", recordedAt: "2026-11-24T04:00:00Z" })], 10).map((b) => b.map((e) => e.id))).toEqual([["a", "m", "b"]]);
    // Its cash stays in the worker's hand meanwhile.
    expect(heldCash([awaiting, refused])).toBe(300);
  });
});

describe("what the phone shows once the server has recorded entries", () => {
  const today = { date: "2026-11-24", worker: { id: "w", code: "W001", name: "", area: "" }, collections: sheet.collections };

  it("adds the recorded entries of that worker and day to the sheet, with their receipts, as the worker's own", () => {
    const done = [{ ...local({ id: "1", memberId: "c" }), receipt: "C011" }, { ...local({ id: "2", memberId: "d", workerId: "other" }), receipt: "C012" }, { ...local({ id: "3", memberId: "d", date: "2026-11-23" }), receipt: "C013" }];
    const after = withRecorded(today, done);
    expect(after.collections.slice(2)).toEqual([{ memberId: "c", receipt: "C011", installment: 100, savings: 50, recordedAt: "2026-11-24T04:00:00Z", mine: true }]);
    expect(memberRows({ ...sheet, ...after }, []).find((r) => r.id === "c")?.status).toBe("paid");
    expect(cashInHand(after, [])).toBe(150 + 150);
  });

  it("adds a receipt the sheet already has only once (a duplicate answer after a refresh)", () => {
    expect(withRecorded(today, [{ ...local({ id: "1", memberId: "a" }), receipt: "C001" }])).toBe(today);
  });
});
