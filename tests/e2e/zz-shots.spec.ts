import { test } from "@playwright/test";
import { sessionCookieFor } from "./staff";
import { dbQuery } from "./support";

for (const language of ["bn", "en"] as const) {
  for (const width of [360, 1280]) {
    test(`shots ${language} ${width}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await sessionCookieFor(context, "society_manager");
      await context.addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
      const page = await context.newPage();
      const [society] = await dbQuery<{ id: string }>(`SELECT "id" FROM "Society" WHERE "registrationNumber" = 'DHK-COOP-2019-0417'`);
      await page.goto(`/society-manager/${society!.id}?tab=members&q=${encodeURIComponent("নাসিমা")}`);
      await page.getByTestId("view-profile").first().click();
      await page.getByTestId("member-loan").waitFor();
      await page.screenshot({ path: `/tmp/shots/loan-${language}-${width}.png`, fullPage: false });
      await page.getByText(language === "bn" ? "কিস্তির তালিকা" : "Schedule").click();
      await page.getByTestId("member-loan").screenshot({ path: `/tmp/shots/loan-schedule-${language}-${width}.png` });
      await page.keyboard.press("Escape");
      await page.goto(`/society-manager/${society!.id}?tab=members&q=${encodeURIComponent("শিরিনা")}`);
      await page.getByTestId("view-profile").first().click();
      await page.getByTestId("member-loan-form").locator('input[name="principal"]').fill("5000");
      await page.getByTestId("member-loan-form").locator('input[name="ratePercent"]').fill("12");
      await page.getByTestId("member-loan-form").locator('input[name="instalmentCount"]').fill("20");
      await page.getByTestId("member-loan-form").screenshot({ path: `/tmp/shots/loan-form-${language}-${width}.png` });
      await page.goto(`/society-manager/${society!.id}?tab=books&account=1000`);
      await page.screenshot({ path: `/tmp/shots/ledger-${language}-${width}.png`, fullPage: true });
      await context.close();
    });
  }
}
