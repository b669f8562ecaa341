/**
 * Issue 41, decision 0256, on the demo data: the branch manager (main branch, approval limit ৳2,00,000) sees her
 * office's limit in the approval dialog, and a loan above it is refused with that limit, changing nothing; the
 * offices screen lists each office's limit. English at 1280 px, Bengali at 360 px.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { seriousAxeViolations, withAxe } from "./field-support";
import { dbQuery, noSidewaysScroll } from "./support";
import { sessionCookieFor } from "./staff";

type Screen = { width: number; language: "bn" | "en" };

const LOAN = "LN-000107"; // Nusrat's salary loan, ৳2,50,000 requested, under review in the demo data

async function branchManager(browser: Browser, screen: Screen): Promise<Page> {
  const mobile = screen.width < 600;
  const context = await browser.newContext({ viewport: { width: screen.width, height: mobile ? 740 : 900 }, isMobile: mobile, hasTouch: mobile });
  await withAxe(context);
  await sessionCookieFor(context, "branch_manager");
  await context.addCookies([{ name: "NEXT_LOCALE", value: screen.language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

const loanState = async () => (await dbQuery<{ status: string; approvedAmount: number | null }>(`SELECT "status", "approvedAmount" FROM "Loan" WHERE "loanNumber" = $1`, [LOAN]))[0];

for (const screen of [
  { width: 1280, language: "en", limit: "Your office's approval limit: ৳2,00,000.", refused: "above your office's approval limit" },
  { width: 360, language: "bn", limit: "আপনার কার্যালয়ের অনুমোদন সীমা: ৳২,০০,০০০।", refused: "অনুমোদন সীমার বেশি" },
] as const) {
  test(`${screen.language} at ${screen.width} px: the branch manager sees her limit, and a loan above it is refused with it`, async ({ browser }) => {
    const before = await loanState();
    expect(before).toEqual({ status: "under_review", approvedAmount: null });
    const page = await branchManager(browser, screen);
    await page.goto(`/admin/loans?q=${LOAN}`);
    const row = page.locator(`[data-testid=loan-row][data-loan-number="${LOAN}"]`);
    await row.getByTestId("approve-loan").click();
    const dialog = page.getByTestId("approve-loan-dialog");
    await expect(dialog.getByTestId("approve-limit")).toContainText(screen.limit);
    await page.getByTestId("confirm-approve").click();
    const refusal = dialog.getByTestId("action-error");
    await expect(refusal).toHaveAttribute("data-reason", "aboveApprovalLimit");
    await expect(refusal).toContainText(screen.refused);
    expect(await loanState()).toEqual(before);
    if (screen.width === 360) await noSidewaysScroll(page, 360);
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`approval-limit-${screen.language}-${screen.width}.png`), fullPage: true });
    await page.context().close();
  });
}

test("the offices screen lists each office's approval limit", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await sessionCookieFor(context, "super_admin");
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await page.goto("/admin/settings/offices");
  const limitOf = (code: string) => page.locator(`[data-testid=office-row][data-code="${code}"]`).getByTestId("office-approval-limit");
  await expect(limitOf("HO")).toHaveText("No limit");
  await expect(limitOf("A0001")).toHaveText("৳5,00,000");
  await expect(limitOf("B0001")).toHaveText("৳2,00,000");
  await context.close();
});
