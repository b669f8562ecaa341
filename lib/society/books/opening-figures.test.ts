import { describe, expect, it } from "vitest";
import { openingLines, openingReserve } from "./opening-figures";

describe("opening balance figures", () => {
  it("leaves blanks out and keeps each member's savings and loan apart", () => {
    const lines = openingLines({ cashInHand: 5000, bank: 0, shareCapital: 2000, members: [{ memberId: "m1", savings: 3000, loan: 0 }, { memberId: "m2", savings: 0, loan: 1500 }] });
    expect(lines).toEqual([
      { kind: "cash_in_hand", memberId: null, amount: 5000 },
      { kind: "share_capital", memberId: null, amount: 2000 },
      { kind: "member_savings", memberId: "m1", amount: 3000 },
      { kind: "member_loans", memberId: "m2", amount: 1500 },
    ]);
  });

  it("puts what the society owns less what it owes and its shares in the reserve", () => {
    const lines = openingLines({ cashInHand: 5000, bank: 10_000, shareCapital: 2000, members: [{ memberId: "m1", savings: 3000, loan: 1500 }] });
    expect(openingReserve(lines)).toBe(5000 + 10_000 + 1500 - 3000 - 2000);
  });

  it("is negative when the members' savings are more than the society holds", () => {
    expect(openingReserve(openingLines({ cashInHand: 100, bank: 0, shareCapital: 0, members: [{ memberId: "m1", savings: 900, loan: 0 }] }))).toBe(-800);
  });
});
