import { defineConfig, devices } from "@playwright/test";

// The runner (tests/e2e/run.ts) prepares the database and the server; this file only describes the browser.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3210";
/** A second server, same database, with PROTOTYPE_COMPAT on: the prototype's simulated behaviours. */
const compatBaseURL = process.env.E2E_COMPAT_BASE_URL ?? "http://127.0.0.1:3211";
const compatSpecs = "**/*.compat.spec.ts";
const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Specs that need a camera run in their own browser with Chromium's fake camera, auto-allowed. */
const cameraSpecs = "**/nid-camera.spec.ts";
/**
 * Specs whose card photos the server reads (OCR: a few seconds of one core each, the wizard's read bounded at 4 s)
 * run one at a time, beside the other specs: two at once on this 2-core machine push a read past its bound.
 */
const cardPhotoSpecs = ["**/apply.spec.ts", "**/admin-kyc.spec.ts", "**/journey.spec.ts", "**/admin-review.spec.ts"];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: ".test-results/e2e.json" }]],
  // A test is a user's whole flow (two browsers, two servers, PostgreSQL and card reading share 2 cores): its budget is
  // generous so the machine's load never decides a result; each expectation still waits at most 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: [cameraSpecs, compatSpecs, ...cardPhotoSpecs],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "card-photos",
      testMatch: cardPhotoSpecs,
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "fake-camera",
      testMatch: cameraSpecs,
      // After the other card-photo specs, never beside them (see cardPhotoSpecs).
      dependencies: ["card-photos"],
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath,
          args: [...chromiumArgs, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
        },
      },
    },
    {
      name: "prototype-compat",
      testMatch: compatSpecs,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, baseURL: compatBaseURL },
    },
  ],
});
