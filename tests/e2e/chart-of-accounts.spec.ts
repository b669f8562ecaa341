/**
 * The lender's chart of accounts (issue 50, points 1 and 8; decision 0269): at 360 px in Bengali the super admin adds a
 * sub-account (Bengali digits in its code), names an account and points a product's loans at the sub-account, then
 * back; in English at 1280 px an account manager reads the chart and the products' accounts, with no forms.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

const CODE = `12${String(Date.now()).slice(-4)}`;
const bnDigits = (ascii: string) => ascii.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);

test("Bengali at 360 px: the super admin adds a sub-account, names an account and sets a product's accounts", async ({ browser }) => {
  test.setTimeout(90_000);
  const page = await staffPage(browser, "super_admin", { width: 360, language: "bn" });
  await page.goto("/admin/accounting?view=accounts");
  await expect(page.locator("[data-testid=chart-account][data-code='1200']")).toBeVisible();

  const add = page.getByTestId("add-sub-account-form");
  await add.locator("#sub-account-parent").selectOption("1200");
  await add.getByTestId("add-sub-account-submit").click();
  await expect(add.getByRole("alert").first()).toBeVisible();
  await add.locator("#sub-account-code").fill(bnDigits(CODE));
  await add.locator("#sub-account-bn").fill("তাৎক্ষণিক ঋণ পোর্টফোলিও");
  await add.locator("#sub-account-en").fill("Instant loans portfolio");
  await add.getByTestId("add-sub-account-submit").click();
  const row = page.locator(`[data-testid=chart-account][data-code='${CODE}']`);
  await expect(row).toHaveAttribute("data-parent", "1200");
  await expect(row).toHaveAttribute("data-kind", "loan_portfolio");
  await expect(row).toContainText("তাৎক্ষণিক ঋণ পোর্টফোলিও");

  const rename = page.getByTestId("rename-account-form");
  await rename.locator("#rename-account-code").selectOption("1100");
  await rename.locator("#rename-account-bn").fill("সোনালী ব্যাংক");
  await rename.locator("#rename-account-en").fill("Sonali Bank");
  await rename.getByTestId("rename-account-submit").click();
  await expect(page.locator("[data-testid=chart-account][data-code='1100']")).toContainText("সোনালী ব্যাংক");

  const product = page.locator("[data-testid=product-accounts-form][data-product=instant]");
  await product.getByTestId("product-portfolio").selectOption(CODE);
  await product.getByTestId("product-accounts-submit").click();
  await expect(page.locator("[data-testid=chart-product][data-product=instant]")).toHaveAttribute("data-portfolio", CODE);
  const [mapped] = await dbQuery<{ code: string }>(`SELECT a."code" FROM "LoanProduct" p JOIN "LenderAccount" a ON a."id" = p."portfolioAccountId" WHERE p."key" = 'instant'`);
  expect(mapped).toEqual({ code: CODE });
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("chart-of-accounts-bn-360.png"), fullPage: true });

  // Back to the kind's own accounts and names (other browser tests read the demo's).
  await product.getByTestId("product-portfolio").selectOption("");
  await product.getByTestId("product-accounts-submit").click();
  await expect(page.locator("[data-testid=chart-product][data-product=instant]")).toHaveAttribute("data-portfolio", "");
  await rename.locator("#rename-account-code").selectOption("1100");
  await rename.locator("#rename-account-bn").fill("");
  await rename.locator("#rename-account-en").fill("");
  await rename.getByTestId("rename-account-submit").click();
  await expect(page.locator("[data-testid=chart-account][data-code='1100']")).not.toContainText("সোনালী");
  await page.context().close();
});

test("English at 1280 px: an account manager reads the chart of accounts and the products' accounts, and changes nothing", async ({ browser }) => {
  const page = await staffPage(browser, "account_manager", { width: 1280, language: "en" });
  await page.goto("/admin/accounting?view=accounts");
  await expect(page.getByRole("heading", { level: 2, name: "Chart of accounts" })).toBeVisible();
  await expect(page.locator("[data-testid=chart-account][data-code='4000']")).toContainText("Interest income");
  await expect(page.getByTestId("chart-product")).toHaveCount(4);
  await expect(page.getByTestId("add-sub-account-form")).toHaveCount(0);
  await expect(page.getByTestId("product-accounts-form")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("chart-of-accounts-en-1280.png"), fullPage: true });
  await page.context().close();
});
