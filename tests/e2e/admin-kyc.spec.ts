/**
 * KYC verification as people do it (issue 9): an applicant's card photo is read on our server and the wizard
 * proposes the number, name and date of birth; a KYC officer approves one case and asks for a new photo on
 * another; the applicant sees what is needed on /status, sends a new photo from the SMS link with their phone,
 * and the case returns to the queue with its card read again. English and Bengali, at 360 px.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { CARD_PHOTO, dbQuery, noSidewaysScroll } from "./support";
import { sessionCookieFor } from "./staff";

type Screen = { width: number; language: "bn" | "en" };
const PHONE: Screen = { width: 360, language: "bn" };

async function newPage(browser: Browser, screen: Screen, role?: StaffRole): Promise<Page> {
  const mobile = screen.width < 600;
  const context = await browser.newContext({ viewport: { width: screen.width, height: mobile ? 740 : 900 }, isMobile: mobile, hasTouch: mobile });
  if (role) await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: screen.language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

const caseStatus = async (caseNumber: string) =>
  (await dbQuery<{ status: string }>(`SELECT "status" FROM "KycCase" WHERE "caseNumber" = $1`, [caseNumber]))[0]!.status;

test("the wizard proposes what OCR read from the card, marked for the applicant to check", async ({ browser }) => {
  const page = await newPage(browser, { width: 360, language: "en" });
  await page.goto("/apply?type=salary&amount=60000&tenure=12");
  await page.getByTestId("apply-purpose").fill("Shop stock");
  await page.getByTestId("apply-next").click();
  await expect(page.getByTestId("apply-step-title")).toHaveText("Personal info");
  await page.getByTestId("nid-mode-upload").click();
  await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
  await expect(page.getByTestId("nid-status")).toBeVisible();
  // The test card (tests/e2e/fixtures/nid-card.jpg) says TEST APPLICANT, 15 May 1990, NID No. 1234 567 890.
  await expect(page.getByTestId("apply-nid")).toHaveValue("1234567890");
  await expect(page.getByTestId("read-from-card-nid")).toHaveText("Read from your card: please check it.");
  await expect(page.getByTestId("apply-name")).toHaveValue("Test Applicant");
  await expect(page.getByTestId("apply-dob")).toHaveValue("1990-05-15");
  // Never a verification: the card still waits for staff.
  await expect(page.getByTestId("nid-status")).toHaveText("Captured — pending staff verification");
  // The applicant corrects a field: its marker goes.
  await page.getByTestId("apply-name").fill("Test Applicant Khan");
  await expect(page.getByTestId("read-from-card-name")).toHaveCount(0);
  await page.context().close();
});

test("an officer approves a case with its computed checks; the customer's KYC status follows", async ({ browser }) => {
  const page = await newPage(browser, { width: 360, language: "en" }, "kyc_officer");
  await page.goto("/admin/kyc");
  const approvedToday = Number(await page.getByTestId("kyc-stat-approvedToday").locator("[data-value]").getAttribute("data-value"));
  const row = page.locator('[data-testid=kyc-row][data-case-number="KYC-000101"]');
  await expect(row).toBeVisible();
  // Each check's state in words as well as its mark and colour (issue 51): the counts are the marks'.
  const marks = row.locator("[data-testid=kyc-check-dots] li");
  const passed = await row.locator("[data-testid=kyc-check-dots] li[data-status=pass]").count();
  expect(await marks.count()).toBeGreaterThan(0);
  await expect(row.getByTestId("kyc-check-summary")).toContainText(`${passed} passed`);
  await row.getByTestId("view-kyc").click();
  const dialog = page.getByTestId("kyc-dialog");
  await dialog.getByTestId("tab-verification").click();
  await expect(dialog.locator("[data-testid=kyc-check][data-kind=nid_match]")).toHaveAttribute("data-status", "pass");
  await expect(dialog.locator("[data-testid=kyc-check][data-kind=face_match]")).toContainText("compare the selfie or the person with the card photo yourself");
  await dialog.getByTestId("tab-documents").click();
  await expect(dialog.getByTestId("document-image").first()).toBeVisible();
  await dialog.getByTestId("rotate").first().click();
  await expect(dialog.getByTestId("document-image").first()).toHaveAttribute("data-rotation", "90");
  await noSidewaysScroll(page, 360);

  await dialog.getByTestId("tab-overview").click();
  await dialog.getByTestId("approve-kyc").click();
  await page.getByTestId("confirm-approve-kyc").click();
  await expect(page.getByTestId("approve-kyc-dialog")).toBeHidden();
  await expect(dialog.getByTestId("kyc-status").first()).toHaveAttribute("data-status", "approved");
  expect(await caseStatus("KYC-000101")).toBe("approved");
  const [customer] = await dbQuery<{ kycStatus: string }>(`SELECT c."kycStatus" FROM "Customer" c JOIN "KycCase" k ON k."customerId" = c."id" WHERE k."caseNumber" = 'KYC-000101'`);
  expect(customer!.kycStatus).toBe("verified");
  await page.goto("/admin/kyc");
  await expect(page.getByTestId("kyc-stat-approvedToday").locator("[data-value]")).toHaveAttribute("data-value", String(approvedToday + 1));
  await page.context().close();
});

test("a new document is asked for, the applicant sends it from the link, and the case returns to the queue", async ({ browser }) => {
  // Two sign-ins, an upload and a wait of up to 30 s for the server to read the new card: more than the default
  // test budget while the other worker keeps the machine's two cores busy.
  test.setTimeout(75_000);
  const officer = await newPage(browser, PHONE, "kyc_officer");
  await officer.goto("/admin/kyc?view=KYC-000104");
  const dialog = officer.getByTestId("kyc-dialog");
  await dialog.getByTestId("resubmit-kyc").click();
  const ask = officer.getByTestId("resubmit-kyc-dialog");
  await expect(officer.getByTestId("confirm-resubmit-kyc")).toBeDisabled();
  await ask.locator("textarea").fill("ছবিটি ঝাপসা; কার্ডের সামনের দিকের পরিষ্কার ছবি পাঠান।");
  await officer.getByTestId("confirm-resubmit-kyc").click();
  await expect(ask).toBeHidden();
  expect(await caseStatus("KYC-000104")).toBe("resubmission_required");

  const [sms] = await dbQuery<{ body: string; recipient: string }>(
    `SELECT m."body", m."recipient" FROM "OutboxMessage" m JOIN "KycCase" k ON k."id" = m."entityId" WHERE k."caseNumber" = 'KYC-000104' AND m."template" = 'kyc.resubmission'`,
  );
  expect(sms!.body).toContain("ছবিটি ঝাপসা");
  const link = /\/kyc\/resubmit\?token=[A-Za-z0-9_-]+/.exec(sms!.body)![0];
  const [application] = await dbQuery<{ applicationId: string; phone: string }>(
    `SELECT a."applicationId", a."phone" FROM "LoanApplication" a JOIN "KycCase" k ON k."applicationId" = a."id" WHERE k."caseNumber" = 'KYC-000104'`,
  );
  const localPhone = application!.phone.replace("+88", "");

  // The applicant, on a phone in Bengali: /status says a new photo is needed.
  const applicant = await newPage(browser, PHONE);
  await applicant.goto(`/status?id=${application!.applicationId}`);
  await applicant.getByTestId("status-phone").fill(localPhone);
  await applicant.getByTestId("status-submit").click();
  await expect(applicant.getByTestId("status-kyc-resubmission")).toContainText("ছবিটি ঝাপসা");

  await applicant.goto(link);
  await applicant.locator("#resubmit-phone").fill("01999999999");
  await applicant.getByTestId("resubmit-photo").setInputFiles(CARD_PHOTO);
  await applicant.getByTestId("resubmit-submit").click();
  await expect(applicant.getByTestId("resubmit-error")).toContainText("এই মোবাইল নম্বরটি আবেদনের নম্বর নয়");
  // Bengali digits are accepted.
  await applicant.locator("#resubmit-phone").fill(localPhone.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!));
  await applicant.getByTestId("resubmit-submit").click();
  await expect(applicant.getByTestId("resubmit-done")).toContainText("KYC-000104");
  await noSidewaysScroll(applicant, 360);
  expect(await caseStatus("KYC-000104")).toBe("pending_review");

  // The server reads the new card off the request path; the officer then sees it back in Pending with its reading.
  await expect
    .poll(async () => (await dbQuery<{ n: string }>(`SELECT count(*) AS n FROM "KycDocument" d JOIN "KycCase" k ON k."id" = d."caseId" WHERE k."caseNumber" = 'KYC-000104' AND d."ocrReadAt" IS NOT NULL AND d."extractedData" IS NOT NULL`))[0]!.n, { timeout: 30_000 })
    .toBe("2");
  await officer.goto("/admin/kyc?tab=pending&q=KYC-000104");
  await expect(officer.locator('[data-testid=kyc-row][data-case-number="KYC-000104"]').getByTestId("kyc-status")).toHaveAttribute("data-status", "pending_review");
  await officer.goto("/admin/kyc?view=KYC-000104");
  await officer.getByTestId("tab-documents").click();
  await expect(officer.getByTestId("kyc-document")).toHaveCount(2);
  await expect(officer.getByTestId("kyc-document").last()).toHaveAttribute("data-ocr", "read");
  await expect(officer.getByTestId("ocr-confidence").last()).toBeVisible();
  await officer.getByTestId("tab-verification").click();
  // The new card's number (1234567890) is not the application's: the check says so.
  await expect(officer.locator("[data-testid=kyc-check][data-kind=nid_match]")).toHaveAttribute("data-status", "fail");
  await noSidewaysScroll(officer, 360);
  await applicant.context().close();
  await officer.context().close();
});
