/**
 * Issue 41, point 6 in a real browser (decision 0259): the super admin gives an office weekly days off of its own on
 * the offices screen and a local holiday on the holiday calendar, in Bengali at 360 px and in English at 1280 px, axe
 * finding nothing serious. The office is an area made for the test with no branch under it, so the main branch's
 * calendar, which the other tests' schedules follow, stays the lender's.
 */
import { expect, test } from "@playwright/test";
import { dhakaToday, formatCalendarDate } from "../../lib/format";
import { addCalendarDays } from "../../lib/repayments/schedule";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

for (const screen of [{ width: 360, language: "bn" }, { width: 1280, language: "en" }] as const) {
  test(`${screen.language} at ${screen.width} px: an area works on Saturday and keeps a local holiday of its own`, async ({ browser }) => {
    const bn = screen.language === "bn";
    const code = `DO${bn ? "1" : "2"}${String(Date.now()).slice(-5)}`;
    await dbQuery(
      `INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
       VALUES ($1, $2, 'দিনাজপুর এরিয়া', 'Dinajpur area', 'area', 'office-head', CURRENT_DATE, now())`,
      [`e2e-days-off-${code}`, code],
    );
    const page = await staffPage(browser, "super_admin", screen);

    // Weekly days off of its own: Friday only.
    await page.goto("/admin/settings/offices");
    const row = page.locator(`[data-testid=office-row][data-code="${code}"]`);
    await row.getByTestId("office-edit").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("group", { name: bn ? "সাপ্তাহিক ছুটির দিন" : "Weekly days off" })).toBeVisible();
    for (const day of ["0", "1", "2", "3", "4", "5", "6"]) await dialog.getByTestId(`office-day-off-${day}`).check();
    await dialog.getByRole("button", { name: bn ? "সংরক্ষণ" : "Save" }).click();
    await expect(dialog.getByText(bn ? "সপ্তাহে অন্তত একটি কর্মদিবস রাখুন।" : "Keep at least one working day a week.")).toBeVisible();
    for (const day of ["0", "1", "2", "3", "4", "6"]) await dialog.getByTestId(`office-day-off-${day}`).uncheck();
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: bn ? "সংরক্ষণ" : "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await dbQuery<{ days: number[] }>(`SELECT "weeklyDaysOff" AS "days" FROM "Office" WHERE "code" = $1`, [code]))[0]?.days)
      .toEqual([5]);
    // The row says so once the page has its new data; the dialog then opens with Friday ticked.
    await expect(row.getByTestId("office-days-off")).toHaveText(bn ? "সাপ্তাহিক ছুটি: শুক্রবার" : "Weekly days off: Friday");
    await row.getByTestId("office-edit").click();
    await expect(page.getByRole("dialog").getByTestId("office-day-off-5")).toBeChecked();
    await expect(page.getByRole("dialog").getByTestId("office-day-off-6")).not.toBeChecked();
    await page.keyboard.press("Escape");

    // A local holiday of the area on the holiday calendar, listed with whose it is.
    const day = addCalendarDays(dhakaToday(), bn ? 61 : 62);
    await page.goto(`/admin/settings/calendar?year=${day.slice(0, 4)}`);
    const form = page.getByTestId("holiday-add-form");
    await form.locator("#holiday-date").fill(day);
    await form.locator("#holiday-office").selectOption({ label: `${code} · ${bn ? "দিনাজপুর এরিয়া" : "Dinajpur area"}` });
    await form.locator("#holiday-name-bn").fill("স্থানীয় মেলা");
    await form.locator("#holiday-name-en").fill("Local fair");
    await form.locator("button[type=submit]").click();
    const listed = page.locator(`[data-testid=holiday-row][data-date="${day}"][data-office="${code}"]`);
    await expect(listed).toContainText(bn ? "স্থানীয় মেলা" : "Local fair");
    await expect(listed).toContainText(formatCalendarDate(day, screen.language));
    await expect(listed).toContainText(code);
    const [saved] = await dbQuery<{ n: string }>(`SELECT count(*)::text AS "n" FROM "OfficeHoliday" h JOIN "Office" o ON o."id" = h."officeId" WHERE o."code" = $1`, [code]);
    expect(saved?.n).toBe("1");
    await page.mouse.move(0, 0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (screen.width < 600) await noSidewaysScroll(page, screen.width);
    await page.screenshot({ path: test.info().outputPath(`branch-days-off-${screen.language}-${screen.width}.png`), fullPage: true });
    await page.context().close();
  });
}
