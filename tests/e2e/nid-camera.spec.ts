/**
 * The NID widget's camera mode. Runs in the "fake-camera" Playwright project: Chromium with
 * --use-fake-device-for-media-stream (a generated test pattern as the camera) and
 * --use-fake-ui-for-media-stream (the permission prompt is accepted). Camera failures are produced by
 * replacing getUserMedia before the page loads, which is how a browser reports them to the page.
 */
import { expect, test, type Page } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { CARD_PHOTO, dbQuery, useEnglish, useOwnAddress } from "./support";

type CameraLog = { constraints: MediaStreamConstraints[]; streams: MediaStream[]; blobs: Record<string, Blob> };

/** Keeps every getUserMedia request and stream so the test can check constraints and stopped tracks. */
async function recordCameraUse(page: Page) {
  await page.addInitScript(() => {
    const log: CameraLog = { constraints: [], streams: [], blobs: {} };
    (window as unknown as { cameraLog: CameraLog }).cameraLog = log;
    // The preview's blob: URL cannot be fetched back under the page's policy (connect-src 'self'): keep its Blob.
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = createObjectURL(object);
      if (object instanceof Blob) log.blobs[url] = object;
      return url;
    };
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      log.constraints.push(constraints ?? {});
      const stream = await original(constraints);
      log.streams.push(stream);
      return stream;
    };
  });
}

/** getUserMedia rejects the way Chromium does for the given reason. */
async function failCamera(page: Page, errorName: string) {
  await page.addInitScript((name) => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("camera refused", name));
  }, errorName);
}

async function toPersonalInfoStep(page: Page) {
  await page.goto("/apply");
  await page.getByTestId("apply-loan-type").selectOption("instant");
  await page.getByTestId("apply-amount").fill("20000");
  await page.getByTestId("apply-tenure").selectOption("6");
  await page.getByTestId("apply-purpose").fill("School fees");
  await page.getByTestId("apply-next").click();
  await expect(page.getByTestId("nid-capture")).toBeVisible();
}

test("the fake camera: capture a JPEG frame, the camera stops, Scan again, capture again, submit", async ({ page, context }) => {
  // Two card reads (up to 4 s each, on the server) in a full wizard: more than the default while the other
  // worker shares the machine's two cores.
  test.setTimeout(60_000);
  // The wizard with the camera runs under the public pages' Content Security Policy without a violation.
  const cspViolations = await watchCspViolations(context);
  await useEnglish(page);
  await useOwnAddress(page);
  await recordCameraUse(page);
  await toPersonalInfoStep(page);

  await expect(page.getByTestId("nid-mode-camera")).toHaveAttribute("aria-pressed", "true");
  await page.getByTestId("nid-start-camera").click();
  await expect(page.getByTestId("nid-capture-button")).toBeEnabled();
  const constraints = await page.evaluate(() => (window as unknown as { cameraLog: CameraLog }).cameraLog.constraints);
  expect(constraints).toEqual([
    { video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false },
  ]);
  await page.getByTestId("nid-capture-button").click();
  await expect(page.getByTestId("nid-status")).toHaveText("Captured — pending staff verification");

  const cameraStopped = () =>
    page.evaluate(() =>
      (window as unknown as { cameraLog: CameraLog }).cameraLog.streams.every((stream) =>
        stream.getTracks().every((track) => track.readyState === "ended"),
      ),
    );
  expect(await cameraStopped()).toBe(true);
  const preview = await page.getByTestId("nid-preview").evaluate(async (img: HTMLImageElement) => {
    const blob = (window as unknown as { cameraLog: CameraLog }).cameraLog.blobs[img.src]!;
    return { type: blob.type, size: blob.size, width: img.naturalWidth };
  });
  expect(preview.type).toBe("image/jpeg");
  expect(preview.size).toBeGreaterThan(1000);
  expect(preview.width).toBeGreaterThan(0);

  // Scan again resets everything: no card (the step says the photo is missing), the camera can start again.
  await page.getByTestId("nid-scan-again").click();
  await expect(page.getByTestId("nid-status")).toHaveCount(0);
  await expect(page.getByTestId("error-nidCardCaptured")).toBeVisible();
  await page.getByTestId("nid-start-camera").click();
  await page.getByTestId("nid-capture-button").click();
  await expect(page.getByTestId("nid-status")).toBeVisible();
  expect(await cameraStopped()).toBe(true);

  const name = `Camera Applicant ${Date.now().toString(36)}`;
  await page.getByTestId("apply-name").fill(name);
  await page.getByTestId("apply-phone").fill("01612345678");
  await page.getByTestId("apply-dob").fill("1979-11-20");
  await page.getByTestId("apply-nid").fill("1234567890");
  await page.getByTestId("apply-address").fill("Chattogram");
  await page.getByTestId("apply-next").click();
  await page.getByTestId("apply-employment-type").selectOption("salaried");
  await page.getByTestId("apply-employer").fill("Port Authority");
  await page.getByTestId("apply-monthly-income").fill("25000");
  await page.getByTestId("apply-next").click();
  await page.getByTestId("apply-submit").click();
  const applicationId = (await page.getByTestId("application-id").textContent())!.trim();

  const rows = await dbQuery<{ name: string; mimeType: string; nidVerificationStatus: string }>(
    `select a.name, d."mimeType", a."nidVerificationStatus" from "LoanApplication" a
       join "StoredDocument" d on d.id = a."nidImageId" where a."applicationId" = $1`,
    [applicationId],
  );
  expect(rows).toEqual([{ name, mimeType: "image/jpeg", nidVerificationStatus: "pending_staff_verification" }]);
  expect(cspViolations).toEqual([]);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("Bengali: a denied camera shows the permission message and tips, then switches to upload after 2 s", async ({ page }) => {
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await useOwnAddress(page);
    await failCamera(page, "NotAllowedError");
    await toPersonalInfoStep(page);

    await page.getByTestId("nid-start-camera").click();
    const failedAt = Date.now();
    const error = page.getByTestId("nid-error");
    await expect(error).toContainText("ক্যামেরা ব্যবহারের অনুমতি প্রয়োজন");
    await expect(error.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByTestId("nid-upload-instead")).toBeVisible();
    await expect(page.getByTestId("nid-mode-upload")).toHaveAttribute("aria-pressed", "false");
    await noSidewaysScroll();

    await expect(page.getByTestId("nid-mode-upload")).toHaveAttribute("aria-pressed", "true", { timeout: 5000 });
    expect(Date.now() - failedAt).toBeGreaterThanOrEqual(1500);
    await expect(page.getByTestId("nid-upload-instead")).toHaveCount(0);
    await noSidewaysScroll();

    await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
    await expect(page.getByTestId("nid-status")).toHaveText("ছবি নেওয়া হয়েছে — স্টাফের যাচাইয়ের অপেক্ষায়");
    await expect(page.getByTestId("nid-error")).toHaveCount(0);
    await noSidewaysScroll();
  });
});

test("a camera in use by another app: message, tips, and Upload instead switches at once", async ({ page }) => {
  await useEnglish(page);
  await failCamera(page, "NotReadableError");
  await toPersonalInfoStep(page);

  await page.getByTestId("nid-start-camera").click();
  await expect(page.getByTestId("nid-error")).toContainText("Camera is being used by another app");
  await expect(page.getByTestId("nid-error")).toContainText("Close other apps that use the camera");
  await page.getByTestId("nid-upload-instead").click();
  await expect(page.getByTestId("nid-mode-upload")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("nid-file-input")).toBeAttached();
  await expect(page.getByTestId("nid-upload-hint")).toHaveText("JPG, PNG or JPEG, under 5MB");
});

test("no camera, or no camera API at all, reads Camera not found", async ({ page }) => {
  await useEnglish(page);
  await failCamera(page, "NotFoundError");
  await toPersonalInfoStep(page);
  await page.getByTestId("nid-start-camera").click();
  await expect(page.getByTestId("nid-error")).toContainText("Camera not found");

  const noApi = await page.context().newPage();
  await noApi.addInitScript(() => {
    Object.defineProperty(navigator, "mediaDevices", { value: undefined, configurable: true });
  });
  await toPersonalInfoStep(noApi);
  await noApi.getByTestId("nid-start-camera").click();
  await expect(noApi.getByTestId("nid-error")).toContainText("Camera not found");
  await expect(noApi.getByTestId("nid-mode-upload")).toHaveAttribute("aria-pressed", "true", { timeout: 5000 });
});
