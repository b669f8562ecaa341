/**
 * A new applicant's whole visit on a small phone, in Bengali, as the acceptance describes:
 * home → eligibility → the prefilled wizard with a card photo → the application ID → /status shows pending.
 */
import { expect, test } from "@playwright/test";
import { CARD_PHOTO, dbQuery, noSidewaysScroll, useOwnAddress } from "./support";

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test("Bengali on a 360 px phone: eligibility, application with an NID photo, then its status", async ({ page }) => {
  await useOwnAddress(page);
  await page.goto("/");
  await page.getByTestId("quick-loan-check").getByRole("link").click();
  await expect(page).toHaveURL(/\/eligibility$/);

  // Bengali digits, as a Bengali keyboard types them.
  await page.getByTestId("elig-income").fill("৩০০০০");
  await page.getByTestId("elig-existing").fill("০");
  await page.getByTestId("elig-employment").selectOption("salaried");
  await page.getByTestId("elig-loan-type").selectOption("instant");
  await page.getByTestId("elig-amount").fill("৪০০০০");
  await page.getByTestId("elig-tenure").selectOption("12");
  await page.getByTestId("elig-submit").click();
  await expect(page.getByTestId("elig-eligible")).toBeVisible();
  await noSidewaysScroll(page, 360);
  await page.getByTestId("elig-apply-link").click();

  // The wizard arrives prefilled from the eligibility answer.
  await expect(page).toHaveURL(/\/apply\?/);
  await expect(page.getByTestId("apply-loan-type")).toHaveValue("instant");
  await expect(page.getByTestId("apply-amount")).toHaveValue("40000");
  await expect(page.getByTestId("apply-tenure")).toHaveValue("12");
  await page.getByTestId("apply-purpose").fill("দোকানের মালামাল কেনা");
  await page.getByTestId("apply-next").click();

  const name = `সালমা বেগম ${Date.now().toString(36)}`;
  await page.getByTestId("nid-mode-upload").click();
  await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
  await expect(page.getByTestId("nid-status")).toBeVisible();
  await page.getByTestId("apply-name").fill(name);
  await page.getByTestId("apply-phone").fill("০১৮১২-৩৪৫৬৭৮");
  await page.getByTestId("apply-dob").fill("1992-03-08");
  await page.getByTestId("apply-nid").fill("১৯৯২২৬৯৫৪১২৩৪৫৬৭৮"); // 17 digits: birth year + 13
  await page.getByTestId("apply-address").fill("বাড়ি ৭, রোড ২, উত্তরা, ঢাকা");
  await page.getByTestId("apply-next").click();

  await expect(page.getByTestId("apply-employment-type")).toHaveValue("salaried");
  await expect(page.getByTestId("apply-monthly-income")).toHaveValue("30000");
  await page.getByTestId("apply-employer").fill("গ্রামীণ টেক্সটাইল লিমিটেড");
  await page.getByTestId("apply-next").click();
  await page.getByTestId("apply-submit").click();

  const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
  expect(applicationId).toMatch(/^LB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  await noSidewaysScroll(page, 360);

  const [stored] = await dbQuery<{ id: string; emi: number; phone: string; nidImageId: string | null }>(
    'select id, emi, phone, "nidImageId" from "LoanApplication" where "applicationId" = $1',
    [applicationId],
  );
  expect(stored).toMatchObject({ phone: "+8801812345678", emi: 3667 });
  const [counts] = await dbQuery<{ documents: number; cases: number }>(
    `select (select count(*) from "StoredDocument" where id = $1)::int as documents,
            (select count(*) from "KycCase" where "applicationId" = $2)::int as cases`,
    [stored!.nidImageId, stored!.id],
  );
  expect(counts).toEqual({ documents: 1, cases: 1 });

  await page.getByTestId("apply-check-status").click();
  await expect(page).toHaveURL(/\/status\?id=/);
  await expect(page.getByTestId("status-id")).toHaveValue(applicationId);
  await page.getByTestId("status-phone").fill("০১৮১২৩৪৫৬৭৮");
  await page.getByTestId("status-submit").click();
  await expect(page.getByTestId("status-badge")).toHaveText("পর্যালোচনার অপেক্ষায়");
  await noSidewaysScroll(page, 360);
});
