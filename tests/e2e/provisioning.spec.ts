/**
 * The month-end classification and provisioning (issue 50, point 3; decision 0265), as the head office's admin runs it
 * at 360 px in Bengali: the rules, the demo's run two months back, last month run from the button once (a second press
 * is told it has run), its report with no shortfall, and the trial balance still agreeing. In English at 1280 px an
 * account manager reads the report and has no button.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

function monthEndsAgo(months: number): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date()).split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - months, 0)).toISOString().slice(0, 10);
}

test("Bengali at 360 px: an admin runs last month's classification and provisioning once; each branch's reserve is what it requires", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await staffPage(browser, "admin", { width: 360, language: "bn" });
  await page.goto("/admin/accounting?view=provisioning");
  await expect(page.getByTestId("provisioning-rules").locator("[data-category]")).toHaveCount(5);
  await expect(page.getByTestId("provisioning-rules").locator("[data-category=watchful]")).toContainText("১–৩০ দিন");
  await expect(page.getByTestId("provisioning-runs")).toBeVisible();
  const lastMonth = monthEndsAgo(1);
  const form = page.getByTestId("run-provisioning-form");
  await expect(form.locator("select")).toHaveValue(lastMonth);
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await form.getByTestId("run-provisioning-submit").click();
  await expect(page).toHaveURL(new RegExp(`run=${lastMonth}`));
  await expect(page.getByTestId("provisioning-branch").first()).toBeVisible();
  for (const branch of await page.getByTestId("provisioning-branch").all()) {
    await expect(branch).toHaveAttribute("data-shortfall", "0");
    expect(await branch.getAttribute("data-kept")).toBe(await branch.getAttribute("data-required"));
  }
  // The month is run: the form offers no month before it again.
  await expect(page.getByTestId("run-provisioning-form")).toHaveCount(0);
  const [run] = await dbQuery<{ loans: string }>(`SELECT count(*) AS "loans" FROM "LoanClassification" c JOIN "ProvisioningRun" r ON r."id" = c."runId" WHERE r."asOf" = $1::date`, [lastMonth]);
  expect(Number(run!.loans)).toBeGreaterThan(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("provisioning-bn-360.png"), fullPage: true });

  await page.goto("/admin/accounting");
  await expect(page.getByTestId("trial-balance-agrees")).toHaveAttribute("data-balanced", "true");
  await expect(page.locator("[data-testid=trial-balance-row][data-kind=loan_loss_reserve]")).not.toHaveAttribute("data-credit", "0");
  await page.context().close();
});

test("English at 1280 px: an account manager reads the demo's provisioning report and cannot run one", async ({ browser }) => {
  const page = await staffPage(browser, "account_manager", { width: 1280, language: "en" });
  await page.goto(`/admin/accounting?view=provisioning&run=${monthEndsAgo(2)}`);
  await expect(page.getByRole("heading", { level: 2, name: /Classification and provisioning on/ })).toBeVisible();
  await expect(page.getByTestId("provisioning-branch").first()).toContainText("Provision required");
  await expect(page.getByTestId("run-provisioning-form")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("provisioning-en-1280.png"), fullPage: true });
  await page.context().close();
});
