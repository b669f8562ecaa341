import { expect, test, type Page } from "@playwright/test";
import { dbQuery, testAddress, useEnglish, useOwnAddress } from "./support";
import { STATUS_LOOKUP_LIMIT, windowStartFor } from "../../lib/rate-limit/rules";

type ApplicationRow = {
  applicationId: string;
  phone: string;
  status: string;
  rejectionReason: string | null;
  amount: number;
  submittedAt: Date;
};

/** A seeded application in the given status (the oldest, so applications made by other tests don't matter). */
async function applicationIn(status: string): Promise<ApplicationRow> {
  const [row] = await dbQuery<ApplicationRow>(
    `select "applicationId", phone, status, "rejectionReason", amount, "submittedAt" from "LoanApplication"
     where status = $1 and ($1 <> 'rejected' or "rejectionReason" is not null) order by "submittedAt" limit 1`,
    [status],
  );
  if (!row) throw new Error(`No ${status} application in the seeded database`);
  return row;
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";
const toBengaliDigits = (text: string) => text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!);
/** +8801812000111 -> 01812-000111, the way people write it. */
const nationalForm = (e164: string) => `0${e164.slice(4, 8)}-${e164.slice(8)}`;
const dhakaDate = (date: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dhaka" }).format(date);

async function fillEligibility(
  page: Page,
  v: { income: string; existing?: string; employment: string; type: string; amount: string; tenure: string },
) {
  await page.getByTestId("elig-income").fill(v.income);
  if (v.existing !== undefined) await page.getByTestId("elig-existing").fill(v.existing);
  await page.getByTestId("elig-employment").selectOption(v.employment);
  await page.getByTestId("elig-loan-type").selectOption(v.type);
  await page.getByTestId("elig-amount").fill(v.amount);
  await page.getByTestId("elig-tenure").selectOption(v.tenure);
}

test.describe("eligibility", () => {
  test("the home page's Quick Loan Check opens it", async ({ page }) => {
    await page.goto("/");
    await page.getByTestId("quick-loan-check").getByRole("link").click();
    await expect(page).toHaveURL(/\/eligibility$/);
    await expect(page.getByTestId("elig-income")).toBeVisible();
  });

  test("Bengali: an amount above 40% of income is refused and the largest fitting amount is offered", async ({ page }) => {
    await page.goto("/eligibility");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    // Instant Microloan ৳50,000 over 12 months at 18%: EMI ৳4,584 = 45.8% of ৳10,000.
    await fillEligibility(page, { income: "১০,০০০", employment: "salaried", type: "instant", amount: "৫০০০০", tenure: "12" });
    await expect(page.getByTestId("elig-result")).toBeHidden();
    await page.getByTestId("elig-submit").click();

    const result = page.getByTestId("elig-result");
    await expect(result.getByTestId("elig-not-eligible")).toContainText("এই পরিমাণ আপনার সীমার বেশি");
    await expect(result.getByTestId("elig-eligible")).toHaveCount(0);
    await expect(result.getByTestId("elig-emi")).toHaveText("৳৪,৫৮৪");
    await expect(result.getByTestId("elig-ratio")).toHaveText("আয়ের ৪৫.৮% (সীমা ৪০%)");
    await expect(result.getByTestId("elig-limit")).toHaveText("৳৪,০০০");
    await expect(result.getByTestId("elig-max-amount-value")).toHaveText("৳৪৩,৫০০");
    await expect(result.getByTestId("elig-apply-adjusted")).toContainText("৳৪৩,৫০০");
    // The desired amount does not fit, so the application starts with the largest one that does.
    await expect(result.getByTestId("elig-apply-link")).toHaveAttribute(
      "href",
      "/apply?type=instant&amount=43500&tenure=12&income=10000&employment=salaried&existing=0",
    );

    // The answer follows edits: a higher income makes the same loan fit.
    await page.getByTestId("elig-income").fill("৩০০০০");
    await page.getByTestId("elig-existing").fill("২,০০০");
    await expect(result.getByTestId("elig-eligible")).toContainText("আপনি সম্ভবত যোগ্য");
    await expect(result.getByTestId("elig-ratio")).toHaveText("আয়ের ২১.৯% (সীমা ৪০%)");
    await expect(result.getByTestId("elig-max-amount-value")).toHaveText("৳৫০,০০০");
    await expect(result.getByTestId("elig-apply-link")).toHaveAttribute(
      "href",
      "/apply?type=instant&amount=50000&tenure=12&income=30000&employment=salaried&existing=2000",
    );
  });

  test("English: an eligible salary loan, and the apply link carries the details", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/eligibility");
    await fillEligibility(page, {
      income: "45,000",
      existing: "5000",
      employment: "business",
      type: "salary",
      amount: "2,00,000",
      tenure: "24",
    });
    await page.getByTestId("elig-submit").click();
    const result = page.getByTestId("elig-result");
    await expect(result.getByTestId("elig-eligible")).toContainText("You are likely eligible");
    await expect(result.getByTestId("elig-emi")).toHaveText("৳9,697");
    await expect(result.getByTestId("elig-total")).toHaveText("৳14,697");
    await expect(result.getByTestId("elig-ratio")).toHaveText("32.7% of income (limit 40%)");
    await expect(result.getByTestId("elig-max-amount")).toContainText("Largest amount over 24 months");
    await expect(result.getByTestId("elig-max-amount-value")).toHaveText("৳2,68,000");
    await expect(result.getByTestId("elig-apply-adjusted")).toHaveCount(0);
    const link = result.getByTestId("elig-apply-link");
    await expect(link).toHaveText("Apply with these details");
    await expect(link).toHaveAttribute(
      "href",
      "/en/apply?type=salary&amount=200000&tenure=24&income=45000&employment=business&existing=5000",
    );

    // Existing payments above 40% of income leave room for no loan at all, whatever the tenure.
    await page.getByTestId("elig-existing").fill("20000");
    await expect(result.getByTestId("elig-not-eligible")).toBeVisible();
    await expect(result.getByTestId("elig-max-amount")).toHaveText(
      "Your existing payments (৳20,000) already reach your monthly limit of ৳18,000, so no new loan fits until they are lower.",
    );
    // Nothing fits, so the desired amount is carried over unchanged; the review decides.
    await expect(link).toHaveAttribute(
      "href",
      "/en/apply?type=salary&amount=200000&tenure=24&income=45000&employment=business&existing=20000",
    );
  });

  test("invalid numbers get translated messages and no answer", async ({ page }) => {
    await page.goto("/eligibility");
    await page.getByTestId("elig-submit").click();
    await expect(page.getByTestId("elig-income-error")).toHaveText("আপনার মাসিক আয় লিখুন");
    await expect(page.getByTestId("elig-income")).toBeFocused();
    await expect(page.getByTestId("elig-loan-type-error")).toHaveText("ঋণের ধরন বেছে নিন");

    await page.getByTestId("elig-income").fill("abc");
    await expect(page.getByTestId("elig-income-error")).toHaveText("সঠিক মাসিক আয় লিখুন (শূন্যের বেশি পূর্ণ সংখ্যা)");

    await useEnglish(page);
    await page.reload();
    await page.getByTestId("elig-income").fill("0");
    await page.getByTestId("elig-income").blur();
    await expect(page.getByTestId("elig-income-error")).toHaveText("Enter a valid monthly income (a whole number above zero)");
    await fillEligibility(page, { income: "20000", existing: "-5", employment: "other", type: "instant", amount: "60000", tenure: "6" });
    await page.getByTestId("elig-submit").click();
    await expect(page.getByTestId("elig-existing-error")).toHaveText("Enter a valid amount (a whole number; leave empty if none)");
    await expect(page.getByTestId("elig-amount-error")).toHaveText("Instant Microloan is available from ৳5,000 to ৳50,000");
    await expect(page.getByTestId("elig-result")).toHaveCount(0);
  });

  test("only the product's tenures are offered", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/eligibility?type=consumer");
    await expect(page.getByTestId("elig-loan-type")).toHaveValue("consumer");
    const options = await page.getByTestId("elig-tenure").locator("option:not([disabled])").evaluateAll((els) =>
      els.map((el) => (el as HTMLOptionElement).value),
    );
    expect(options).toEqual(["24", "36", "48", "60"]);
  });
});

test.describe("application status", () => {
  test.beforeEach(async ({ page }) => {
    await useOwnAddress(page);
  });

  test("Bengali: a pending application, found with a Bengali-digit phone number", async ({ page }) => {
    const app = await applicationIn("pending");
    await page.goto("/status");
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill(toBengaliDigits(nationalForm(app.phone)));
    await page.getByTestId("status-submit").click();

    const result = page.getByTestId("status-result");
    await expect(result.getByTestId("status-badge")).toHaveText("পর্যালোচনার অপেক্ষায়");
    // The ID as issued: its digits stay Latin on a Bengali page (issue 49).
    await expect(result).toContainText(app.applicationId);
    await expect(result.getByTestId("status-amount")).toHaveText(`৳${new Intl.NumberFormat("bn-BD").format(app.amount)}`);
    await expect(result.getByTestId("status-submitted")).toHaveText(dhakaDate(app.submittedAt, "bn-BD"));
    await expect(result.getByTestId("status-reason")).toHaveCount(0);
  });

  test("English: a pending application, found with the +880 form", async ({ page }) => {
    await useEnglish(page);
    const app = await applicationIn("pending");
    // The wizard's success screen links here with the ID.
    await page.goto(`/status?id=${app.applicationId}`);
    await expect(page.getByTestId("status-id")).toHaveValue(app.applicationId);
    await page.getByTestId("status-phone").fill(`+880 ${app.phone.slice(4, 8)} ${app.phone.slice(8)}`);
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-badge")).toHaveText("Pending review");
    await expect(page.getByTestId("status-result")).toContainText(app.applicationId);
    await expect(page.getByTestId("status-submitted")).toHaveText(dhakaDate(app.submittedAt, "en-GB"));
  });

  test("a rejected application shows the reason, in both languages", async ({ page }) => {
    const app = await applicationIn("rejected");
    await page.goto("/status");
    // Lowercase "lb" and a Bengali-digit ID are typed by people too.
    await page.getByTestId("status-id").fill(toBengaliDigits(app.applicationId.toLowerCase()));
    await page.getByTestId("status-phone").fill(nationalForm(app.phone));
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-badge")).toHaveText("প্রত্যাখ্যাত");
    await expect(page.getByTestId("status-reason")).toContainText("কারণ");
    await expect(page.getByTestId("status-reason")).toContainText(app.rejectionReason!);

    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill(app.phone);
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-badge")).toHaveText("Rejected");
    await expect(page.getByTestId("status-reason")).toContainText("Reason");
    await expect(page.getByTestId("status-reason")).toContainText(app.rejectionReason!);
  });

  test("under review and approved applications", async ({ page }) => {
    await useEnglish(page);
    for (const [status, label] of [
      ["under_review", "Under review"],
      ["approved", "Approved"],
    ] as const) {
      const app = await applicationIn(status);
      await page.goto("/status");
      await page.getByTestId("status-id").fill(app.applicationId);
      await page.getByTestId("status-phone").fill(app.phone);
      await page.getByTestId("status-submit").click();
      await expect(page.getByTestId("status-badge")).toHaveText(label);
      await expect(page.getByTestId("status-reason")).toHaveCount(0);
    }
  });

  test("a wrong phone or an unknown ID gets one generic message that reveals nothing", async ({ page }) => {
    const app = await applicationIn("pending");
    const wrongPhone = app.phone.endsWith("9") ? `${app.phone.slice(0, -1)}8` : `${app.phone.slice(0, -1)}9`;
    await page.goto("/status");
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill(wrongPhone);
    await page.getByTestId("status-submit").click();
    const bengaliMessage = "এই আইডি ও মোবাইল নম্বরের সঙ্গে মেলে এমন কোনো আবেদন পাওয়া যায়নি। দুটোই আবার দেখে চেষ্টা করুন।";
    await expect(page.getByTestId("status-not-found")).toHaveText(bengaliMessage);
    await expect(page.getByTestId("status-result")).toHaveCount(0);

    await page.getByTestId("status-id").fill("LB1000000000000000");
    await page.getByTestId("status-phone").fill(app.phone);
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-not-found")).toHaveText(bengaliMessage);

    await useEnglish(page);
    await page.reload();
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill(wrongPhone);
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-not-found")).toHaveText(
      "No application matches this ID and phone number. Please check both and try again.",
    );
  });

  test("malformed input is caught in the browser with field messages", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/status");
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-id-error")).toHaveText("Enter your application ID");
    await expect(page.getByTestId("status-phone-error")).toHaveText("Enter your mobile number");
    await page.getByTestId("status-id").fill("12345");
    await page.getByTestId("status-phone").fill("01212345678");
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-id-error")).toContainText("for example LB-7K3Q-9M2R");
    // A short reference with one wrong character is caught by its check character, before any lookup.
    await page.getByTestId("status-id").fill("LB-7K3Q-9M2X");
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-id-error")).toContainText("does not match");
    await expect(page.getByTestId("status-phone-error")).toHaveText(
      "Enter a valid Bangladeshi mobile number, e.g. 01712-345678",
    );
  });

  test("too many lookups from one address are refused with a clear message, however the client forges X-Forwarded-For", async ({ page }) => {
    await useEnglish(page);
    // Every request claims a new address of its own in front of what the trusted proxy saw.
    const seenByProxy = testAddress();
    await page.route("**/*", (route, request) => route.continue({ headers: { ...request.headers(), "x-forwarded-for": `${testAddress()}, ${seenByProxy}` } }));
    const app = await applicationIn("pending");
    await page.goto("/status");
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill("01700000000");
    const rateLimited = page.getByTestId("status-rate-limited");
    // The limit slides over two buckets, the earlier one weighted down as it slides out: start the attempts in a bucket
    // with time enough left for all of them, so a boundary passing mid-loop cannot lower the count (the loop takes
    // well under 90 s).
    const windowEnds = windowStartFor(new Date(), STATUS_LOOKUP_LIMIT.windowMs).getTime() + STATUS_LOOKUP_LIMIT.windowMs;
    // 21 lookups, each a round trip to the server: the 90 s the loop is given, not the default 30 s, while the other
    // worker keeps the machine's two cores busy.
    test.setTimeout(90_000);
    if (windowEnds - Date.now() < 90_000) {
      test.setTimeout(test.info().timeout + 90_000);
      await page.waitForTimeout(windowEnds - Date.now() + 500);
    }
    // One more than the limit must be refused; stop as soon as it is.
    for (let attempt = 0; attempt <= STATUS_LOOKUP_LIMIT.limit && !(await rateLimited.isVisible()); attempt++) {
      await page.getByTestId("status-submit").click();
      await expect(page.getByTestId("status-submit")).toBeEnabled();
      await expect(page.getByTestId("status-not-found").or(rateLimited)).toBeVisible();
    }
    await expect(rateLimited).toHaveText("Too many attempts. Please wait a few minutes and try again.");
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("eligibility and status fit a small phone", async ({ page }) => {
    await useOwnAddress(page);
    await page.goto("/eligibility");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await fillEligibility(page, { income: "১০০০০", employment: "freelancer", type: "instant", amount: "৫০০০০", tenure: "12" });
    await page.getByTestId("elig-submit").click();
    await expect(page.getByTestId("elig-not-eligible")).toBeVisible();
    await expect(page.getByTestId("elig-result")).toBeInViewport();
    await expect(page.getByTestId("elig-apply-link")).toHaveAttribute("href", /amount=43500/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const app = await applicationIn("rejected");
    await page.goto("/status");
    await page.getByTestId("status-id").fill(app.applicationId);
    await page.getByTestId("status-phone").fill(nationalForm(app.phone));
    await page.getByTestId("status-submit").click();
    await expect(page.getByTestId("status-badge")).toHaveText("প্রত্যাখ্যাত");
    await expect(page.getByTestId("status-reason")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
