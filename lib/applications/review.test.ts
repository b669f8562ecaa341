import { describe, expect, it } from "vitest";
import { allowedDecisions, debtToIncomePercent, emiToIncomePercent, statusesAllowing } from "./review";

describe("application review transitions", () => {
  it("follow the spec's table", () => {
    expect(allowedDecisions("pending")).toEqual(["under_review", "approved", "rejected"]);
    expect(allowedDecisions("under_review")).toEqual(["approved", "rejected"]);
    expect(allowedDecisions("approved")).toEqual([]);
    expect(allowedDecisions("rejected")).toEqual([]);
  });

  it("give each decision the statuses its UPDATE may find", () => {
    expect(statusesAllowing("under_review")).toEqual(["pending"]);
    expect(statusesAllowing("approved")).toEqual(["pending", "under_review"]);
    expect(statusesAllowing("rejected")).toEqual(["pending", "under_review"]);
  });
});

describe("income ratios", () => {
  it("compute EMI-to-income and debt-to-income in percent", () => {
    expect(emiToIncomePercent(9_984, 60_000)).toBe(16.6);
    expect(emiToIncomePercent(24_000, 60_000)).toBe(40);
    expect(emiToIncomePercent(1_000, 0)).toBeNull();
    expect(debtToIncomePercent(9_984, 120_000, 60_000)).toBe(33.3);
    expect(debtToIncomePercent(9_984, null, 60_000)).toBe(16.6);
  });
});
