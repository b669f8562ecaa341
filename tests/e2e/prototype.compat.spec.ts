/**
 * The prototype's client-side NID simulation, which exists only behind PROTOTYPE_COMPAT. Runs in the
 * "prototype-compat" Playwright project, against a second server the runner starts with the flag on.
 */
import { expect, test } from "@playwright/test";
import { CARD_PHOTO, dbQuery, fillEmploymentInfo, fillLoanDetails, useEnglish, useOwnAddress } from "./support";

test.describe("with PROTOTYPE_COMPAT on", () => {
  test("the prototype's simulated NID verification: 2.5 s, progress to 90 then done, failures, prefill, stored as simulated", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    // Script Math.random: the widget draws failure (<0.1 fails), then the NID digits and the confidence.
    await page.addInitScript(() => {
      const scripted = window as unknown as { nextRandom: number[] };
      scripted.nextRandom = [];
      const real = Math.random;
      Math.random = () => (scripted.nextRandom.length > 0 ? scripted.nextRandom.shift()! : real());
    });
    const script = (values: number[]) =>
      page.evaluate((v) => ((window as unknown as { nextRandom: number[] }).nextRandom = v), values);

    await page.goto("/apply");
    await fillLoanDetails(page, { type: "instant", amount: "30000", tenure: "12", purpose: "Tailoring machine" });
    await page.getByTestId("apply-next").click();
    await page.getByTestId("nid-mode-upload").click();

    // A simulated failure keeps the photo with Retake.
    await script([0.05]);
    await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
    await expect(page.getByTestId("nid-error")).toContainText("NID card not detected");
    await expect(page.getByTestId("nid-preview")).toBeVisible();
    await page.getByTestId("nid-retake").click();
    await expect(page.getByTestId("nid-error")).toHaveCount(0);

    await script([0.5, ...Array<number>(10).fill(0.5), 0.5]);
    // Every value the progress bar shows, recorded in the page: the cap of 90 may last less than one of
    // Playwright's polls on a loaded machine, so it is not watched from outside.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[data-testid="nid-progress"]')?.getAttribute("aria-valuenow");
        if (value && seen.at(-1) !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    const started = Date.now();
    await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
    await expect(page.getByTestId("nid-status")).toHaveText("NID verified");
    const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.map(Number));
    // Rising, held at the cap of 90 until the result, then (if still shown) 100.
    expect(progress).toContain(90);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.filter((v) => v > 90 && v !== 100)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    await expect(page.getByTestId("nid-result")).toContainText("92%");
    await expect(page.getByTestId("nid-result")).toContainText("5555555555");
    // Name, date of birth (and NID number) were empty, so the sample data fills them.
    await expect(page.getByTestId("apply-name")).toHaveValue("মোহাম্মদ রহিম উদ্দিন");
    await expect(page.getByTestId("apply-dob")).toHaveValue("1990-05-15");
    await expect(page.getByTestId("apply-nid")).toHaveValue("5555555555");

    await page.getByTestId("apply-phone").fill("01712000999");
    await page.getByTestId("apply-address").fill("Dhanmondi, Dhaka");
    await page.getByTestId("apply-next").click();
    await fillEmploymentInfo(page, { employment: "business", employer: "Own tailoring shop", income: "35000" });
    await page.getByTestId("apply-next").click();
    await page.getByTestId("apply-submit").click();
    const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
    const [row] = await dbQuery<{ nidSimulated: boolean; nidVerificationStatus: string; nidVerifiedName: string; nidConfidence: number }>(
      `select "nidSimulated", "nidVerificationStatus", "nidVerifiedName", "nidConfidence" from "LoanApplication" where "applicationId" = $1`,
      [applicationId],
    );
    expect(row).toEqual({
      nidSimulated: true,
      nidVerificationStatus: "verified",
      nidVerifiedName: "মোহাম্মদ রহিম উদ্দিন",
      nidConfidence: 92,
    });
  });

  test("the staff sign-in screen shows the demo credentials and a demo code that signs in", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/admin/login");
    const demo = page.getByTestId("demo-credentials");
    await expect(demo).toContainText("+8801700000001");
    await expect(demo).toContainText("Demo@1234");
    await expect(demo).toContainText(/Code now: \d{6}/);
  });
});
