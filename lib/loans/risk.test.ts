import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EmploymentType, KycStatus } from "@/lib/generated/prisma/enums";
import { assessRisk, type RiskFacts } from "./risk";

const safe: RiskFacts = { emi: 4_000, monthlyIncome: 40_000, existingLoans: null, employmentType: "salaried", kycStatus: "verified", otherActiveLoans: 0 };

describe("assessRisk", () => {
  it("a salaried, verified borrower paying 10% of income with no other loans is low, with no reasons", () => {
    expect(assessRisk(safe)).toEqual({ level: "low", reasons: [] });
  });

  it("EMI-to-income: 30% is low, just above is medium, above the 40% limit is high", () => {
    expect(assessRisk({ ...safe, emi: 12_000 }).level).toBe("low");
    expect(assessRisk({ ...safe, emi: 12_100 })).toMatchObject({ level: "medium", reasons: [{ rule: "emiToIncome", level: "medium", value: "30.3" }] });
    expect(assessRisk({ ...safe, emi: 16_000 }).reasons).toContainEqual({ rule: "emiToIncome", level: "medium", value: "40" });
    expect(assessRisk({ ...safe, emi: 16_100 }).reasons).toContainEqual({ rule: "emiToIncome", level: "high", value: "40.3" });
  });

  it("debt-to-income counts other monthly payments in full", () => {
    // 4,000 + 12,000 = 16,000 of 40,000: 40%, still medium-free; 13,000 makes it 42.5%.
    expect(assessRisk({ ...safe, existingLoans: 12_000 }).level).toBe("low");
    expect(assessRisk({ ...safe, existingLoans: 13_000 })).toEqual({ level: "medium", reasons: [{ rule: "debtToIncome", level: "medium", value: "42.5" }] });
    expect(assessRisk({ ...safe, existingLoans: 17_000 }).level).toBe("high");
  });

  it("irregular income, other active loans and KYC state each add their reason; the highest level wins", () => {
    const r = assessRisk({ ...safe, employmentType: "freelancer", kycStatus: "pending", otherActiveLoans: 1 });
    expect(r.level).toBe("medium");
    expect(r.reasons.map((x) => x.rule)).toEqual(["employment", "existingLoans", "kyc"]);
    expect(assessRisk({ ...safe, otherActiveLoans: 2 }).level).toBe("high");
    expect(assessRisk({ ...safe, kycStatus: "rejected" })).toEqual({ level: "high", reasons: [{ rule: "kyc", level: "high", value: "rejected" }] });
  });

  it("no income to measure against is high", () => {
    expect(assessRisk({ ...safe, monthlyIncome: 0 }).level).toBe("high");
  });

  it("the level is always the highest reason's level, and low exactly when there is no reason", () => {
    fc.assert(
      fc.property(
        fc.record({
          emi: fc.integer({ min: 0, max: 200_000 }),
          monthlyIncome: fc.integer({ min: 0, max: 500_000 }),
          existingLoans: fc.option(fc.integer({ min: 0, max: 200_000 })),
          employmentType: fc.option(fc.constantFrom(...Object.values(EmploymentType))),
          kycStatus: fc.constantFrom(...Object.values(KycStatus)),
          otherActiveLoans: fc.integer({ min: 0, max: 5 }),
        }),
        (facts) => {
          const { level, reasons } = assessRisk(facts);
          if (reasons.length === 0) expect(level).toBe("low");
          else expect(level).toBe(reasons.some((r) => r.level === "high") ? "high" : "medium");
        },
      ),
    );
  });
});
