/**
 * A payment recorded against the wrong loan is reversed by two people (issue 50, point 6; decision 0264): at 360 px in
 * Bengali, an account manager asks with a reason from the loan's payment history, cannot approve her own request, and
 * an admin approves it; the payment reads "reversed", its instalment owes again what it owed, and the journal shows the
 * reversal.
 */
import { expect, test, type Page } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

const LOAN = "LN-000102"; // Fatema's running loan in the demo

async function firstUnpaid() {
  const [row] = await dbQuery<{ id: string; paidAmount: number; status: string }>(
    `SELECT i."id", i."paidAmount", i."status"::text AS "status" FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId" WHERE l."loanNumber" = $1 AND i."status" <> 'paid' ORDER BY i."emiNumber" LIMIT 1`,
    [LOAN],
  );
  return row!;
}

async function openHistory(page: Page, installmentId: string) {
  await page.goto(`/admin/repayments?tab=overdue&q=${LOAN}&view=${installmentId}`);
  const dialog = page.getByTestId("repayment-dialog");
  await dialog.getByTestId("tab-history").click();
  return dialog;
}

test("Bengali at 360 px: a wrong payment is asked to be reversed by one person and reversed by another; the books show it", async ({ browser }) => {
  test.setTimeout(120_000);
  const before = await firstUnpaid();

  // The wrong payment: ৳500 in cash, recorded on this loan by a collection agent.
  const agent = await staffPage(browser, "collection_agent", { width: 360, language: "bn" });
  await agent.goto(`/admin/repayments?tab=overdue&q=${LOAN}&view=${before.id}`);
  await agent.getByTestId("repayment-dialog").getByTestId("record-payment").click();
  const record = agent.getByTestId("record-payment-dialog");
  await record.locator("input[id^=record-amount]").fill("500");
  await record.locator("select[id^=record-method]").selectOption("cash");
  await record.getByTestId("confirm-payment").click();
  await expect(record.getByTestId("payment-recorded")).toContainText("PAY-");
  const paymentNumber = (await record.getByTestId("payment-recorded").textContent())!.match(/PAY-\d+/)![0];
  await agent.context().close();

  const maker = await staffPage(browser, "account_manager", { width: 360, language: "bn" });
  let dialog = await openHistory(maker, before.id);
  const row = dialog.locator(`[data-reversal-for="${paymentNumber}"]`);
  await row.getByTestId("ask-reversal").click();
  await row.getByTestId("request-reversal-submit").click();
  await expect(row.getByRole("alert").first()).toContainText("আবশ্যক");
  await row.getByRole("textbox").fill("ভুল ঋণে লেখা হয়েছে: টাকাটি অন্য সদস্যের");
  await row.getByTestId("request-reversal-submit").click();
  await expect(row.getByTestId("pending-reversal")).toContainText("ভুল ঋণে লেখা হয়েছে");
  // Her own request: no buttons to decide it.
  await expect(row.getByTestId("approve-reversal")).toHaveCount(0);
  await expect(row.getByTestId("pending-reversal")).toContainText("অন্য একজন অনুমোদন");
  await maker.context().close();

  const checker = await staffPage(browser, "admin", { width: 360, language: "bn" });
  dialog = await openHistory(checker, before.id);
  const pending = dialog.locator(`[data-reversal-for="${paymentNumber}"]`);
  await expect(pending.getByTestId("pending-reversal")).toContainText("ভুল ঋণে লেখা হয়েছে");
  await expect(dialog.locator("button:disabled")).toHaveCount(0);
  await checker.mouse.move(0, 0);
  expect(await seriousAxeViolations(checker)).toEqual([]);
  await noSidewaysScroll(checker, 360);
  await checker.screenshot({ path: test.info().outputPath("reversal-pending-bn-360.png"), fullPage: true });
  await pending.getByTestId("approve-reversal").click();
  await expect(dialog.locator(`[data-payment-number="${paymentNumber}"]`)).toContainText("বাতিল করা হয়েছে");
  await expect(dialog.locator(`[data-payment-number="${paymentNumber}"]`).getByTestId("payment-receipt-pdf")).toHaveCount(0);

  const after = await firstUnpaid();
  expect(after).toEqual(before);
  const [payment] = await dbQuery<{ status: string }>(`SELECT "status"::text AS "status" FROM "LoanPayment" WHERE "paymentNumber" = $1`, [paymentNumber]);
  expect(payment!.status).toBe("reversed");

  // The journal: the payment's entry and its reversal, the other way round.
  await checker.goto(`/admin/accounting?view=journal&loan=${LOAN}`);
  await expect(checker.locator("[data-testid=journal-line][data-kind=reversal][data-account=cash_in_hand]")).toHaveAttribute("data-amount", "-500");
  await expect(checker.getByTestId("journal")).toContainText("বাতিল এন্ট্রি");
  expect(await seriousAxeViolations(checker)).toEqual([]);
  await noSidewaysScroll(checker, 360);
  await checker.context().close();
});
