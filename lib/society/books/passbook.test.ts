import { describe, expect, it } from "vitest";
import { passbookLines } from "./passbook";

describe("a member's passbook", () => {
  it("carries the running savings and loan balances line by line", () => {
    const lines = passbookLines([
      { date: "2026-11-01", kind: "member_loan", savings: 0, loan: 10_000 },
      { date: "2026-11-02", kind: "collection", savings: 50, loan: -200 },
      { date: "2026-11-03", kind: "collection", savings: 50, loan: -200 },
      { date: "2026-11-03", kind: "collection_correction", savings: -20, loan: 0 },
      { date: "2026-11-04", kind: "withdrawal", savings: -30, loan: 0 },
    ]);
    expect(lines.map((l) => [l.savingsBalance, l.loanBalance])).toEqual([
      [0, 10_000],
      [50, 9_800],
      [100, 9_600],
      [80, 9_600],
      [50, 9_600],
    ]);
  });

  it("is empty for a member with nothing on the books", () => {
    expect(passbookLines([])).toEqual([]);
  });
});
