/**
 * The month-end classification and provisioning (issue 50, point 3; decision 0265), as the head office's admin runs it
 * at 360 px in Bengali: the rules, the demo's run two months back, last month run from the button once (a second press
 * is told it has run), its report with no shortfall and each branch's interest accrued (decision 0268), and the trial
 * balance still agreeing. In English at 1280 px an
 * account manager reads the report and has no button.
 *
 * Write-off and recovery (issue 50, point 4; decision 0267) follow in this file, after last month's run has classified
 * a loan bad for years (made here before it): at 360 px in Bengali a loan officer proposes it from the loan, an admin
 * of the head office approves it with the board resolution, a collection agent's payment on it is recovery income;
 * in English an account manager reads the register without buttons.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

const OLD_LOAN = `LN-9${String(Date.now()).slice(-5)}`;

/**
 * A loan of the main branch disbursed on 10 June 2022 and never paid (12 instalments of ৳4,666 from July 2022): bad
 * for years by the last 30 June or 31 December, classified by last month's run below. Its borrower is a copy of the
 * demo's first borrower under new numbers. The database posts its disbursement, as for any loan.
 */
test.beforeAll(async () => {
  const suffix = OLD_LOAN.slice(4);
  await dbQuery(
    `WITH src AS (SELECT l.* FROM "Loan" l WHERE l."loanNumber" = 'LN-000101'),
     customer AS (
       INSERT INTO "Customer" SELECT (jsonb_populate_record(NULL::"Customer", to_jsonb(c) || jsonb_build_object(
         'id', 'e2e-old-customer-' || $2, 'userNumber', 'U9' || $2, 'userCode', 'RB-9' || $2, 'nid', '19' || $2 || '00000', 'name', 'Abul Kashem', 'profileImageId', NULL))).*
       FROM "Customer" c WHERE c."id" = (SELECT "customerId" FROM src) RETURNING "id"),
     loan AS (
       INSERT INTO "Loan" SELECT (jsonb_populate_record(NULL::"Loan", to_jsonb(src) || jsonb_build_object(
         'id', 'e2e-old-loan-' || $2, 'loanNumber', $1::text, 'customerId', (SELECT "id" FROM customer), 'applicationId', NULL,
         'requestedAmount', 50000, 'approvedAmount', 50000, 'disbursedAmount', 50000, 'tenure', 12, 'emi', 4666, 'status', 'disbursed',
         'submittedAt', '2022-06-01T04:00:00Z', 'approvedAt', '2022-06-05T04:00:00Z', 'scheduledDisbursementAt', '2022-06-10',
         'disbursedAt', '2022-06-10T05:00:00Z', 'closedAt', NULL, 'disbursementMethod', 'cash'))).*
       FROM src RETURNING "id")
     INSERT INTO "LoanInstallment" ("id", "loanId", "emiNumber", "dueDate", "emiAmount", "principalAmount", "interestAmount", "status")
     SELECT 'e2e-old-inst-' || $2 || '-' || n, (SELECT "id" FROM loan), n, ('2022-06-10'::date + make_interval(months => n))::date,
            CASE WHEN n = 12 THEN 4174 ELSE 4166 END + 500, CASE WHEN n = 12 THEN 4174 ELSE 4166 END, 500, 'overdue'
     FROM generate_series(1, 12) n`,
    [OLD_LOAN, suffix],
  );
});

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
  // The same run accrued the interest performing loans had earned and not paid (decision 0268): each branch's figure is
  // the run's own, and the journal has the accrual on the month's last day.
  const shown = await Promise.all((await page.getByTestId("provisioning-accrued").all()).map(async (row) => Number(await row.getAttribute("data-accrued"))));
  const [accrued] = await dbQuery<{ total: string }>(`SELECT coalesce(sum(c."accruedInterest"), 0) AS "total" FROM "LoanClassification" c JOIN "ProvisioningRun" r ON r."id" = c."runId" WHERE r."asOf" = $1::date`, [lastMonth]);
  expect(Number(accrued!.total)).toBeGreaterThan(0);
  expect(shown.reduce((a, b) => a + b, 0)).toBe(Number(accrued!.total));
  const [entries] = await dbQuery<{ count: string }>(`SELECT count(*) AS "count" FROM "LenderJournalEntry" WHERE "kind" = 'interest_accrual' AND "date" = $1::date`, [lastMonth]);
  expect(Number(entries!.count)).toBe(1);
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

test("Bengali at 360 px: a loan officer proposes a bad loan's write-off, the head office approves it, a payment on it is recovery income", async ({ browser }) => {
  test.setTimeout(120_000);
  const officer = await staffPage(browser, "loan_officer", { width: 360, language: "bn" });
  await officer.goto(`/admin/loans?tab=active&view=${OLD_LOAN}`);
  const box = officer.getByTestId("loan-write-off");
  await box.getByTestId("propose-write-off").click();
  await box.getByTestId("propose-write-off-submit").click();
  await expect(box.getByRole("alert").first()).toContainText("আবশ্যক");
  await box.locator("textarea").fill("২০২২ সালের পর কোনো কিস্তি নেই; গ্রাহককে পাওয়া যাচ্ছে না");
  await box.getByTestId("propose-write-off-submit").click();
  await expect(box.getByTestId("propose-write-off-form")).toHaveCount(0);
  const [proposed] = await dbQuery<{ status: string; amount: number }>(`SELECT w."status"::text AS "status", w."amount" FROM "LoanWriteOff" w JOIN "Loan" l ON l."id" = w."loanId" WHERE l."loanNumber" = $1`, [OLD_LOAN]);
  expect(proposed).toEqual({ status: "proposed", amount: 50_000 });
  await officer.context().close();

  const admin = await staffPage(browser, "admin", { width: 360, language: "bn" });
  await admin.goto("/admin/accounting?view=write-offs");
  await expect(admin.locator(`[data-write-off="${OLD_LOAN}"]`)).toContainText("৳৫০,০০০");
  const row = admin.locator(`[data-write-off-decision="${OLD_LOAN}"]`);
  await admin.mouse.move(0, 0);
  expect(await seriousAxeViolations(admin)).toEqual([]);
  await noSidewaysScroll(admin, 360);
  await admin.screenshot({ path: test.info().outputPath("write-off-proposed-bn-360.png"), fullPage: true });
  await row.getByTestId("approve-write-off").click();
  await expect(row.getByRole("alert").first()).toContainText("আবশ্যক");
  await row.getByRole("textbox").first().fill("বোর্ড সভা ১২/২০২৬, সিদ্ধান্ত ৪");
  await row.getByTestId("approve-write-off").click();
  const registered = admin.locator(`[data-written-off="${OLD_LOAN}"]`);
  await expect(registered).toContainText("বোর্ড সভা ১২/২০২৬");
  const [loan] = await dbQuery<{ status: string }>(`SELECT "status"::text AS "status" FROM "Loan" WHERE "loanNumber" = $1`, [OLD_LOAN]);
  expect(loan!.status).toBe("written_off");
  await admin.goto(`/admin/accounting?view=journal&loan=${OLD_LOAN}&from=2022-01-01`);
  await expect(admin.locator("[data-testid=journal-line][data-kind=write_off][data-account=loan_portfolio]")).toHaveAttribute("data-amount", "-50000");
  await expect(admin.locator("[data-testid=journal-line][data-kind=write_off][data-account=loan_loss_reserve]")).toHaveAttribute("data-amount", "50000");
  await admin.context().close();

  // A payment on it: allocated as any payment, posted as recovery of written-off loans.
  const [first] = await dbQuery<{ id: string }>(`SELECT i."id" FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId" WHERE l."loanNumber" = $1 ORDER BY i."emiNumber" LIMIT 1`, [OLD_LOAN]);
  const agent = await staffPage(browser, "collection_agent", { width: 360, language: "bn" });
  await agent.goto(`/admin/repayments?tab=overdue&q=${OLD_LOAN}&view=${first!.id}`);
  await agent.getByTestId("repayment-dialog").getByTestId("record-payment").click();
  const record = agent.getByTestId("record-payment-dialog");
  await record.locator("input[id^=record-amount]").fill("২০০০");
  await record.locator("select[id^=record-method]").selectOption("bkash");
  await record.locator("input[id^=record-reference]").fill(`RECOVERY${Date.now()}`);
  await record.getByTestId("confirm-payment").click();
  await expect(record.getByTestId("payment-recorded")).toContainText("PAY-");
  await agent.context().close();

  const reader = await staffPage(browser, "admin", { width: 360, language: "bn" });
  await reader.goto(`/admin/accounting?view=journal&loan=${OLD_LOAN}`);
  await expect(reader.locator("[data-testid=journal-line][data-kind=recovery][data-account=recovery_income]")).toHaveAttribute("data-amount", "-2000");
  await expect(reader.locator("[data-testid=journal-line][data-kind=recovery][data-account=bkash]")).toHaveAttribute("data-amount", "2000");
  await reader.goto("/admin/accounting?view=write-offs");
  await expect(reader.locator(`[data-written-off="${OLD_LOAN}"]`)).toHaveAttribute("data-recovered", "2000");
  // The statements: the recovery is this month's income; the balance sheet balances.
  await reader.goto("/admin/accounting?view=statements");
  await expect(reader.locator("[data-testid=income-line][data-kind=recovery_income]")).toHaveAttribute("data-amount", "2000");
  await expect(reader.getByTestId("balance-sheet-agrees")).toHaveAttribute("data-balanced", "true");
  await reader.mouse.move(0, 0);
  expect(await seriousAxeViolations(reader)).toEqual([]);
  await noSidewaysScroll(reader, 360);
  await reader.screenshot({ path: test.info().outputPath("statements-bn-360.png"), fullPage: true });
  await reader.context().close();
});

test("English at 360 px: an account manager reads the register of written-off loans and decides nothing, and the statements", async ({ browser }) => {
  const page = await staffPage(browser, "account_manager", { width: 360, language: "en" });
  await page.goto("/admin/accounting?view=write-offs");
  await expect(page.getByTestId("write-offs")).toContainText("Register of written-off loans");
  await expect(page.getByTestId("approve-write-off")).toHaveCount(0);
  await expect(page.getByTestId("propose-write-off")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("write-offs-en-360.png"), fullPage: true });
  await page.goto("/admin/accounting?view=statements&from=2022-01-01");
  await expect(page.getByTestId("statements")).toContainText("Balance sheet on");
  await expect(page.getByTestId("balance-sheet-agrees")).toHaveAttribute("data-balanced", "true");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("statements-en-360.png"), fullPage: true });
  await page.context().close();
});

test("English at 360 px: the super admin finds the categories and rates editable, and a rate above 100% refused", async ({ browser }) => {
  const page = await staffPage(browser, "super_admin", { width: 360, language: "en" });
  await page.goto("/admin/accounting?view=provisioning");
  const form = page.getByTestId("provisioning-rules-form");
  await expect(form.locator("#provisioning-watchfulTo")).toHaveValue("30");
  await expect(form.locator("#provisioning-bad")).toHaveValue("100");
  // The base (configuration, decision 0265): the principal outstanding unless set otherwise.
  await expect(page.getByTestId("provisioning-base")).toHaveAttribute("data-base", "principal");
  await expect(form.locator("#provisioning-base")).toHaveValue("principal");
  await form.locator("#provisioning-bad").fill("120");
  await form.getByTestId("provisioning-rules-submit").click();
  await expect(form.getByRole("alert").first()).toContainText("0 to 100");
  const [bad] = await dbQuery<{ percent: string }>(`SELECT "percent"::text AS "percent" FROM "ProvisioningRule" WHERE "category" = 'bad'`);
  expect(Number(bad!.percent)).toBe(100);
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("provisioning-rules-en-360.png"), fullPage: true });
  await page.context().close();
});

test("Bengali at 360 px: the super admin changes the write-off policy (a form with no day is refused), and puts it back", async ({ browser }) => {
  const page = await staffPage(browser, "super_admin", { width: 360, language: "bn" });
  await page.goto("/admin/accounting?view=write-offs");
  await expect(page.getByTestId("write-off-policy")).toContainText("২৪ মাস");
  await expect(page.getByTestId("write-off-policy")).toContainText("৩০ জুন বা ৩১ ডিসেম্বর");
  const form = page.getByTestId("write-off-policy-form");
  await expect(form.locator("#write-off-policy-months")).toHaveValue("24");
  await form.getByTestId("write-off-policy-day-06-30").uncheck();
  await form.getByTestId("write-off-policy-day-12-31").uncheck();
  await form.getByTestId("write-off-policy-submit").click();
  await expect(form.getByRole("alert").first()).toContainText("অন্তত একটি তারিখ");
  // Bengali digits typed are taken; a quarter's end added.
  await form.locator("#write-off-policy-months").fill("৩৬");
  await form.getByTestId("write-off-policy-day-06-30").check();
  await form.getByTestId("write-off-policy-day-12-31").check();
  await form.getByTestId("write-off-policy-day-03-31").check();
  await form.getByTestId("write-off-policy-submit").click();
  await expect(page.getByTestId("write-off-policy")).toContainText("৩৬ মাস");
  await expect(page.getByTestId("write-off-policy")).toContainText("৩১ মার্চ, ৩০ জুন বা ৩১ ডিসেম্বর");
  const [policy] = await dbQuery<{ badForMonths: number; allowedDays: string[] }>(`SELECT "badForMonths", "allowedDays" FROM "WriteOffPolicy"`);
  expect(policy).toEqual({ badForMonths: 36, allowedDays: ["03-31", "06-30", "12-31"] });
  await page.mouse.move(0, 0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await noSidewaysScroll(page, 360);
  await page.screenshot({ path: test.info().outputPath("write-off-policy-bn-360.png"), fullPage: true });
  // Back to the circular's policy (the write-off test above used it).
  await form.locator("#write-off-policy-months").fill("24");
  await form.getByTestId("write-off-policy-day-03-31").uncheck();
  await form.getByTestId("write-off-policy-submit").click();
  await expect(page.getByTestId("write-off-policy")).toContainText("২৪ মাস");
  const [restored] = await dbQuery<{ badForMonths: number; allowedDays: string[] }>(`SELECT "badForMonths", "allowedDays" FROM "WriteOffPolicy"`);
  expect(restored).toEqual({ badForMonths: 24, allowedDays: ["06-30", "12-31"] });
  await page.context().close();
});
