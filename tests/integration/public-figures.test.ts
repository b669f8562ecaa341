/**
 * The home page's figures come from the loans (issue 49's true figures; the standing check against sample figures):
 * a loan disbursed moves the borrowers and the taka disbursed by what it is, a credit decision moves the approval rate.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { rejectLoanAction } from "@/lib/loans/actions";
import { PUBLIC_FIGURES_DAYS, publicLendingFigures } from "@/lib/loans/queries";
import { seedProducts } from "@/prisma/seed";
import { prisma } from "@/lib/db";
import { disbursedLoan, pendingLoan } from "../support/loan-fixtures";
import { actAs } from "../support/staff-session";

beforeAll(async () => {
  await seedProducts(prisma);
});

describe("the home page's lending figures", () => {
  it("count a new borrower's disbursed loan, its taka and its approval; a rejection lowers the rate", async () => {
    const before = await publicLendingFigures();
    await disbursedLoan("১,২৩,০০০");
    const after = await publicLendingFigures();
    expect(after.borrowers).toBe(before.borrowers + 1);
    expect(after.disbursed).toBe(before.disbursed + 123_000);

    // The decisions of the last year, counted here the plain way.
    const since = new Date(Date.now() - PUBLIC_FIGURES_DAYS * 86_400_000);
    const decided = await prisma.loan.count({ where: { OR: [{ approvedAt: { gte: since } }, { rejectedAt: { gte: since } }] } });
    const approved = await prisma.loan.count({ where: { approvedAt: { gte: since } } });
    expect(after.approvalPercent).toBe(Math.floor((approved * 100) / decided));

    const waiting = await pendingLoan();
    await actAs("loan_officer");
    const rejected = await rejectLoanAction({ loanNumber: waiting.loanNumber, reason: "আয়ের কাগজ মেলেনি" });
    expect(rejected.ok).toBe(true);
    expect((await publicLendingFigures()).approvalPercent).toBe(Math.floor((approved * 100) / (decided + 1)));
  });

  it("look back a year only: decisions older than that leave the rate", async () => {
    const later = new Date(Date.now() + 400 * 86_400_000);
    expect((await publicLendingFigures(later)).approvalPercent).toBeNull();
  });
});
