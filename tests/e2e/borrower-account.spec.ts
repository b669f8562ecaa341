/**
 * Issue 24's journey on a 360 px phone, in Bengali and in English: a person applies through the wizard, signs in from
 * the header with the code from the outbox (and the NID's last four on this new device) and sees the application
 * pending; staff approve it, take the credit decision and disburse it in the back office, and the borrower sees the
 * schedule; a payment is recorded, and the receipt PDF the borrower downloads reads right (its text, and its first page
 * rendered to PNG against the back office's copy of the same receipt).
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, expect, test, type Browser, type Page } from "@playwright/test";
import pixelmatch from "pixelmatch";
import { formatTaka } from "../../lib/format";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { sessionCookieFor } from "./staff";
import { applyThroughWizard, borrowerSignIn, dbQuery, noSidewaysScroll, pdfFirstPage, useEnglish, useOwnAddress } from "./support";

type Language = "bn" | "en";
const PHONE = { width: 360, height: 740 };

async function staffPage(browser: Browser, role: StaffRole, language: Language): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

/** Approves the application (loan officer), takes the credit decision (admin) and disburses (account manager). */
async function approveAndDisburse(browser: Browser, language: Language, applicationId: string): Promise<string> {
  const officer = await staffPage(browser, "loan_officer", language);
  await officer.goto(`/admin/application-review?view=${applicationId}`);
  const dialog = officer.getByTestId("application-dialog");
  await dialog.getByTestId("tab-review").click();
  await dialog.getByTestId("approve").click();
  await expect(dialog.getByTestId("review-actions").getByTestId("application-status")).toHaveAttribute("data-status", "approved");
  await officer.context().close();
  const [loan] = await dbQuery<{ loanNumber: string }>(
    `SELECT l."loanNumber" FROM "Loan" l JOIN "LoanApplication" a ON a."id" = l."applicationId" WHERE a."applicationId" = $1`,
    [applicationId],
  );
  const loanNumber = loan!.loanNumber;
  const row = (page: Page) => page.locator(`[data-testid=loan-row][data-loan-number="${loanNumber}"]`);

  const admin = await staffPage(browser, "admin", language);
  await admin.goto(`/admin/loans?q=${loanNumber}`);
  await row(admin).getByTestId("approve-loan").click();
  await admin.getByTestId("approve-loan-dialog").locator("input").fill("150000");
  await admin.getByTestId("confirm-approve").click();
  await expect(admin.getByTestId("approve-loan-dialog")).toBeHidden();
  await admin.context().close();

  const manager = await staffPage(browser, "account_manager", language);
  await manager.goto(`/admin/loans?tab=approved&q=${loanNumber}`);
  await row(manager).getByTestId("disburse-loan").click();
  const disburse = manager.getByTestId("disburse-loan-dialog");
  await disburse.locator("input[id^=disburse-account]").fill("0123456789012");
  await disburse.locator("input[id^=disburse-bank]").fill(language === "bn" ? "সোনালী ব্যাংক" : "Sonali Bank");
  await disburse.getByTestId("confirm-disburse").click();
  await expect(disburse).toBeHidden();
  await manager.context().close();
  return loanNumber;
}

/** A collection agent records the first EMI by bKash; returns the agent's page (for the back office's receipt) and the payment. */
async function recordFirstEmi(browser: Browser, language: Language, loanNumber: string): Promise<{ agent: Page; paymentNumber: string; amount: number }> {
  const agent = await staffPage(browser, "collection_agent", language);
  await agent.goto(`/admin/repayments?tab=upcoming&q=${loanNumber}`);
  await agent.getByTestId("repayment-row").first().getByTestId("record-payment").click();
  const dialog = agent.getByTestId("record-payment-dialog");
  const amount = Number(await dialog.locator("input[id^=record-amount]").inputValue());
  await dialog.locator("select[id^=record-method]").selectOption("bkash");
  await dialog.locator("input[id^=record-reference]").fill(`TRX${Date.now().toString(36).toUpperCase()}`);
  await dialog.getByTestId("confirm-payment").click();
  await expect(dialog.getByTestId("payment-recorded")).toContainText("PAY-");
  const [payment] = await dbQuery<{ paymentNumber: string }>(
    `SELECT p."paymentNumber" FROM "LoanPayment" p JOIN "Loan" l ON l."id" = p."loanId" WHERE l."loanNumber" = $1`,
    [loanNumber],
  );
  return { agent, paymentNumber: payment!.paymentNumber, amount };
}

for (const language of ["bn", "en"] as const) {
  test(`${language === "bn" ? "Bengali" : "English"} at 360 px: apply, sign in with the code, follow the loan to a receipt`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await useOwnAddress(page);
    if (language === "en") await useEnglish(page);
    const suffix = Date.now().toString().slice(-7);
    const phone = `0191${suffix}`;
    const nid = `19900${suffix}1`.slice(0, 13);
    const name = language === "bn" ? `রাশেদা আক্তার ${suffix}` : `Rasheda Akter ${suffix}`;
    const applicationId = await applyThroughWizard(page, name, phone, nid);

    // A returning borrower: the header's status link and My loans are one tap each on a phone.
    await page.goto("/");
    await page.getByTestId("site-header").locator('[data-testid="status-link"]:visible').click();
    await expect(page).toHaveURL(/\/status$/);
    await page.getByTestId("site-header").locator('[data-testid="my-loans-link"]:visible').click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-phone-form")).toBeVisible();
    await noSidewaysScroll(page, PHONE.width);

    await borrowerSignIn(page, { phone, nidLast4: nid.slice(-4) }, language === "bn" ? "bengali" : "ascii");
    const application = page.getByTestId("account-application").filter({ hasText: applicationId });
    await expect(application.getByTestId("account-application-status")).toHaveText(language === "bn" ? "পর্যালোচনার অপেক্ষায়" : "Pending review");
    await expect(page.getByTestId("account-loan")).toHaveCount(0);
    await noSidewaysScroll(page, PHONE.width);

    const loanNumber = await approveAndDisburse(browser, language, applicationId);
    await page.reload();
    const loan = page.getByTestId("account-loan");
    await expect(loan.getByTestId("account-loan-status")).toHaveText(language === "bn" ? "চলমান" : "Running");
    await expect(loan).toContainText(loanNumber);
    await expect(loan.getByTestId("account-schedule").locator("tbody tr")).toHaveCount(12);
    await expect(loan.getByTestId("account-next")).toBeVisible();
    await noSidewaysScroll(page, PHONE.width);

    const { agent, paymentNumber, amount } = await recordFirstEmi(browser, language, loanNumber);
    await page.reload();
    const paid = loan.getByTestId("account-payment");
    await expect(paid).toHaveCount(1);
    await expect(paid).toContainText(formatTaka(amount, language));
    await expect(loan.getByTestId("account-schedule").locator("tbody tr").first()).toHaveAttribute("data-status", "paid");

    const [download] = await Promise.all([page.waitForEvent("download"), paid.getByTestId("account-receipt-pdf").click()]);
    const dir = mkdtempSync(path.join(tmpdir(), "borrower-receipt-"));
    const mine = await pdfFirstPage(readFileSync((await download.path())!), dir, "borrower");
    const text = mine.text.replace(/[ \t]+/g, " ");
    // pdftotext gives Bengali in the order the glyphs are drawn (the vowel sign ি before its consonant).
    expect(text).toContain(language === "bn" ? "িবকাশ" : "bKash");
    if (language === "en") expect(text).toContain(name);
    expect(text).toContain(formatTaka(amount, language));
    // Codes keep their characters in both languages: the receipt and loan numbers as they were issued.
    expect(text).toContain(paymentNumber);
    expect(text).toContain(loanNumber);

    // The same receipt from the back office, rendered the same way: the borrower got the office's document.
    const office = await agent.request.get(`/admin/api/payments/${paymentNumber}/receipt.pdf`);
    expect(office.status()).toBe(200);
    const theirs = await pdfFirstPage(Buffer.from(await office.body()), dir, "office");
    expect([mine.width, mine.height]).toEqual([theirs.width, theirs.height]);
    const different = pixelmatch(mine.data, theirs.data, undefined, mine.width, mine.height, { threshold: 0.1 });
    expect(different / (mine.width * mine.height)).toBeLessThan(0.005);
    await agent.context().close();

    // Another borrower's receipt is not found, whoever asks.
    const [other] = await dbQuery<{ paymentNumber: string }>(`SELECT "paymentNumber" FROM "LoanPayment" WHERE "paymentNumber" <> $1 LIMIT 1`, [paymentNumber]);
    expect((await page.request.get(`/account/api/payments/${other!.paymentNumber}/receipt.pdf`)).status()).toBe(404);

    // The application ID as issued (Latin digits) on the status page, in both languages (the SMS: admin-review.spec.ts).
    await page.goto(`/status?id=${applicationId}`);
    await page.getByTestId("status-phone").fill(phone);
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-result")).toContainText(applicationId);

    // The borrower's app: this page installs (Chrome finds nothing missing; a normal Playwright context is incognito,
    // where Chrome never offers to install), and opens from the home screen with no network after one visit, showing
    // the last schedule seen and from when.
    // One address in both languages (a signed-in area): the language is the one she chose.
    const accountPath = "/account";
    const profile = mkdtempSync(path.join(tmpdir(), "borrower-app-"));
    const testInfo = test.info();
    const installed = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: testInfo.project.use.baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    try {
      await installed.addCookies(await context.cookies());
      const app = installed.pages()[0] ?? (await installed.newPage());
      await app.goto(accountPath);
      await expect(app.getByTestId("account-loan")).toContainText(loanNumber);
      const cdp = await installed.newCDPSession(app);
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors, { timeout: 20_000 }).toEqual([]);
      const { data } = await cdp.send("Page.getAppManifest");
      const manifest = JSON.parse(data!) as { name: string; start_url: string; scope: string; display: string; lang: string };
      expect(manifest).toMatchObject({ name: language === "bn" ? "ঋণবন্ধু: আমার ঋণ" : "RinBondhu: My loans", display: "standalone", lang: language });
      expect(manifest).toMatchObject({ start_url: accountPath, scope: accountPath });
      const cachedHas = (needle: string) =>
        app.evaluate(async ([n, at]) => {
          const kept = await caches.open("account-pages").then((c) => c.match(at));
          return kept ? (await kept.text()).includes(n) : false;
        }, [needle, accountPath] as const);
      await expect.poll(() => cachedHas(paymentNumber), { timeout: 20_000 }).toBe(true);
      // The time the kept copy shows (the service worker may have kept a later answer than the one on screen, a minute on).
      const keptHtml = await app.evaluate(async (at) => (await (await caches.open("account-pages")).match(at))!.text(), accountPath);
      const asOf = /data-testid="account-as-of"[^>]*>([^<]+)</.exec(keptHtml)?.[1] ?? "";
      expect(asOf).not.toBe("");
      const seenAt = language === "bn" ? asOf.replace(/-এর তথ্য$/, "") : asOf.replace(/^As of /, "");

      await installed.setOffline(true);
      const fromHome = await installed.newPage();
      await fromHome.goto(manifest.start_url);
      await expect(fromHome.getByTestId("account-offline")).toContainText(seenAt);
      await expect(fromHome.getByTestId("account-as-of")).toHaveText(asOf);
      const offlineLoan = fromHome.getByTestId("account-loan");
      await expect(offlineLoan.getByTestId("account-schedule").locator("tbody tr")).toHaveCount(12);
      await expect(offlineLoan.getByTestId("account-payment")).toContainText(paymentNumber);
      await noSidewaysScroll(fromHome, PHONE.width);
      await fromHome.screenshot({ path: testInfo.outputPath(`account-offline-${language}-360.png`), fullPage: true });
      await installed.setOffline(false);

      // Signing out takes the phone's copy with it.
      await fromHome.reload();
      await fromHome.getByTestId("account-sign-out").click();
      await expect(fromHome.getByTestId("account-phone-form")).toBeVisible();
      await expect.poll(() => cachedHas(paymentNumber)).toBe(false);
    } finally {
      await installed.close();
    }
    await context.close();
  });
}
