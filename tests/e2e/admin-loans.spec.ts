/**
 * Loan management to the first repayment, as staff do it on the demo data (issue 8): the person who reviewed
 * the application cannot take the credit decision and the approver cannot disburse (a second person is asked
 * for, on screen); the disbursement writes the schedule; a bKash payment recorded on the repayments screen
 * turns the instalment paid and moves the collection figures; each is on the lender's books at once (issue 50): the
 * loan's entries in the journal, the bKash book's day, the trial balance agreeing. Bengali at 360 px and English at 1280 px.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { dhakaToday, formatTaka } from "../../lib/format";
import { calculateEmi } from "../../lib/loans/emi";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";
import { sessionCookieFor } from "./staff";

type Screen = { width: number; language: "bn" | "en" };

async function pageAs(browser: Browser, role: StaffRole, screen: Screen): Promise<Page> {
  const mobile = screen.width < 600;
  const context = await browser.newContext({ viewport: { width: screen.width, height: mobile ? 740 : 900 }, isMobile: mobile, hasTouch: mobile });
  await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: screen.language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

const loanRow = (page: Page, loanNumber: string) => page.locator(`[data-testid=loan-row][data-loan-number="${loanNumber}"]`);

async function installments(loanNumber: string) {
  return dbQuery<{ emiNumber: number; principalAmount: number; emiAmount: number; paidAmount: number; status: string }>(
    `SELECT i."emiNumber", i."principalAmount", i."emiAmount", i."paidAmount", i."status" FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId"
     WHERE l."loanNumber" = $1 ORDER BY i."emiNumber"`,
    [loanNumber],
  );
}

/** Disburses an approved loan as the account manager and checks the schedule it wrote, on screen and in the database. */
async function disburseAndSeeSchedule(browser: Browser, screen: Screen, loanNumber: string, approvedAmount: number, tenure: number) {
  const page = await pageAs(browser, "account_manager", screen);
  await page.goto(`/admin/loans?tab=approved&q=${loanNumber}`);
  await loanRow(page, loanNumber).getByTestId("disburse-loan").click();
  const dialog = page.getByTestId("disburse-loan-dialog");
  // Cash is handed over at the branch: the dialog asks for no account then.
  await dialog.getByTestId("disburse-channel").selectOption("cash");
  await expect(dialog.locator("input[id^=disburse-account]")).toHaveCount(0);
  // Paid out to the bank account (the dialog suggests a channel from the borrower's payout account).
  await dialog.getByTestId("disburse-channel").selectOption("bank_transfer");
  await dialog.locator("input[id^=disburse-account]").fill("0123456789012");
  await dialog.locator("input[id^=disburse-bank]").fill(screen.language === "bn" ? "সোনালী ব্যাংক" : "Sonali Bank");
  await dialog.getByTestId("confirm-disburse").click();
  await expect(dialog).toBeHidden();
  await page.goto(`/admin/loans?tab=active&view=${loanNumber}`);
  await page.getByTestId("tab-schedule").click();
  await expect(page.getByTestId("schedule-row")).toHaveCount(tenure);
  await expect(page.getByTestId("schedule-row").first()).toHaveAttribute("data-status", /upcoming|due_today/);
  if (screen.width < 600) await noSidewaysScroll(page, screen.width);
  const rows = await installments(loanNumber);
  expect(rows.reduce((sum, r) => sum + r.principalAmount, 0)).toBe(approvedAmount);
  await page.context().close();
}

async function collectedToday(): Promise<number> {
  const [row] = await dbQuery<{ sum: string | null }>(`SELECT sum("amount") AS "sum" FROM "LoanPayment" WHERE "paymentDate" = $1::date AND "status" = 'completed'`, [dhakaToday()]);
  return Number(row?.sum ?? 0);
}

/**
 * A collection agent records the first instalment's EMI by bKash from the repayments screen: the instalment turns
 * paid (on the loan's schedule too) and Collected Today grows by the amount.
 */
async function recordFirstEmiByBkash(browser: Browser, screen: Screen, loanNumber: string) {
  const page = await pageAs(browser, "collection_agent", screen);
  await page.goto(`/admin/repayments?tab=upcoming&q=${loanNumber}`);
  const collected = page.getByTestId("repayment-stat-collectedToday");
  await expect(collected).toContainText(formatTaka(await collectedToday(), screen.language));
  const [first] = await installments(loanNumber);
  await page.getByTestId("repayment-row").first().getByTestId("record-payment").click();
  const dialog = page.getByTestId("record-payment-dialog");
  await expect(dialog.locator("input[id^=record-loan]")).toHaveValue(loanNumber);
  await expect(dialog.locator("input[id^=record-amount]")).toHaveValue(String(first!.emiAmount));
  await dialog.locator("select[id^=record-method]").selectOption("bkash");
  await dialog.locator("input[id^=record-reference]").fill(`TRX${Date.now().toString(36).toUpperCase()}`);
  await dialog.getByTestId("confirm-payment").click();
  await expect(dialog.getByTestId("payment-recorded")).toContainText("PAY-");
  if (screen.width < 600) await noSidewaysScroll(page, screen.width);
  await page.keyboard.press("Escape");

  expect((await installments(loanNumber))[0]).toMatchObject({ paidAmount: first!.emiAmount, status: "paid" });
  await page.goto(`/admin/repayments?tab=paid&q=${loanNumber}`);
  await expect(page.getByTestId("repayment-row")).toHaveCount(1);
  await expect(page.getByTestId("repayment-row").first()).toHaveAttribute("data-state", "paid");
  await expect(page.getByTestId("repayment-stat-collectedToday")).toContainText(formatTaka(await collectedToday(), screen.language));
  await page.goto(`/admin/loans?tab=active&view=${loanNumber}`);
  await page.getByTestId("tab-schedule").click();
  await expect(page.getByTestId("schedule-row").first()).toHaveAttribute("data-status", "paid");
  await page.context().close();
}

/**
 * The account manager opens the books: the loan's journal holds its disbursement (loan portfolio against the bank) and
 * each payment (its channel against the portfolio and interest income), today's bKash receipts include the EMI, and
 * the trial balance agrees. `paidInCash`: the rest paid in cash, which leaves nothing of the loan on the portfolio.
 */
async function seeOnTheBooks(browser: Browser, screen: Screen, loanNumber: string, amounts: { disbursed: number; byBkash: number; paidInCash?: number }) {
  const page = await staffPage(browser, "account_manager", screen);
  await page.goto(`/admin/accounting?view=journal&loan=${loanNumber}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(screen.language === "bn" ? "হিসাবরক্ষণ" : "Accounting");
  const line = (kind: string, account: string) => page.locator(`[data-testid=journal-line][data-kind=${kind}][data-account=${account}]`);
  await expect(line("disbursement", "loan_portfolio")).toHaveAttribute("data-amount", String(amounts.disbursed));
  await expect(line("disbursement", "bank")).toHaveAttribute("data-amount", String(-amounts.disbursed));
  await expect(line("repayment", "bkash")).toHaveAttribute("data-amount", String(amounts.byBkash));
  await expect(page.getByTestId("journal")).toContainText(screen.language === "bn" ? "বিকাশ" : "bKash");
  await expect(page.getByTestId("journal")).toContainText(formatTaka(amounts.byBkash, screen.language));
  const portfolio = await page.locator("[data-testid=journal-line][data-account=loan_portfolio]").evaluateAll((rows) => rows.reduce((sum, row) => sum + Number(row.getAttribute("data-amount")), 0));
  const principalPaid = await dbQuery<{ sum: string }>(`SELECT coalesce(sum(a."principal"), 0) AS "sum" FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId" JOIN "Loan" l ON l."id" = p."loanId" WHERE l."loanNumber" = $1`, [loanNumber]);
  expect(portfolio).toBe(amounts.disbursed - Number(principalPaid[0]!.sum));
  if (amounts.paidInCash) {
    await expect(line("repayment", "cash_in_hand")).toHaveAttribute("data-amount", String(amounts.paidInCash));
    expect(portfolio).toBe(0);
  }
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, screen.width);
  await page.screenshot({ path: test.info().outputPath(`journal-${screen.language}-${screen.width}.png`), fullPage: true });

  await page.goto("/admin/accounting?view=cash-book&channel=bkash");
  const today = page.locator(`[data-testid=cash-book-day][data-date="${dhakaToday()}"]`);
  expect(Number(await today.getAttribute("data-receipts"))).toBeGreaterThanOrEqual(amounts.byBkash);
  const [bkash] = await dbQuery<{ sum: string }>(
    `SELECT (SELECT coalesce(sum("amount"), 0) FROM "LoanPayment" WHERE "method" = 'bkash' AND "status" = 'completed')
          - (SELECT coalesce(sum("disbursedAmount"), 0) FROM "Loan" WHERE "disbursementMethod" = 'bkash' AND "disbursedAt" IS NOT NULL) AS "sum"`,
  );
  await expect(page.getByTestId("cash-book-closing")).toHaveAttribute("data-balance", bkash!.sum);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, screen.width);

  await page.goto("/admin/accounting");
  await expect(page.getByTestId("trial-balance-agrees")).toHaveAttribute("data-balanced", "true");
  const total = page.getByTestId("trial-balance-total");
  expect(await total.getAttribute("data-debit")).toBe(await total.getAttribute("data-credit"));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, screen.width);
  await page.screenshot({ path: test.info().outputPath(`trial-balance-${screen.language}-${screen.width}.png`), fullPage: true });
  await page.context().close();
}

/** The rest of the loan in one cash payment from the repayments screen: nothing is owed, the loan is closed. */
async function payTheRestAndClose(browser: Browser, screen: Screen, loanNumber: string, rest: number) {
  const page = await pageAs(browser, "collection_agent", screen);
  await page.goto(`/admin/repayments?tab=upcoming&q=${loanNumber}`);
  await page.getByTestId("repayment-row").first().getByTestId("record-payment").click();
  const dialog = page.getByTestId("record-payment-dialog");
  // One taka more than is owed is refused, with the amount owed; then the exact amount settles the loan.
  await dialog.locator("input[id^=record-amount]").fill(String(rest + 1));
  await dialog.getByTestId("confirm-payment").click();
  await expect(dialog.locator("input[id^=record-amount]")).toHaveAttribute("aria-invalid", "true");
  await dialog.locator("input[id^=record-amount]").fill(String(rest));
  await dialog.getByTestId("confirm-payment").click();
  await expect(dialog.getByTestId("payment-recorded")).toBeVisible();
  await page.context().close();
  const [loan] = await dbQuery<{ status: string; paid: string }>(
    `SELECT l."status", (SELECT sum(p."amount") FROM "LoanPayment" p WHERE p."loanId" = l."id") AS "paid" FROM "Loan" l WHERE l."loanNumber" = $1`,
    [loanNumber],
  );
  const scheduled = (await installments(loanNumber)).reduce((sum, i) => sum + i.emiAmount, 0);
  expect(loan).toEqual({ status: "closed", paid: String(scheduled) });
}

test("Bengali at 360 px: the reviewer is refused, a second person approves, the approver is refused, a third disburses; paid by bKash and then in full, the loan closes", async ({ browser }) => {
  test.setTimeout(150_000);
  const screen: Screen = { width: 360, language: "bn" };
  const loanNumber = "LN-000103"; // Kamal's instant loan: its application was reviewed by the demo loan officer

  const officer = await pageAs(browser, "loan_officer", screen);
  await officer.goto("/admin/loans");
  await expect(officer.getByTestId("loan-stat-pending")).toBeVisible();
  await noSidewaysScroll(officer, 360);
  await loanRow(officer, loanNumber).getByTestId("approve-loan").click();
  await officer.getByTestId("confirm-approve").click();
  await expect(officer.getByTestId("action-error")).toContainText("অন্য একজনকে");
  await officer.context().close();

  const admin = await pageAs(browser, "admin", screen);
  await admin.goto("/admin/loans");
  await loanRow(admin, loanNumber).getByTestId("approve-loan").click();
  const approve = admin.getByTestId("approve-loan-dialog");
  await approve.locator("input").fill("২৫,০০০");
  const { emi } = calculateEmi({ principal: 25_000, annualRate: 18, months: 6 });
  await expect(approve.getByTestId("approve-emi")).toContainText(new Intl.NumberFormat("bn-BD").format(emi).replace(/\s/g, ""));
  await admin.getByTestId("confirm-approve").click();
  await expect(approve).toBeHidden();
  const [stored] = await dbQuery<{ status: string; approvedAmount: number; emi: number }>(`SELECT "status", "approvedAmount", "emi" FROM "Loan" WHERE "loanNumber" = $1`, [loanNumber]);
  expect(stored).toEqual({ status: "approved", approvedAmount: 25_000, emi });

  // The approver may disburse by role, but not this loan.
  await admin.goto(`/admin/loans?tab=approved&q=${loanNumber}`);
  await loanRow(admin, loanNumber).getByTestId("disburse-loan").click();
  const disburse = admin.getByTestId("disburse-loan-dialog");
  await disburse.locator("input[id^=disburse-account]").fill("0123456789012");
  await disburse.locator("input[id^=disburse-bank]").fill("সোনালী ব্যাংক");
  await disburse.getByTestId("confirm-disburse").click();
  await expect(disburse.getByTestId("action-error")).toContainText("অন্য একজনকে");
  await admin.context().close();

  await disburseAndSeeSchedule(browser, screen, loanNumber, 25_000, 6);
  // ৳25,000 at 18% a year over 6 months, by hand: EMI = 25,000 × 0.015 × 1.015⁶ / (1.015⁶ − 1) = 4,388.13 → 4,388;
  // each month's interest is 1.5% of the balance, rounded; the last EMI takes what is left (4,325 + 65).
  expect((await installments(loanNumber)).map((i) => [i.emiAmount, i.principalAmount])).toEqual([
    [4388, 4013],
    [4388, 4073],
    [4388, 4134],
    [4388, 4196],
    [4388, 4259],
    [4390, 4325],
  ]);
  await recordFirstEmiByBkash(browser, screen, loanNumber);
  await payTheRestAndClose(browser, screen, loanNumber, 4388 * 4 + 4390);
  await seeOnTheBooks(browser, screen, loanNumber, { disbursed: 25_000, byBkash: 4388, paidInCash: 4388 * 4 + 4390 });
});

test("English at 1280 px: an approved loan is disbursed, its schedule shown, a bKash payment recorded; a note is added to its history", async ({ browser }) => {
  test.setTimeout(150_000);
  const screen: Screen = { width: 1280, language: "en" };
  const loanNumber = "LN-000104"; // Shirin's consumer loan, approved for 1,40,000 over 24 months
  await disburseAndSeeSchedule(browser, screen, loanNumber, 140_000, 24);
  await recordFirstEmiByBkash(browser, screen, loanNumber);
  await seeOnTheBooks(browser, screen, loanNumber, { disbursed: 140_000, byBkash: (await installments(loanNumber))[0]!.emiAmount });
  // The same books on a phone in English (issue 50: 360 px in both languages).
  await seeOnTheBooks(browser, { width: 360, language: "en" }, loanNumber, { disbursed: 140_000, byBkash: (await installments(loanNumber))[0]!.emiAmount });
  // From the loan, its entries: the schedule tab links the journal narrowed to it.
  const books = await staffPage(browser, "account_manager", screen);
  await books.goto(`/admin/loans?tab=all&view=${loanNumber}`);
  await books.getByTestId("tab-schedule").click();
  await books.getByTestId("loan-books-entries").click();
  await expect(books.locator("[data-testid=journal-line][data-kind=disbursement][data-account=loan_portfolio]")).toHaveAttribute("data-amount", "140000");
  await expect(books.locator("[data-testid=journal-line][data-kind=repayment][data-account=bkash]")).toHaveCount(1);
  await books.context().close();

  const agent = await pageAs(browser, "collection_agent", screen);
  await agent.goto(`/admin/loans?tab=all&view=${loanNumber}`);
  await agent.getByTestId("tab-history").click();
  const note = agent.getByTestId("loan-note-form");
  await expect(note.getByTestId("add-note")).toBeDisabled();
  await note.locator("textarea").fill("Borrower prefers calls after 5 pm.");
  await note.getByTestId("add-note").click();
  await expect(agent.getByTestId("loan-notes")).toContainText("Borrower prefers calls after 5 pm.");
  await expect(agent.getByTestId("loan-events")).toContainText("disbursed");
  // A collection agent works loans but takes no credit decision.
  await agent.goto("/admin/loans");
  await expect(agent.getByTestId("approve-loan")).toHaveCount(0);
});
