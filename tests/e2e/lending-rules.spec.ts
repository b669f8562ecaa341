/**
 * The regulator's rules on screen (issue 26), in Bengali at 360 px and in English at 1280 px: the super admin adds a
 * government holiday on the holiday calendar, the account manager disburses an approved loan with its first
 * instalment on that day (the dialog shows the earliest date the rules allow), the schedule moves it to the next
 * working day, and the borrower's schedule on /status shows the moved date and the rate with its effective yearly rate.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { dhakaToday, formatCalendarDate, formatPercent } from "../../lib/format";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { earliestFirstScheduledDate, nextWorkingDay } from "../../lib/loans/calendar";
import { effectiveAnnualRate } from "../../lib/loans/rates";
import { addCalendarDays } from "../../lib/repayments/schedule";
import { dbQuery, noSidewaysScroll } from "./support";
import { sessionCookieFor } from "./staff";

type Screen = { width: number; language: "bn" | "en" };

async function pageAs(browser: Browser, role: StaffRole | null, screen: Screen): Promise<Page> {
  const mobile = screen.width < 600;
  const context = await browser.newContext({ viewport: { width: screen.width, height: mobile ? 740 : 900 }, isMobile: mobile, hasTouch: mobile });
  if (role) await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: screen.language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

/**
 * An approved loan of its own for each test: a copy of the demo's approved loan (Shirin's, approved by the loan
 * officer) with an application of its own, so that /status finds it by its reference and phone.
 */
async function approvedLoanCopy(suffix: string): Promise<{ loanNumber: string; applicationId: string; phone: string }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const loanNumber = `LN-0009${suffix}`;
    const applicationId = `LB17956847363${suffix}00`;
    await client.query("BEGIN");
    await client.query(`CREATE TEMP TABLE a ON COMMIT DROP AS SELECT * FROM "LoanApplication" WHERE "id" = (SELECT "applicationId" FROM "Loan" WHERE "loanNumber" = 'LN-000104')`);
    await client.query(`UPDATE a SET "id" = $1, "applicationId" = $2, "idempotencyKey" = NULL, "nidImageId" = NULL`, [`e2e-mra-app-${suffix}`, applicationId]);
    await client.query(`INSERT INTO "LoanApplication" SELECT * FROM a`);
    await client.query(`CREATE TEMP TABLE l ON COMMIT DROP AS SELECT * FROM "Loan" WHERE "loanNumber" = 'LN-000104'`);
    await client.query(`UPDATE l SET "id" = $1, "loanNumber" = $2, "applicationId" = $3, "status" = 'approved'`, [`e2e-mra-loan-${suffix}`, loanNumber, `e2e-mra-app-${suffix}`]);
    await client.query(`INSERT INTO "Loan" SELECT * FROM l`);
    const { rows } = await client.query<{ phone: string }>(`SELECT "phone" FROM a`);
    await client.query("COMMIT");
    return { loanNumber, applicationId, phone: rows[0]!.phone };
  } finally {
    await client.end();
  }
}

for (const screen of [{ width: 360, language: "bn" }, { width: 1280, language: "en" }] as const) {
  test(`${screen.language} at ${screen.width} px: a holiday added, a loan disbursed over it, the moved date on the borrower's schedule`, async ({ browser }) => {
    test.setTimeout(90_000);
    const suffix = screen.language === "bn" ? "71" : "72";
    const loan = await approvedLoanCopy(suffix);
    // A working day at least the rules' earliest first date away, different for each language's test, that is not
    // already a holiday (the demo calendar has the fixed government holidays).
    const known = new Set((await dbQuery<{ date: string }>(`SELECT to_char("date", 'YYYY-MM-DD') AS "date" FROM "Holiday"`)).map((r) => r.date));
    const calendar = { weekly: [5, 6], holidays: known };
    const holiday = nextWorkingDay(addCalendarDays(earliestFirstScheduledDate(dhakaToday(), 15), screen.language === "bn" ? 2 : 9), calendar);
    const holidayName = screen.language === "bn" ? "পরীক্ষার ছুটি" : "Test holiday";

    // The super admin adds the holiday.
    const admin = await pageAs(browser, "super_admin", screen);
    await admin.goto(`/admin/settings/calendar?year=${holiday.slice(0, 4)}`);
    await expect(admin.getByTestId("lending-rules")).toContainText(screen.language === "bn" ? "২৪%" : "24%");
    const form = admin.getByTestId("holiday-add-form");
    await form.locator("#holiday-date").fill(holiday);
    await form.locator("#holiday-name-bn").fill("পরীক্ষার ছুটি");
    await form.locator("#holiday-name-en").fill("Test holiday");
    await form.locator("button[type=submit]").click();
    await expect(admin.locator(`[data-testid=holiday-row][data-date="${holiday}"]`)).toContainText(holidayName);
    if (screen.width < 600) await noSidewaysScroll(admin, screen.width);
    await admin.context().close();

    // The account manager disburses with the first instalment on the holiday.
    const manager = await pageAs(browser, "account_manager", screen);
    await manager.goto(`/admin/loans?tab=approved&q=${loan.loanNumber}`);
    await manager.locator(`[data-testid=loan-row][data-loan-number="${loan.loanNumber}"]`).getByTestId("disburse-loan").click();
    const dialog = manager.getByTestId("disburse-loan-dialog");
    const first = dialog.getByTestId("first-due-date");
    await expect(first).toHaveValue(earliestFirstScheduledDate(dhakaToday(), 15));
    await expect(first).toHaveAttribute("min", earliestFirstScheduledDate(dhakaToday(), 15));
    await dialog.locator("input[id^=disburse-account]").fill("0123456789012");
    await dialog.locator("input[id^=disburse-bank]").fill(screen.language === "bn" ? "সোনালী ব্যাংক" : "Sonali Bank");
    await first.fill(holiday);
    await dialog.getByTestId("confirm-disburse").click();
    await expect(dialog).toBeHidden();
    await manager.context().close();

    const moved = nextWorkingDay(holiday, { weekly: [5, 6], holidays: new Set([...known, holiday]) });
    const [row] = await dbQuery<{ dueDate: string; scheduledDate: string }>(
      `SELECT to_char(i."dueDate", 'YYYY-MM-DD') AS "dueDate", to_char(i."scheduledDate", 'YYYY-MM-DD') AS "scheduledDate"
       FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId" WHERE l."loanNumber" = $1 AND i."emiNumber" = 1`,
      [loan.loanNumber],
    );
    expect(row).toEqual({ dueDate: moved, scheduledDate: holiday });

    // The borrower looks the application up and follows the schedule.
    const borrower = await pageAs(browser, null, screen);
    await borrower.goto("/status");
    await expect(async () => {
      await borrower.getByTestId("status-id").fill(loan.applicationId);
      await borrower.getByTestId("status-phone").fill(loan.phone.replace("+88", ""));
      await borrower.getByTestId("status-submit").click();
      await expect(borrower.getByTestId("status-schedule")).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    const firstInstallment = borrower.getByTestId("status-installment").first();
    await expect(firstInstallment).toHaveAttribute("data-due", moved);
    await expect(firstInstallment).toContainText(formatCalendarDate(moved, screen.language));
    await expect(firstInstallment.getByTestId("status-installment-moved")).toContainText(formatCalendarDate(holiday, screen.language));
    const [{ rate }] = (await dbQuery<{ rate: string }>(`SELECT "interestRate"::text AS "rate" FROM "Loan" WHERE "loanNumber" = $1`, [loan.loanNumber])) as [{ rate: string }];
    await expect(borrower.getByTestId("status-rate")).toContainText(formatPercent(effectiveAnnualRate(Number(rate)), screen.language));
    if (screen.width < 600) await noSidewaysScroll(borrower, screen.width);
    await borrower.context().close();
  });
}
