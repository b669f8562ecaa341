import { describe, expect, it } from "vitest";
import { linkInMessage, nextInstallment, outstandingOf } from "./account-view";
import type { InstallmentView } from "./types";

const installment = (emiNumber: number, paid: number, status: InstallmentView["status"], lateFee = 0): InstallmentView => ({
  emiNumber,
  dueDate: `2026-0${emiNumber}-10`,
  scheduledDate: `2026-0${emiNumber}-11`,
  emiAmount: 1000,
  lateFee,
  paid,
  status,
});

describe("borrower account figures", () => {
  it("owe every EMI and late fee less what was paid, never less than nothing per instalment", () => {
    expect(outstandingOf([installment(1, 1000, "paid"), installment(2, 400, "partial", 200), installment(3, 0, "upcoming")])).toBe(800 + 1000);
    expect(outstandingOf([installment(1, 1500, "paid")])).toBe(0);
  });

  it("name the first instalment not paid in full, on its scheduled day, with what it still owes", () => {
    const plan = [installment(1, 1000, "paid"), installment(2, 400, "partial", 200), installment(3, 0, "upcoming")];
    // Partly paid and its day passed: late, whatever its status says.
    expect(nextInstallment(plan, "2026-03-01")).toEqual({ emiNumber: 2, date: "2026-02-11", amount: 800, overdue: true });
    expect(nextInstallment(plan, "2026-02-11")).toMatchObject({ emiNumber: 2, overdue: false });
    expect(nextInstallment([installment(1, 1000, "paid")], "2026-03-01")).toBeNull();
  });

  it("find the link of a message, absolute or a path, without the sentence's full stop", () => {
    expect(linkInMessage("Send it at this link (valid for 7 days): https://rinbondhu.com.bd/kyc/resubmit?token=abc-_1.")).toBe("https://rinbondhu.com.bd/kyc/resubmit?token=abc-_1");
    expect(linkInMessage("ছবি পাঠান: /kyc/resubmit?token=Zx9")).toBe("/kyc/resubmit?token=Zx9");
    expect(linkInMessage("no link here")).toBeNull();
  });
});
