import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  CARD_PHOTO,
  dbQuery,
  fillEmploymentInfo,
  fillLoanDetails,
  noSidewaysScroll,
  useEnglish,
  useOwnAddress,
} from "./support";

/** A name no other test uses, to find this test's rows. */
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Server actions are POSTs carrying a Next-Action header. */
function countServerActions(page: Page): { readonly count: number } {
  const counter = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) counter.count++;
  });
  return counter;
}

type PersonalInfo = { name: string; phone: string; email?: string; dob: string; nid: string; address: string };

async function uploadCardPhoto(page: Page) {
  await page.getByTestId("nid-mode-upload").click();
  await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
  await expect(page.getByTestId("nid-status")).toBeVisible();
}

/** Next on an incomplete step: the wizard stays, and the focus is on the first missing field (its message shown). */
async function nextStaysOn(page: Page, step: number, firstMissing: string) {
  await page.getByTestId("apply-next").click();
  await expect(page.getByTestId("apply-wizard")).toHaveAttribute("data-step", String(step));
  await expect(page.getByTestId(firstMissing)).toBeFocused();
}

async function fillPersonalInfo(page: Page, v: PersonalInfo) {
  await page.getByTestId("apply-name").fill(v.name);
  await page.getByTestId("apply-phone").fill(v.phone);
  if (v.email !== undefined) await page.getByTestId("apply-email").fill(v.email);
  await page.getByTestId("apply-dob").fill(v.dob);
  await page.getByTestId("apply-nid").fill(v.nid);
  await page.getByTestId("apply-address").fill(v.address);
}

type StoredApplication = {
  id: string;
  language: string;
  loanType: string;
  amount: number;
  tenure: number;
  emi: number;
  name: string;
  phone: string;
  email: string | null;
  nid: string;
  monthlyIncome: number;
  existingLoans: number | null;
  status: string;
  nidVerificationStatus: string;
  nidSimulated: boolean;
  nidVerifiedName: string | null;
  nidImageId: string | null;
};

async function storedApplications(applicationId: string): Promise<StoredApplication[]> {
  return dbQuery<StoredApplication>(
    `select id, language, "loanType", amount, tenure, emi, name, phone, email, nid, "monthlyIncome", "existingLoans",
            status, "nidVerificationStatus", "nidSimulated", "nidVerifiedName", "nidImageId"
       from "LoanApplication" where "applicationId" = $1`,
    [applicationId],
  );
}

test.describe("loan application wizard", () => {
  test("Bengali: the whole wizard with a card photo ends on the success screen and one stored application", async ({ page }) => {
    await useOwnAddress(page);
    const name = uniqueName("রহিমা খাতুন");
    await page.goto("/apply");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ঋণের আবেদন");

    // Step 1
    await expect(page.getByTestId("apply-step-title")).toHaveText("ঋণের বিবরণ");
    await expect(page.getByTestId("apply-step-counter")).toHaveText("ধাপ ১ / ৪");
    await expect(page.getByTestId("apply-previous")).toBeDisabled();
    await expect(page.getByTestId("apply-next")).toBeEnabled();
    await page.getByTestId("apply-loan-type").selectOption("instant");
    // Instant Microloan runs 1-12 months: only 6 and 12 of the fixed tenures fit.
    await expect(page.getByTestId("apply-tenure").locator("option:not([disabled])")).toHaveText(["৬ মাস", "১২ মাস"]);
    await page.getByTestId("apply-amount").fill("৫০০০০"); // Bengali keyboard digits
    await page.getByTestId("apply-tenure").selectOption("12");
    await expect(page.getByTestId("apply-calc-emi")).toHaveText("৳৪,৫৮৪");
    await expect(page.getByTestId("apply-calc-total")).toHaveText("৳৫৫,০০৮");
    await expect(page.getByTestId("apply-calc-interest")).toHaveText("৳৫,০০৮");
    await nextStaysOn(page, 1, "apply-purpose"); // purpose still missing
    await expect(page.getByTestId("error-purpose")).toHaveText("এই ঘরটি পূরণ করা আবশ্যক");
    await page.getByTestId("apply-purpose").fill("দোকানের জন্য মালামাল কেনা");
    await page.getByTestId("apply-next").click();

    // Step 2
    await expect(page.getByTestId("apply-step-title")).toHaveText("ব্যক্তিগত তথ্য");
    await expect(page.getByTestId("nid-security-features")).toContainText("হলোগ্রাম");
    await fillPersonalInfo(page, {
      name,
      phone: "০১৭১২-৩৪৫৬৭৮",
      dob: "1990-05-15",
      nid: "১২৩৪৫৬৭৮৯০",
      address: "বাড়ি ১২, রোড ৫, মিরপুর, ঢাকা",
    });
    await nextStaysOn(page, 2, "apply-nid-card"); // no card photo yet
    await uploadCardPhoto(page);
    await expect(page.getByTestId("nid-status")).toHaveText("ছবি নেওয়া হয়েছে — স্টাফের যাচাইয়ের অপেক্ষায়");
    await page.getByTestId("apply-next").click();

    // Step 3
    await expect(page.getByTestId("apply-step-title")).toHaveText("পেশা ও আয়");
    await expect(page.getByTestId("nid-security-features")).toHaveCount(0);
    await nextStaysOn(page, 3, "apply-employment-type");
    await fillEmploymentInfo(page, { employment: "salaried", employer: "ঢাকা টেক্সটাইল লিমিটেড", income: "৩০০০০", existing: "২০০০" });
    await page.getByTestId("apply-next").click();

    // Step 4
    await expect(page.getByTestId("apply-step-title")).toHaveText("পর্যালোচনা");
    await expect(page.getByTestId("apply-next")).toHaveCount(0);
    await expect(page.getByTestId("review-amount")).toHaveText("৳৫০,০০০");
    await expect(page.getByTestId("review-emi")).toHaveText("৳৪,৫৮৪");
    await expect(page.getByTestId("review-phone")).toHaveText("01712-345678");
    await page.getByTestId("apply-submit").click();

    await expect(page.getByTestId("apply-success")).toContainText("আবেদন জমা হয়েছে");
    const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
    expect(applicationId).toMatch(/^LB-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    await expect(page.getByTestId("apply-success").getByRole("link", { name: "হোমে ফিরে যান" })).toHaveAttribute("href", "/");

    const rows = await storedApplications(applicationId);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      language: "bn",
      loanType: "instant",
      amount: 50000,
      tenure: 12,
      emi: 4584,
      name,
      phone: "+8801712345678",
      email: null,
      nid: "1234567890",
      monthlyIncome: 30000,
      existingLoans: 2000,
      status: "pending",
      nidVerificationStatus: "pending_staff_verification",
      nidSimulated: false,
      nidVerifiedName: null,
    });
    const [document] = await dbQuery<{ mimeType: string; sizeBytes: number; bytes: Buffer }>(
      `select "mimeType", "sizeBytes", bytes from "StoredDocument" where id = $1`,
      [row!.nidImageId],
    );
    // The photo as the server re-encoded it: the same picture, none of the file's metadata.
    expect(document).toMatchObject({ mimeType: "image/jpeg", sizeBytes: document!.bytes.length });
    const [original, stored] = await Promise.all([sharp(CARD_PHOTO).metadata(), sharp(document!.bytes).metadata()]);
    expect({ width: stored.width, height: stored.height, exif: stored.exif }).toEqual({ width: original.width, height: original.height, exif: undefined });
    const [kyc] = await dbQuery<{ count: string }>(`select count(*) from "KycCase" where "applicationId" = $1`, [row!.id]);
    expect(kyc!.count).toBe("1");
  });

  test("a 9 MB, 4,000 px phone photo is made smaller in the browser, uploaded once, and stored upright without EXIF (360 px)", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await useEnglish(page);
    await useOwnAddress(page);
    // As a phone camera writes it: 4,000 × 3,000 of detail, "rotate 90°" and a GPS position in its EXIF.
    const photo = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: "PhoneMaker" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "23/1 48/1 0/1" } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
    const posted: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.headers()["next-action"]) posted.push(request.postDataBuffer()?.length ?? 0);
    });

    await page.goto("/apply");
    await fillLoanDetails(page, { type: "salary", amount: "200000", tenure: "24", purpose: "Home repairs" });
    await page.getByTestId("apply-next").click();
    await fillPersonalInfo(page, { name: uniqueName("Rahima Khatun"), phone: "01712-345678", dob: "1990-05-15", nid: "1234567890", address: "House 12, Road 5, Mirpur, Dhaka" });
    await page.getByTestId("nid-mode-upload").click();
    await page.getByTestId("nid-file-input").setInputFiles({ name: "IMG_20261123_101500.jpg", mimeType: "image/jpeg", buffer: photo });
    // Made smaller on the phone, then checked on the server: the slowest step of the wizard on a loaded machine.
    await expect(page.getByTestId("nid-status")).toHaveText("Captured — pending staff verification", { timeout: 30_000 });
    await expect(page.getByTestId("nid-error")).toHaveCount(0);
    // The image check received the photo made smaller, under the 5 MB limit.
    expect(posted).toHaveLength(1);
    expect(posted[0]).toBeLessThan(5 * 1024 * 1024);
    await noSidewaysScroll(page, 360);
    await page.getByTestId("apply-next").click();
    await fillEmploymentInfo(page, { employment: "salaried", employer: "Square Textiles", income: "60000" });
    await page.getByTestId("apply-next").click();
    await page.getByTestId("apply-submit").click();
    await expect(page.getByTestId("apply-success")).toBeVisible();
    // The submission named the checked photo instead of sending it again.
    expect(posted).toHaveLength(2);
    expect(posted[1]).toBeLessThan(20 * 1024);

    const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
    const [stored] = await dbQuery<{ mimeType: string; bytes: Buffer }>(
      `select d."mimeType", d.bytes from "StoredDocument" d join "LoanApplication" a on a."nidImageId" = d.id where a."applicationId" = $1`,
      [applicationId],
    );
    expect(stored?.mimeType).toBe("image/jpeg");
    const meta = await sharp(stored!.bytes).metadata();
    // Upright (portrait, as the EXIF said) and at most 2,000 px; no EXIF, so no GPS position.
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({ format: "jpeg", width: 1500, height: 2000, exif: undefined });
  });

  test("a refresh keeps what was typed on steps 1–3; the back button and Previous go to the previous step", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    const wizard = page.getByTestId("apply-wizard");
    const person = { name: uniqueName("Rahima Khatun"), phone: "01712-345678", dob: "1990-05-15", nid: "1234567890", address: "House 12, Road 5, Mirpur" };
    await page.goto("/apply");
    await fillLoanDetails(page, { type: "salary", amount: "200000", tenure: "24", purpose: "Home repairs" });
    await page.getByTestId("apply-next").click();
    await fillPersonalInfo(page, person);
    await uploadCardPhoto(page);
    await page.getByTestId("apply-next").click();
    await expect(wizard).toHaveAttribute("data-step", "3");
    await fillEmploymentInfo(page, { employment: "business", employer: "Rahima Tailors", income: "45000", existing: "1500" });

    // Android's back button: step 2 with everything (the photo too); forward: step 3 again.
    await page.goBack();
    await expect(wizard).toHaveAttribute("data-step", "2");
    await expect(page).toHaveURL(/\/apply$/);
    await expect(page.getByTestId("apply-name")).toHaveValue(person.name);
    await expect(page.getByTestId("nid-status")).toBeVisible();
    await page.goForward();
    await expect(wizard).toHaveAttribute("data-step", "3");
    await expect(page.getByTestId("apply-employer")).toHaveValue("Rahima Tailors");
    // Previous is the same step back; back once more leaves for step 1.
    await page.getByTestId("apply-previous").click();
    await expect(wizard).toHaveAttribute("data-step", "2");
    await page.goBack();
    await expect(wizard).toHaveAttribute("data-step", "1");
    await page.goForward();
    await page.goForward();
    await expect(wizard).toHaveAttribute("data-step", "3");

    // A refresh on step 3: everything typed is still there; the card photo is asked for again.
    await page.reload();
    await expect(wizard).toHaveAttribute("data-step", "2");
    const expectValues = async (values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values)) await expect(page.getByTestId(`apply-${field}`)).toHaveValue(value);
    };
    await expectValues(person);
    await nextStaysOn(page, 2, "apply-nid-card");
    await expect(page.getByTestId("error-nidCardCaptured")).toHaveText("Take or upload a photo of the front of your NID card");
    await uploadCardPhoto(page);
    await page.getByTestId("apply-next").click();
    await expectValues({ "employment-type": "business", employer: "Rahima Tailors", "monthly-income": "45000", "existing-loans": "1500" });
    await page.getByTestId("apply-previous").click();
    await page.getByTestId("apply-previous").click();
    await expect(wizard).toHaveAttribute("data-step", "1");
    await expectValues({ "loan-type": "salary", amount: "200000", tenure: "24", purpose: "Home repairs" });

    // Submitted: the draft is gone, a new visit starts empty.
    await page.getByTestId("apply-next").click();
    await page.getByTestId("apply-next").click();
    await page.getByTestId("apply-next").click();
    await page.getByTestId("apply-submit").click();
    await expect(page.getByTestId("apply-success")).toBeVisible();
    await page.goto("/apply");
    await expect(page.getByTestId("apply-amount")).toHaveValue("");
  });

  test("Apply on a product card, on /loans and on the calculator opens the wizard with the choice made", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/");
    await page.locator('[data-testid="product-card"][data-product="business"]').getByRole("link").last().click();
    await expect(page).toHaveURL(/\/apply\?type=business$/);
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("business");

    await page.goto("/loans");
    await page.locator('[data-testid="product-row"][data-product-key="salary"]').getByRole("link").first().click();
    await expect(page).toHaveURL(/\/apply\?type=salary$/);
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("salary");

    await page.goto("/calculator");
    await page.getByTestId("calc-loan-type").selectOption("instant");
    await page.getByTestId("calc-amount").fill("৩০০০০");
    await page.getByTestId("calc-tenure").selectOption("12");
    await page.getByTestId("calc-apply").click();
    await expect(page).toHaveURL(/\/apply\?type=instant&amount=30000&tenure=12$/);
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("instant");
    await expect(page.getByTestId("apply-amount")).toHaveValue("30000");
    await expect(page.getByTestId("apply-tenure")).toHaveValue("12");
  });

  test("Next says what is missing (each field marked, the focus on the first), and touched fields explain why", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    const actions = countServerActions(page);
    await page.goto("/apply");
    const next = page.getByTestId("apply-next");

    // Step 1: translated messages appear once a field was touched.
    await page.getByTestId("apply-amount").fill("abc");
    await page.getByTestId("apply-amount").blur();
    await expect(page.getByTestId("error-amount")).toHaveText("Enter a valid amount (whole taka only)");
    await page.getByTestId("apply-loan-type").selectOption("instant");
    await page.getByTestId("apply-amount").fill("60000");
    await expect(page.getByTestId("error-amount")).toHaveText("The amount must be within this loan's range");
    // A product with a wider range makes the same amount acceptable.
    await page.getByTestId("apply-loan-type").selectOption("salary");
    await expect(page.getByTestId("error-amount")).toHaveCount(0);
    await expect(page.getByTestId("apply-tenure").locator("option:not([disabled])")).toHaveText([
      "12 months",
      "18 months",
      "24 months",
      "36 months",
      "48 months",
      "60 months",
    ]);
    await page.getByTestId("apply-purpose").focus();
    await page.getByTestId("apply-purpose").blur();
    await expect(page.getByTestId("error-purpose")).toHaveText("This field is required");
    await nextStaysOn(page, 1, "apply-tenure");
    await page.getByTestId("apply-tenure").selectOption("24");
    await page.getByTestId("apply-purpose").fill("Home repairs");
    await expect(page.getByTestId("error-purpose")).toHaveCount(0);
    await next.click();

    // Step 2: bad values, each with its message.
    await page.getByTestId("apply-phone").fill("12345");
    await page.getByTestId("apply-email").fill("someone@");
    const tenYearsAgo = new Date(Date.now() - 10 * 365.25 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await page.getByTestId("apply-dob").fill(tenYearsAgo);
    await page.getByTestId("apply-nid").fill("123");
    await page.getByTestId("apply-name").focus(); // moves focus off the NID field
    await expect(page.getByTestId("error-phone")).toHaveText("Enter a valid mobile number (e.g. 01712-345678)");
    await expect(page.getByTestId("error-email")).toHaveText("Enter a valid e-mail address");
    await expect(page.getByTestId("error-dob")).toHaveText("You must be at least 18 years old");
    await expect(page.getByTestId("error-nid")).toHaveText("The NID number must have 10, 13 or 17 digits");
    await nextStaysOn(page, 2, "apply-nid-card"); // the card comes first on the page

    await fillPersonalInfo(page, {
      name: "Karim Hossain",
      phone: "+880 1812-345678",
      email: "",
      dob: "1985-01-31",
      nid: "19851234567890123",
      address: "Road 3, Sylhet",
    });
    for (const field of ["phone", "email", "dob", "nid"]) await expect(page.getByTestId(`error-${field}`)).toHaveCount(0);
    await nextStaysOn(page, 2, "apply-nid-card"); // every field is fine, but there is no card photo
    await expect(page.getByTestId("error-nidCardCaptured")).toHaveText("Take or upload a photo of the front of your NID card");

    // Refused in the browser before anything is uploaded.
    await page.getByTestId("nid-mode-upload").click();
    const before = actions.count;
    await page.getByTestId("nid-file-input").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a picture"),
    });
    await expect(page.getByTestId("nid-error")).toContainText("Only image files are allowed");
    await page.getByTestId("nid-file-input").setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.alloc(5 * 1024 * 1024, 0xff),
    });
    await expect(page.getByTestId("nid-error")).toContainText("Image size must be less than 5MB");
    await expect(page.getByTestId("nid-upload-hint")).toHaveText("JPG, PNG or JPEG, under 5MB");
    expect(actions.count).toBe(before);

    // A text file claiming to be a JPEG passes the browser's check; the server reads its bytes and refuses it.
    await page.getByTestId("nid-file-input").setInputFiles({
      name: "card.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is text, not a JPEG"),
    });
    await expect(page.getByTestId("nid-error")).toContainText("Only image files are allowed");
    expect(actions.count).toBe(before + 1);
    await nextStaysOn(page, 2, "apply-nid-card");

    await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
    await expect(page.getByTestId("nid-status")).toHaveText("Captured — pending staff verification");
    await expect(page.getByTestId("nid-error")).toHaveCount(0);
    await expect(page.getByTestId("error-nidCardCaptured")).toHaveCount(0);

    // Scan again forgets the card.
    await page.getByTestId("nid-scan-again").click();
    await expect(page.getByTestId("nid-status")).toHaveCount(0);
    await nextStaysOn(page, 2, "apply-nid-card");

    // Previous keeps what was typed.
    await page.getByTestId("apply-previous").click();
    await expect(page.getByTestId("apply-step-title")).toHaveText("Loan details");
    await expect(page.getByTestId("apply-amount")).toHaveValue("60000");
    await expect(page.getByTestId("apply-previous")).toBeDisabled();
    await next.click();
    await expect(page.getByTestId("apply-name")).toHaveValue("Karim Hossain");
  });

  test("what a slow phone's user enters before the JavaScript arrives is kept", async ({ page }) => {
    await useEnglish(page);
    let releaseScripts!: () => void;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    await page.goto("/apply", { waitUntil: "domcontentloaded" });
    // Server-rendered: the selects show their placeholders, nothing is interactive yet.
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("");
    await page.getByTestId("apply-loan-type").selectOption("instant");
    await page.getByTestId("apply-amount").fill("25000");
    await page.getByTestId("apply-purpose").fill("Typed before hydration");
    releaseScripts();

    await page.getByTestId("apply-tenure").selectOption("12");
    await expect(page.getByTestId("apply-calc-emi")).toHaveText("৳2,292");
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("instant");
    await expect(page.getByTestId("apply-amount")).toHaveValue("25000");
    await expect(page.getByTestId("apply-purpose")).toHaveValue("Typed before hydration");
    await page.getByTestId("apply-next").click();
    await expect(page.getByTestId("apply-wizard")).toHaveAttribute("data-step", "2");
  });

  test("a link from /eligibility prefills the wizard; bad values are ignored", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/apply?type=instant&amount=50000&tenure=12&income=30000&employment=salaried&existing=2000");
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("instant");
    await expect(page.getByTestId("apply-amount")).toHaveValue("50000");
    await expect(page.getByTestId("apply-tenure")).toHaveValue("12");
    await expect(page.getByTestId("apply-calc-emi")).toHaveText("৳4,584");
    await nextStaysOn(page, 1, "apply-purpose"); // the purpose is still the applicant's to write
    await page.getByTestId("apply-purpose").fill("Stock for my shop");
    await expect(page.getByTestId("error-purpose")).toHaveCount(0);

    await page.goto("/apply?type=payday&amount=-5&tenure=7&income=abc&employment=pirate&existing=x");
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("");
    await expect(page.getByTestId("apply-amount")).toHaveValue("");
    await expect(page.getByTestId("apply-tenure")).toHaveValue("");
    await expect(page.getByTestId("apply-calc-emi")).toHaveText("—");

    // An amount outside the product's range is dropped, the rest kept.
    await page.goto("/apply?type=instant&amount=900000&tenure=24");
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("instant");
    await expect(page.getByTestId("apply-amount")).toHaveValue("");
    await expect(page.getByTestId("apply-tenure")).toHaveValue("");
  });

  test("prefilled employment details reach step 3", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    await page.goto("/apply?type=business&amount=100000&tenure=24&income=45000&employment=business&existing=5000");
    await page.getByTestId("apply-purpose").fill("A second sewing machine");
    await page.getByTestId("apply-next").click();
    await fillPersonalInfo(page, {
      name: "Nasrin Akter",
      phone: "01912345678",
      dob: "1992-08-01",
      nid: "9876543210",
      address: "Ward 4, Bogura",
    });
    await uploadCardPhoto(page);
    await page.getByTestId("apply-next").click();
    await expect(page.getByTestId("apply-employment-type")).toHaveValue("business");
    await expect(page.getByTestId("apply-monthly-income")).toHaveValue("45000");
    await expect(page.getByTestId("apply-existing-loans")).toHaveValue("5000");
    await nextStaysOn(page, 3, "apply-employer"); // employer is still empty
  });

  test("the server's field errors send the applicant back to the step that holds them; a retry then succeeds", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    const name = uniqueName("Range Changed");
    await page.goto("/apply");
    await fillLoanDetails(page, { type: "consumer", amount: "200000", tenure: "24", purpose: "A refrigerator" });
    await page.getByTestId("apply-next").click();
    await fillPersonalInfo(page, { name, phone: "01512345678", dob: "1980-12-01", nid: "1234567890123", address: "Khulna" });
    await uploadCardPhoto(page);
    await page.getByTestId("apply-next").click();
    await fillEmploymentInfo(page, { employment: "other", employer: "Self", income: "80000" });
    await page.getByTestId("apply-next").click();
    await expect(page.getByTestId("apply-step-title")).toHaveText("Review");

    // Staff lower the product's ceiling while the applicant is on the review step.
    const [before] = await dbQuery<{ maxAmount: number }>(`select "maxAmount" from "LoanProduct" where key = 'consumer'`);
    await dbQuery(`update "LoanProduct" set "maxAmount" = 150000 where key = 'consumer'`);
    try {
      await page.getByTestId("apply-submit").click();
      await expect(page.getByTestId("apply-step-title")).toHaveText("Loan details");
      await expect(page.getByTestId("error-amount")).toHaveText("The amount must be within this loan's range");
      await expect(page.getByTestId("apply-submit-error")).toContainText("Some details need correcting");
      expect(await dbQuery(`select 1 from "LoanApplication" where name = $1`, [name])).toHaveLength(0);

      await page.getByTestId("apply-amount").fill("150000");
      await page.getByTestId("apply-amount").blur();
      await expect(page.getByTestId("error-amount")).toHaveCount(0);
      for (const title of ["Personal info", "Employment info", "Review"]) {
        await page.getByTestId("apply-next").click();
        await expect(page.getByTestId("apply-step-title")).toHaveText(title);
      }
      await page.getByTestId("apply-submit").click();
      const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
      const rows = await storedApplications(applicationId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: 150000, language: "en", name });
    } finally {
      await dbQuery(`update "LoanProduct" set "maxAmount" = $1 where key = 'consumer'`, [before!.maxAmount]);
    }
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  for (const language of ["bn", "en"] as const) {
    test(`${language === "bn" ? "Bengali" : "English"}: a tap on Next with an empty step 1 marks every missing field and focuses the first`, async ({ page }) => {
      if (language === "en") await useEnglish(page);
      await page.goto("/apply");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await nextStaysOn(page, 1, "apply-loan-type");
      const required = language === "bn" ? "এই ঘরটি পূরণ করা আবশ্যক" : "This field is required";
      for (const field of ["loanType", "amount", "tenure", "purpose"]) await expect(page.getByTestId(`error-${field}`)).toBeVisible();
      await expect(page.getByTestId("error-purpose")).toHaveText(required);
      // Each marked field tells a screen reader what is wrong.
      await expect(page.getByTestId("apply-loan-type")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("apply-loan-type")).toHaveAttribute("aria-describedby", "apply-loanType-error");
      await noSidewaysScroll(page, 360);
    });
  }

  test("English: a full application on a small phone; a double click submits once; New Application starts over", async ({ page }) => {
    await useEnglish(page);
    await useOwnAddress(page);
    const actions = countServerActions(page);
    const name = uniqueName("Abdul Karim");
    await page.goto("/apply");
    await noSidewaysScroll(page, 360);

    await fillLoanDetails(page, { type: "business", amount: "75,000", tenure: "24", purpose: "Restock my grocery shop" });
    await expect(page.getByTestId("apply-calc-emi")).not.toHaveText("—");
    // The side panel sits below the form on a phone.
    const wizardBox = (await page.getByTestId("apply-wizard").boundingBox())!;
    const calculatorBox = (await page.getByTestId("apply-calculator").boundingBox())!;
    expect(calculatorBox.y).toBeGreaterThanOrEqual(wizardBox.y + wizardBox.height);
    await expect(page.getByTestId("apply-help-phone")).toHaveAttribute("href", /^tel:\+880\d+$/);
    await page.getByTestId("apply-next").click();

    await expect(page.getByTestId("apply-step-title")).toHaveText("Personal info");
    await expect(page.getByTestId("apply-step-title")).toBeInViewport();
    await fillPersonalInfo(page, {
      name,
      phone: "01712 345 678",
      email: "Karim@Example.com",
      dob: "1988-03-10",
      nid: "1234567890",
      address: "House 7, Road 2, Rajshahi",
    });
    await uploadCardPhoto(page);
    await noSidewaysScroll(page, 360);
    await page.getByTestId("apply-next").click();

    await fillEmploymentInfo(page, { employment: "freelancer", employer: "Upwork", income: "40,000" });
    await noSidewaysScroll(page, 360);
    await page.getByTestId("apply-next").click();

    await expect(page.getByTestId("apply-step-title")).toHaveText("Review");
    await noSidewaysScroll(page, 360);
    const actionsBeforeSubmit = actions.count;
    await page.getByTestId("apply-submit").dblclick();
    await expect(page.getByTestId("apply-success")).toBeVisible();
    await noSidewaysScroll(page, 360);
    expect(actions.count - actionsBeforeSubmit).toBe(1);

    const applicationId = (await page.getByTestId("application-id").textContent())!.trim();
    const rows = await storedApplications(applicationId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ language: "en", loanType: "business", amount: 75000, email: "karim@example.com", monthlyIncome: 40000, existingLoans: null });
    expect(await dbQuery(`select 1 from "LoanApplication" where name = $1`, [name])).toHaveLength(1);

    await page.getByTestId("apply-new-application").click();
    await expect(page.getByTestId("apply-step-title")).toHaveText("Loan details");
    await expect(page.getByTestId("apply-loan-type")).toHaveValue("");
    await expect(page.getByTestId("apply-amount")).toHaveValue("");
    await expect(page.getByTestId("apply-purpose")).toHaveValue("");
    await expect(page.getByTestId("apply-previous")).toBeDisabled();
    await expect(page.getByTestId("apply-calc-emi")).toHaveText("—");
    await nextStaysOn(page, 1, "apply-loan-type");
  });
});
