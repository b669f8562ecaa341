import { describe, expect, it } from "vitest";
import type { PlannedInstalment } from "@/lib/society/books/loan-plan";
import { loanDue } from "./loan-due";

const plan: PlannedInstalment[] = [
  { number: 1, dueDate: "2026-11-09", amount: 275, principal: 250, charge: 25 },
  { number: 2, dueDate: "2026-11-16", amount: 275, principal: 250, charge: 25 },
  { number: 3, dueDate: "2026-11-23", amount: 275, principal: 250, charge: 25 },
  { number: 4, dueDate: "2026-11-30", amount: 275, principal: 250, charge: 25 },
];

describe("loanDue", () => {
  it("shows an instalment whose day has passed as overdue since then, and the next one still ahead", () => {
    // Issue 48: 12 days overdue on 28 November, the unpaid one of 16 November was shown as the "next instalment".
    const standing = { next: { number: 2, dueDate: "2026-11-16", amount: 100 } };
    expect(loanDue(standing, plan, "2026-11-28")).toEqual({ overdueSince: { number: 2, dueDate: "2026-11-16", amount: 100 }, next: { dueDate: "2026-11-30", amount: 275 } });
  });

  it("counts an instalment due today as the next, not overdue", () => {
    const standing = { next: { number: 2, dueDate: "2026-11-16", amount: 275 } };
    expect(loanDue(standing, plan, "2026-11-16")).toEqual({ overdueSince: null, next: standing.next });
    expect(loanDue({ next: { number: 1, dueDate: "2026-11-09", amount: 275 } }, plan, "2026-11-23").next).toEqual({ dueDate: "2026-11-23", amount: 275 });
  });

  it("has no next instalment once every day has passed, and nothing due once repaid", () => {
    expect(loanDue({ next: { number: 4, dueDate: "2026-11-30", amount: 275 } }, plan, "2026-12-05")).toEqual({ overdueSince: { number: 4, dueDate: "2026-11-30", amount: 275 }, next: null });
    expect(loanDue({ next: null }, plan, "2026-12-05")).toEqual({ overdueSince: null, next: null });
  });
});
