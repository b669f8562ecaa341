/**
 * The society tool's prototype behaviour behind PROTOTYPE_COMPAT: the demo society opens without sign-in,
 * the shared password (checked on the server) raises the session to admin with Enter, a wrong one says
 * "Wrong password", and logout drops back to a visitor.
 */
import { expect, test } from "@playwright/test";
import { useEnglish } from "./support";

test("demo society without sign-in; shared admin password; logout", async ({ page }) => {
  await useEnglish(page);
  await page.goto("/society-manager");
  await page.getByTestId("open-demo-society").click();
  await expect(page.getByTestId("society-name")).toHaveText("আদর্শ সঞ্চয় সমিতি");
  await expect(page.getByTestId("admin-badge")).toHaveCount(0);

  await page.getByTestId("tab-members").click();
  await page.getByTestId("delete-member").first().click();
  await expect(page.getByTestId("admin-only-message")).toHaveText("Only admin can delete data");
  await page.keyboard.press("Escape");

  await page.getByTestId("society-admin-login").click();
  await page.locator("#society-admin-password").fill("not-the-password");
  await page.locator("#society-admin-password").press("Enter");
  await expect(page.getByTestId("action-error")).toHaveText("Wrong password");
  await page.locator("#society-admin-password").fill("e2e-society-password");
  await page.locator("#society-admin-password").press("Enter");
  await expect(page.getByTestId("admin-badge")).toBeVisible();
  // The password never reaches the browser.
  expect(await page.content()).not.toContain("e2e-society-password");

  await page.getByTestId("society-logout").click();
  await expect(page.getByTestId("admin-badge")).toHaveCount(0);
  await expect(page.getByTestId("society-admin-login")).toBeVisible();
});

test("the field app's guide opens without sign-in too, with a button to the demo society's field screen", async ({ page }) => {
  await useEnglish(page);
  await page.goto("/society-manager");
  await page.getByTestId("field-guide-link").click();
  await expect(page.getByTestId("field-guide")).toBeVisible();
  await expect(page.getByTestId("field-guide-open-field")).toHaveCount(1);
  await expect(page.getByTestId("field-guide-open-field")).toContainText("আদর্শ সঞ্চয় সমিতি");
});
