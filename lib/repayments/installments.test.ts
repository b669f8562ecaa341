import { describe, expect, it } from "vitest";
import { graceEndsOn, installmentStatus, lateFeeDue, lateFeeFor } from "./installments";

const emi = { dueDate: "2026-12-20", emiAmount: 2_292, lateFee: 0, paidAmount: 0 };

describe("late fee", () => {
  it("is 5% of the EMI by default, rounded half up: the spec's 115 on 2,292", () => {
    expect(lateFeeFor(2_292)).toBe(115);
    expect(lateFeeFor(4_584)).toBe(229);
    expect(lateFeeFor(4_584, { percentOfEmi: 2, graceDays: 0 })).toBe(92);
  });

  it("is charged only after the grace period, once, and not when the EMI was covered in time", () => {
    expect(graceEndsOn("2026-12-30")).toBe("2027-01-02");
    expect(lateFeeDue({ ...emi, emiCoveredOn: null }, "2026-12-23")).toBe(0); // last day of grace
    expect(lateFeeDue({ ...emi, emiCoveredOn: null }, "2026-12-24")).toBe(115);
    expect(lateFeeDue({ ...emi, emiCoveredOn: "2026-12-23" }, "2027-02-01")).toBe(0);
    expect(lateFeeDue({ ...emi, emiCoveredOn: "2026-12-24" }, "2027-02-01")).toBe(115); // covered, but late
    expect(lateFeeDue({ ...emi, lateFee: 115, emiCoveredOn: null }, "2027-06-01")).toBe(115); // never twice
    expect(lateFeeDue({ ...emi, emiCoveredOn: null }, "2026-12-21", { percentOfEmi: 5, graceDays: 0 })).toBe(115);
  });
});

describe("instalment status", () => {
  it("follows the calendar while nothing is paid", () => {
    expect(installmentStatus(emi, "2026-12-19")).toBe("upcoming");
    expect(installmentStatus(emi, "2026-12-20")).toBe("due_today");
    expect(installmentStatus(emi, "2026-12-21")).toBe("overdue");
  });

  it("is partial with some money in, paid once the EMI and any fee are covered", () => {
    expect(installmentStatus({ ...emi, paidAmount: 1_000 }, "2026-12-25")).toBe("partial");
    expect(installmentStatus({ ...emi, paidAmount: 2_292 }, "2026-12-10")).toBe("paid");
    expect(installmentStatus({ ...emi, lateFee: 115, paidAmount: 2_292 }, "2027-01-05")).toBe("partial");
    expect(installmentStatus({ ...emi, lateFee: 115, paidAmount: 2_407 }, "2027-01-05")).toBe("paid");
  });
});
