/**
 * Issue 41, point 6 (decision 0257), on the demo data: the area manager (area A0001: branches B0001 and B0002) switches the
 * back office between all her branches (consolidated) and one branch, and back; the choice holds across pages.
 * A branch's own manager has no picker. English at 1280 px (sidebar), Bengali at 360 px (the menu drawer).
 */
import { expect, test, type Page } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { noSidewaysScroll } from "./support";
import { staffPage } from "./staff-page";

type Screen = { width: number; language: "bn" | "en"; consolidated: string; branch: string };


/** The picker as the person reaches it: in the sidebar, or in the menu drawer on a phone. */
async function picker(page: Page, screen: Screen) {
  if (screen.width < 600) {
    await page.getByTestId("admin-menu-button").click();
    return page.getByRole("dialog").getByTestId("branch-picker").locator("select");
  }
  return page.locator("aside").getByTestId("branch-picker").locator("select");
}

for (const screen of [
  { width: 1280, language: "en", consolidated: "All branches (consolidated)", branch: "B0001 · Main branch" },
  { width: 360, language: "bn", consolidated: "সব শাখা (একত্রে)", branch: "B0001 · প্রধান শাখা" },
] as const satisfies readonly Screen[]) {
  test(`${screen.language} at ${screen.width} px: the area manager switches between her branches together and one branch`, async ({ browser }) => {
    const page = await staffPage(browser, "area_manager", screen);
    await page.goto("/admin/dashboard");
    let select = await picker(page, screen);
    await expect(select).toHaveValue("");
    await expect(select.locator("option:checked")).toHaveText(screen.consolidated);
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await select.selectOption({ label: screen.branch });
    await expect(select).toHaveValue("office-main-branch");
    await expect(select).toBeEnabled();
    // The choice holds on the next page.
    await page.goto("/admin/loans");
    select = await picker(page, screen);
    await expect(select).toHaveValue("office-main-branch");
    if (screen.width === 360) await noSidewaysScroll(page, 360);
    await page.screenshot({ path: test.info().outputPath(`branch-picker-${screen.language}-${screen.width}.png`), fullPage: true });

    await select.selectOption("");
    await expect(select).toHaveValue("");
    await expect(select).toBeEnabled();
    await page.reload();
    await expect(await picker(page, screen)).toHaveValue("");
    await page.context().close();
  });
}

test("a branch's own manager has no branch picker", async ({ browser }) => {
  const page = await staffPage(browser, "branch_manager", { width: 1280, language: "en" });
  await page.goto("/admin/dashboard");
  await expect(page.getByTestId("staff-name").first()).toBeVisible();
  await expect(page.getByTestId("branch-picker")).toHaveCount(0);
  await page.context().close();
});
