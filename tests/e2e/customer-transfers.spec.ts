/**
 * Issue 41, point 5 (decision 0258) in the browser, on the demo data (nothing moves here: the e2e database is shared,
 * and the other specs' demo customers stay in the main branch).
 * The branch manager opens a customer's transfer dialog, is told the customer is in that branch already, and finds
 * the transfers screen; a loan officer has neither. The move itself is tested on PostgreSQL
 * (tests/integration/customer-transfers.test.ts). English at 1280 px, Bengali at 360 px.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { dbQuery, noSidewaysScroll } from "./support";
import { staffPage } from "./staff-page";


for (const screen of [
  { width: 1280, language: "en", branch: "B0001 · Main branch", same: "The customer is in this branch already", empty: "No transfer concerns your branches." },
  { width: 360, language: "bn", branch: "B0001 · প্রধান শাখা", same: "গ্রাহক এই শাখারই", empty: "আপনার শাখাগুলোর কোনো শাখা বদলের অনুরোধ নেই।" },
] as const) {
  test(`${screen.language} at ${screen.width} px: the branch manager's transfer dialog refuses the customer's own branch, and nothing is recorded`, async ({ browser }) => {
    const [customer] = await dbQuery<{ userNumber: string; id: string }>(`SELECT "userNumber", "id" FROM "Customer" WHERE "branchId" = 'office-main-branch' ORDER BY "userNumber" LIMIT 1`);
    const page = await staffPage(browser, "branch_manager", screen);
    await page.goto(`/admin/user-profiles?view=${customer!.userNumber}`);
    await page.getByTestId("request-transfer").click();
    const dialog = page.getByTestId("request-transfer-dialog");
    await dialog.locator("select").selectOption({ label: screen.branch });
    await dialog.locator("textarea").fill(screen.language === "bn" ? "বাসা বদল" : "Moved house");
    await dialog.getByTestId("confirm-request-transfer").click();
    await expect(dialog.getByRole("alert")).toContainText(screen.same);
    expect(await dbQuery(`SELECT 1 FROM "CustomerTransfer" WHERE "customerId" = $1`, [customer!.id])).toEqual([]);
    if (screen.width === 360) await noSidewaysScroll(page, 360);
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`transfer-dialog-${screen.language}-${screen.width}.png`), fullPage: true });

    await page.goto("/admin/transfers");
    await expect(page.getByTestId("transfers-empty")).toHaveText(screen.empty);
    await page.context().close();
  });
}

test("a loan officer can neither request a transfer nor open the transfers screen", async ({ browser }) => {
  const [customer] = await dbQuery<{ userNumber: string }>(`SELECT "userNumber" FROM "Customer" ORDER BY "userNumber" LIMIT 1`);
  const page = await staffPage(browser, "loan_officer", { width: 1280, language: "en" });
  await page.goto(`/admin/user-profiles?view=${customer!.userNumber}`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByTestId("request-transfer")).toHaveCount(0);
  expect((await page.request.get("/admin/transfers", { maxRedirects: 0 })).status()).toBe(403);
  await page.context().close();
});
