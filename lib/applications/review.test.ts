import { describe, expect, it } from "vitest";
import { allowedDecisions, debtToIncomePercent, EMI_TO_INCOME_LIMIT_PERCENT, emiToIncomePercent, REVIEW_DECISIONS, statusesAllowing } from "./review";

describe("application review transitions", () => {
  it("follow the spec's table", () => {
    expect(allowedDecisions("pending")).toEqual(["under_review", "approved", "rejected"]);
    expect(allowedDecisions("under_review")).toEqual(["approved", "rejected"]);
    expect(allowedDecisions("approved")).toEqual([]);
    expect(allowedDecisions("rejected")).toEqual([]);
  });

  it("allow a decision exactly when the table lists it", () => {
    const allowedPairs = (["pending", "under_review", "approved", "rejected"] as const).flatMap((from) =>
      REVIEW_DECISIONS.filter((decision) => statusesAllowing(decision).includes(from)).map((decision) => `${from}→${decision}`),
    );
    expect(allowedPairs.sort()).toEqual(
      ["pending→under_review", "pending→approved", "pending→rejected", "under_review→approved", "under_review→rejected"].sort(),
    );
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
    expect(debtToIncomePercent(9_984, 12_000, 60_000)).toBe(36.6);
    expect(debtToIncomePercent(9_984, null, 60_000)).toBe(16.6);
    expect(debtToIncomePercent(1_000, 0, 0)).toBeNull();
  });

  it("put the green/red line at 40%, inclusive", () => {
    expect(EMI_TO_INCOME_LIMIT_PERCENT).toBe(40);
    expect(emiToIncomePercent(20_000, 50_000)! <= EMI_TO_INCOME_LIMIT_PERCENT).toBe(true);
    expect(emiToIncomePercent(20_030, 50_000)! <= EMI_TO_INCOME_LIMIT_PERCENT).toBe(false);
  });
});
