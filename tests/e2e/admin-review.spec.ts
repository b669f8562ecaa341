/**
 * The back office's acceptance journey: applicants apply through the wizard, staff sign in with the seeded
 * secret's code, approve one application and reject another with a reason, and each applicant sees the
 * decision on /status — in Bengali at 360 px and in English at 1280 px. (The admin signs in here: the loan
 * officer's screen sign-in is admin-sign-in.spec.ts's, and one code is accepted once.)
 */
import { expect, test, type Page } from "@playwright/test";
import { applyThroughWizard, dbQuery, noSidewaysScroll, useEnglish, useOwnAddress } from "./support";
import { DEMO_PASSWORD, demoSecret, demoStaff, sessionCookieFor, signInThroughScreen } from "./staff";

async function statusShown(page: Page, applicationId: string, phone: string) {
  await page.goto(`/status?id=${applicationId}`);
  await page.getByTestId("status-phone").fill(phone);
  await page.getByTestId("status-submit").click();
  return page.getByTestId("status-result");
}

const unique = () => Date.now().toString().slice(-7);

test("Bengali at 360 px: staff approve one application and reject another; /status shows both", async ({ browser }) => {
  test.setTimeout(90_000); // two applications through the wizard, a sign-in and two decisions
  const applicant = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const applicantPage = await applicant.newPage();
  await useOwnAddress(applicantPage);
  const suffix = unique();
  const first = await applyThroughWizard(applicantPage, `রহিমা খাতুন ${suffix}`, `0171${suffix}`, `19882695${suffix}00`.slice(0, 13));
  const second = await applyThroughWizard(applicantPage, `করিম উদ্দিন ${suffix}`, `0181${suffix}`, `19882696${suffix}00`.slice(0, 13));

  const staff = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await staff.newPage();
  const admin = demoStaff("admin");
  await signInThroughScreen(page, admin.phone.replace("+88", ""), DEMO_PASSWORD, demoSecret("admin"));
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId("recent-applications")).toContainText(first);
  await noSidewaysScroll(page, 360);

  await page.goto(`/admin/application-review?q=0171${suffix}`);
  await expect(page.getByTestId("review-row")).toHaveCount(1);
  await noSidewaysScroll(page, 360);
  await page.getByTestId("view-application").click();
  const dialog = page.getByTestId("application-dialog");
  await expect(dialog).toContainText(first);
  await dialog.getByTestId("tab-verification").click();
  await expect(dialog.getByTestId("nid-image")).toBeVisible();
  await expect.poll(() => dialog.getByTestId("nid-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await dialog.getByTestId("tab-calculation").click();
  await expect(dialog.getByTestId("ratio").first()).toHaveAttribute("data-within", "true");
  await dialog.getByTestId("tab-review").click();
  await dialog.getByTestId("approve").click();
  await expect(dialog.getByTestId("decision-notice")).toContainText("আবেদন অনুমোদিত");
  await expect(dialog.getByTestId("review-actions").getByTestId("application-status")).toHaveAttribute("data-status", "approved");
  await page.keyboard.press("Escape");

  await page.goto(`/admin/application-review?q=0181${suffix}&view=${second}`);
  const secondDialog = page.getByTestId("application-dialog");
  await secondDialog.getByTestId("tab-review").click();
  await secondDialog.getByTestId("reject").click();
  await expect(secondDialog.getByTestId("send-rejection")).toBeDisabled();
  await secondDialog.getByRole("textbox").fill("আয়ের কাগজপত্র মেলেনি");
  await secondDialog.getByTestId("send-rejection").click();
  await expect(secondDialog.getByTestId("decision-notice")).toContainText("+880181");

  const [rows] = await dbQuery<{ approved: string; rejected: string; loans: number; outbox: number }>(
    `SELECT (SELECT "status" FROM "LoanApplication" WHERE "applicationId" = $1) AS approved,
            (SELECT "status" FROM "LoanApplication" WHERE "applicationId" = $2) AS rejected,
            (SELECT count(*)::int FROM "Loan" l JOIN "LoanApplication" a ON a."id" = l."applicationId" WHERE a."applicationId" = $1) AS loans,
            (SELECT count(*)::int FROM "OutboxMessage" o JOIN "LoanApplication" a ON a."id" = o."entityId" WHERE a."applicationId" = $2) AS outbox`,
    [first, second],
  );
  expect(rows).toEqual({ approved: "approved", rejected: "rejected", loans: 1, outbox: 1 });
  // The SMS names the application as it was issued: a Bengali message, the code's digits Latin.
  const [sms] = await dbQuery<{ body: string }>(`SELECT o."body" FROM "OutboxMessage" o JOIN "LoanApplication" a ON a."id" = o."entityId" WHERE a."applicationId" = $1`, [second]);
  expect(sms!.body).toMatch(/[\u0985-\u09B9]/);
  expect(sms!.body).toContain(second);

  await expect(await statusShown(applicantPage, first, `0171${suffix}`)).toContainText("অনুমোদিত");
  const rejected = await statusShown(applicantPage, second, `0181${suffix}`);
  await expect(rejected.getByTestId("status-badge")).toHaveAttribute("data-status", "rejected");
  await expect(rejected.getByTestId("status-reason")).toContainText("আয়ের কাগজপত্র মেলেনি");
  await applicant.close();
  await staff.close();
});

test("English at 1280 px: a second decision on the same application names who decided first", async ({ browser }) => {
  test.setTimeout(60_000);
  const applicant = await browser.newContext();
  const applicantPage = await applicant.newPage();
  await useEnglish(applicantPage);
  await useOwnAddress(applicantPage);
  const suffix = unique();
  const applicationId = await applyThroughWizard(applicantPage, `Jamal Hossain ${suffix}`, `0191${suffix}`, `19882697${suffix}00`.slice(0, 13));

  const a = await browser.newContext();
  await sessionCookieFor(a, "loan_officer");
  const b = await browser.newContext();
  await sessionCookieFor(b, "admin");
  const [pageA, pageB] = [await a.newPage(), await b.newPage()];
  await useEnglish(pageA);
  await useEnglish(pageB);
  for (const p of [pageA, pageB]) {
    await p.goto(`/admin/application-review?view=${applicationId}`);
    await p.getByTestId("application-dialog").getByTestId("tab-review").click();
  }
  await pageA.getByTestId("application-dialog").getByTestId("approve").click();
  await expect(pageA.getByTestId("decision-notice")).toContainText(`Loan application ${applicationId} has been approved successfully.`);
  await pageB.getByTestId("application-dialog").getByTestId("reject").click();
  await pageB.getByTestId("application-dialog").getByRole("textbox").fill("Duplicate application");
  await pageB.getByTestId("send-rejection").click();
  await expect(pageB.getByTestId("decision-notice")).toContainText(`Already decided by ${demoStaff("loan_officer").name}`);

  const stats = pageA.getByTestId("review-stat-approved");
  await pageA.keyboard.press("Escape");
  await expect(stats).toBeVisible();
  await expect(await statusShown(applicantPage, applicationId, `0191${suffix}`)).toContainText("Approved");

  const csv = await pageA.request.get(`/admin/api/applications/export?q=${applicationId}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(applicationId);
  expect(text.split("\r\n").filter(Boolean)).toHaveLength(2);
  await Promise.all([applicant.close(), a.close(), b.close()]);
});
