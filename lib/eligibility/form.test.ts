import { describe, expect, it } from "vitest";
import { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import { tenuresWithin } from "@/lib/loans/tenure";
import { parseEligibilityForm, type EligibilityFormValues, type EligibilityProduct } from "./form";

const products: EligibilityProduct[] = [
  { key: "instant", title: "Instant Microloan", annualRate: 18, minAmount: 5_000, maxAmount: 50_000, minTenure: 1, maxTenure: 12, tenures: tenuresWithin(1, 12) },
  { key: "salary", title: "Salary Loan", annualRate: 15, minAmount: 50_000, maxAmount: 1_000_000, minTenure: 12, maxTenure: 60, tenures: tenuresWithin(12, 60) },
];

const valid: EligibilityFormValues = {
  income: "30000",
  existing: "",
  employment: "salaried",
  loanType: "instant",
  amount: "50000",
  tenure: "12",
};

describe("parseEligibilityForm", () => {
  it("parses valid input, empty existing payments meaning none", () => {
    const result = parseEligibilityForm(valid, products, EMPLOYMENT_TYPES);
    expect(result).toEqual({
      ok: true,
      data: {
        monthlyIncome: 30_000,
        existingMonthlyPayments: 0,
        employmentType: "salaried",
        product: products[0],
        amount: 50_000,
        months: 12,
      },
    });
  });

  it("accepts Bengali digits, commas and the taka sign", () => {
    const result = parseEligibilityForm(
      { ...valid, income: "৩০,০০০", existing: "৳২,৫০০", amount: "৫০,০০০" },
      products,
      EMPLOYMENT_TYPES,
    );
    expect(result.ok && result.data).toMatchObject({ monthlyIncome: 30_000, existingMonthlyPayments: 2_500, amount: 50_000 });
  });

  it("accepts zero existing payments", () => {
    const result = parseEligibilityForm({ ...valid, existing: "০" }, products, EMPLOYMENT_TYPES);
    expect(result.ok && result.data.existingMonthlyPayments).toBe(0);
  });

  it("says which field is missing", () => {
    const result = parseEligibilityForm(
      { income: "", existing: "", employment: "", loanType: "", amount: "", tenure: "" },
      products,
      EMPLOYMENT_TYPES,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        income: "incomeRequired",
        employment: "employmentRequired",
        loanType: "loanTypeRequired",
        amount: "amountRequired",
      },
    });
  });

  it("rejects zero, negative, fractional and non-numeric income", () => {
    for (const income of ["0", "-5000", "25000.50", "abc", "১২ক", "2000000000"]) {
      const result = parseEligibilityForm({ ...valid, income }, products, EMPLOYMENT_TYPES);
      expect(result.ok ? null : result.errors.income, income).toBe("incomeInvalid");
    }
  });

  it("rejects negative or non-numeric existing payments", () => {
    for (const existing of ["-1", "x", "10.5"]) {
      const result = parseEligibilityForm({ ...valid, existing }, products, EMPLOYMENT_TYPES);
      expect(result.ok ? null : result.errors.existing, existing).toBe("existingInvalid");
    }
  });

  it("rejects an unknown employment type", () => {
    const result = parseEligibilityForm({ ...valid, employment: "self_employed" }, products, EMPLOYMENT_TYPES);
    expect(result.ok ? null : result.errors.employment).toBe("employmentRequired");
  });

  it("keeps the amount within the product's range", () => {
    for (const amount of ["4999", "50001"]) {
      const result = parseEligibilityForm({ ...valid, amount }, products, EMPLOYMENT_TYPES);
      expect(result.ok ? null : result.errors.amount, amount).toBe("amountOutOfRange");
    }
    expect(parseEligibilityForm({ ...valid, amount: "5000" }, products, EMPLOYMENT_TYPES).ok).toBe(true);
    const invalid = parseEligibilityForm({ ...valid, amount: "৫০.৫" }, products, EMPLOYMENT_TYPES);
    expect(invalid.ok ? null : invalid.errors.amount).toBe("amountInvalid");
  });

  it("accepts only the product's tenures", () => {
    const result = parseEligibilityForm({ ...valid, tenure: "24" }, products, EMPLOYMENT_TYPES);
    expect(result.ok ? null : result.errors.tenure).toBe("tenureRequired");
    expect(parseEligibilityForm({ ...valid, loanType: "salary", tenure: "24" }, products, EMPLOYMENT_TYPES).ok).toBe(true);
  });
});
