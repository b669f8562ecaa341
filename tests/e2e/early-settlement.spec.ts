/**
 * Early settlement and prepayment (issue 50, point 5; decision 0266), at 360 px: in Bengali an account manager settles a
 * running loan for the day's figure by bKash; the loan closes, its schedule shows what changed, the journal has the
 * payment on the bKash account; reversed by two people, the loan owes exactly what it owed. In English, the
 * settlement's figures read the same, and a prepayment on a loan in arrears is refused with the reason.
 */
import { expect, test, type Page } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

const LOAN = "LN-000101"; // Rahim's running loan in the demo, with instalments overdue

async function instalments() {
  return dbQuery<{ id: string; emiNumber: number; emiAmount: number; interestAmount: number; paidAmount: number; lateFee: number; status: string }>(
    `SELECT i."id", i."emiNumber", i."emiAmount", i."interestAmount", i."paidAmount", i."lateFee", i."status"::text AS "status"
     FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId" WHERE l."loanNumber" = $1 ORDER BY i."emiNumber"`,
    [LOAN],
  );
}

async function loanStatus() {
  const [row] = await dbQuery<{ status: string }>(`SELECT "status"::text AS "status" FROM "Loan" WHERE "loanNumber" = $1`, [LOAN]);
  return row!.status;
}

async function openPayment(page: Page, installmentId: string, tab = "overdue") {
  await page.goto(`/admin/repayments?tab=${tab}&q=${LOAN}&view=${installmentId}`);
  return page.getByTestId("repayment-dialog");
}

test("Bengali at 360 px: a loan settled early for the day's figure closes; its schedule shows the change; reversed by two people it owes as before", async ({ browser }) => {
  test.setTimeout(150_000);
  const before = await instalments();
  const firstUnpaid = before.find((i) => i.status !== "paid")!;
  expect(await loanStatus()).toBe("disbursed");

  const manager = await staffPage(browser, "account_manager", { width: 360, language: "bn" });
  let dialog = await openPayment(manager, firstUnpaid.id);
  await dialog.getByTestId("settle-loan").click();
  const settle = manager.getByTestId("settle-dialog");
  const total = settle.getByTestId("settlement-total");
  await expect(total).toHaveAttribute("data-amount", /^\d+$/);
  const amount = Number(await total.getAttribute("data-amount"));
  // Overdue instalments are owed whole, with their fees; the interest after today is not.
  const scheduledLeft = before.reduce((sum, i) => sum + i.emiAmount + i.lateFee - i.paidAmount, 0);
  expect(amount).toBeLessThan(scheduledLeft);
  await expect(settle.getByTestId("settlement-figures")).toContainText("এই তারিখ পর্যন্ত সুদ");
  await expect(total).toContainText("৳");
  await manager.mouse.move(0, 0);
  expect(await seriousAxeViolations(manager)).toEqual([]);
  await noSidewaysScroll(manager, 360);
  await manager.screenshot({ path: test.info().outputPath("settlement-bn-360.png"), fullPage: true });

  await settle.locator("select[id$=-method]").selectOption("bkash");
  await settle.locator("input[id$=-reference]").fill(`SETTLE${Date.now()}`);
  await settle.getByTestId("confirm-settlement").click();
  await expect(settle.getByTestId("settlement-recorded")).toContainText("PAY-");
  const paymentNumber = (await settle.getByTestId("settlement-recorded").textContent())!.match(/PAY-\d+/)![0];
  expect(await loanStatus()).toBe("closed");
  const [paid] = await dbQuery<{ amount: number }>(`SELECT "amount" FROM "LoanPayment" WHERE "paymentNumber" = $1`, [paymentNumber]);
  expect(paid!.amount).toBe(amount);
  await manager.keyboard.press("Escape");

  // The schedule tab: what the settlement changed (the interest after today, no longer charged).
  dialog = await openPayment(manager, firstUnpaid.id, "paid");
  await dialog.getByTestId("tab-schedule").click();
  const change = dialog.locator(`[data-schedule-change="${paymentNumber}"]`);
  await expect(change).toHaveAttribute("data-kind", "settlement");
  await expect(change).toContainText("আগাম পরিশোধ");
  await noSidewaysScroll(manager, 360);
  await manager.screenshot({ path: test.info().outputPath("settlement-schedule-bn-360.png"), fullPage: true });

  // The journal: the payment on the bKash account.
  await manager.goto(`/admin/accounting?view=journal&loan=${LOAN}`);
  await expect(manager.locator(`[data-testid=journal-line][data-kind=repayment][data-account=bkash][data-amount="${amount}"]`).first()).toBeVisible();

  // A wrong settlement is undone by two people: the account manager asks, an admin approves.
  dialog = await openPayment(manager, firstUnpaid.id, "paid");
  await dialog.getByTestId("tab-history").click();
  const row = dialog.locator(`[data-reversal-for="${paymentNumber}"]`);
  await row.getByTestId("ask-reversal").click();
  await row.getByRole("textbox").fill("পরীক্ষার আগাম পরিশোধ: টাকাটি এখনো আসেনি");
  await row.getByTestId("request-reversal-submit").click();
  await expect(row.getByTestId("pending-reversal")).toBeVisible();
  await manager.context().close();

  const admin = await staffPage(browser, "admin", { width: 360, language: "bn" });
  dialog = await openPayment(admin, firstUnpaid.id, "paid");
  await dialog.getByTestId("tab-history").click();
  await dialog.locator(`[data-reversal-for="${paymentNumber}"]`).getByTestId("approve-reversal").click();
  await expect(dialog.locator(`[data-payment-number="${paymentNumber}"]`)).toContainText("বাতিল করা হয়েছে");
  await admin.context().close();

  expect(await loanStatus()).toBe("disbursed");
  const after = await instalments();
  // Amounts, paid and fees exactly as before (states are today's, as the reversal computes them).
  const amounts = (rows: typeof before) => rows.map((i) => [i.emiNumber, i.emiAmount, i.interestAmount, i.paidAmount, i.lateFee]);
  expect(amounts(after)).toEqual(amounts(before));
});

test("English at 360 px: the settlement's figures for today, and a prepayment on a loan in arrears refused with the reason", async ({ browser }) => {
  test.setTimeout(90_000);
  const firstUnpaid = (await instalments()).find((i) => i.status !== "paid")!;
  const manager = await staffPage(browser, "account_manager", { width: 360, language: "en" });
  const dialog = await openPayment(manager, firstUnpaid.id);

  await dialog.getByTestId("settle-loan").click();
  const settle = manager.getByTestId("settle-dialog");
  await expect(settle.getByTestId("settlement-figures")).toContainText("Interest to this date");
  await expect(settle.getByTestId("settlement-total")).toHaveAttribute("data-amount", /^\d+$/);
  await manager.mouse.move(0, 0);
  expect(await seriousAxeViolations(manager)).toEqual([]);
  await manager.screenshot({ path: test.info().outputPath("settlement-en-360.png"), fullPage: true });
  await manager.keyboard.press("Escape");

  await dialog.getByTestId("prepay-loan").click();
  const prepay = manager.getByTestId("prepay-dialog");
  await expect(prepay.getByTestId("prepayment-mode")).toContainText("This product");
  await prepay.locator("input[id$=-amount]").fill("৫,০০০");
  await prepay.getByTestId("confirm-prepayment").click();
  await expect(prepay.getByRole("alert").first()).toContainText("Instalments due by this date are unpaid");
  expect(await loanStatus()).toBe("disbursed");
  await manager.mouse.move(0, 0);
  expect(await seriousAxeViolations(manager)).toEqual([]);
  await noSidewaysScroll(manager, 360);
  await manager.screenshot({ path: test.info().outputPath("prepayment-refused-en-360.png"), fullPage: true });
  await manager.context().close();
});
