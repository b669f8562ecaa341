import { describe, expect, it } from "vitest";
import { applyHref } from "./apply-href";
import { prefillFromSearchParams } from "./prefill";
import type { ApplyProduct } from "./types";

const products: ApplyProduct[] = [
  { key: "instant", title: "Instant", minAmount: 5000, maxAmount: 50000, minTenure: 1, maxTenure: 12, annualRate: 18 },
  { key: "salary", title: "Salary", minAmount: 50000, maxAmount: 1000000, minTenure: 12, maxTenure: 60, annualRate: 15 },
];

describe("prefillFromSearchParams", () => {
  it("takes the link /eligibility builds", () => {
    expect(
      prefillFromSearchParams(
        { type: "instant", amount: "50000", tenure: "12", income: "30000", employment: "salaried", existing: "2000" },
        products,
      ),
    ).toEqual({
      loanType: "instant",
      amount: "50000",
      tenure: "12",
      monthlyIncome: "30000",
      employmentType: "salaried",
      existingLoans: "2000",
    });
  });

  it("accepts Bengali digits and grouping, and zero existing loans", () => {
    expect(prefillFromSearchParams({ type: "salary", amount: "২,০০,০০০", income: "৪৫০০০", existing: "0" }, products)).toEqual({
      loanType: "salary",
      amount: "200000",
      monthlyIncome: "45000",
      existingLoans: "0",
    });
  });

  it("drops values the step would refuse", () => {
    expect(
      prefillFromSearchParams(
        { type: "payday", amount: "-5", tenure: "7", income: "abc", employment: "pirate", existing: "-1" },
        products,
      ),
    ).toEqual({});
    // Outside the chosen product's range: amount and tenure dropped, the product kept.
    expect(prefillFromSearchParams({ type: "instant", amount: "900000", tenure: "24" }, products)).toEqual({
      loanType: "instant",
    });
    expect(prefillFromSearchParams({ amount: "12.5", income: "0" }, products)).toEqual({});
  });

  it("ignores repeated parameters", () => {
    expect(prefillFromSearchParams({ type: ["instant", "salary"], amount: ["1", "2"] }, products)).toEqual({});
  });

  it("without a product, keeps any positive amount and any fixed tenure", () => {
    expect(prefillFromSearchParams({ amount: "75000", tenure: "36" }, products)).toEqual({ amount: "75000", tenure: "36" });
  });
});

describe("applyHref", () => {
  const query = (href: string) => Object.fromEntries(new URL(href, "http://x").searchParams);

  it("makes the links prefillFromSearchParams reads back as they were", () => {
    const full = { loanType: "salary", amount: "200000", tenure: "24", monthlyIncome: "45000", employmentType: "salaried", existingLoans: "0" };
    const href = applyHref(full, "bn");
    expect(href).toBe("/apply?type=salary&amount=200000&tenure=24&income=45000&employment=salaried&existing=0");
    expect(prefillFromSearchParams(query(href), products)).toEqual(full);
    // A product card names only its product; the calculator adds what the applicant chose.
    expect(applyHref({ loanType: "instant" }, "bn")).toBe("/apply?type=instant");
    // In English, the English address.
    expect(applyHref({ loanType: "instant" }, "en")).toBe("/en/apply?type=instant");
    expect(prefillFromSearchParams(query(applyHref({ loanType: "instant", amount: "25000", tenure: "12" }, "bn")), products)).toEqual({ loanType: "instant", amount: "25000", tenure: "12" });
  });

  it("leaves out what is empty, down to the bare path", () => {
    expect(applyHref({ loanType: undefined, amount: "", tenure: undefined }, "bn")).toBe("/apply");
  });
});
