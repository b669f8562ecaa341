/**
 * The web font is switched on from the frame after the first contentful paint, so a first visit's first paint never
 * waits on its files; later pages of the same tab use it from the start; the signed-in pages' script policy lets its
 * inline script run (lib/web-font.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { watchCspViolations } from "./csp";

type FontTiming = { switchedOnAt: number | null; firstContentfulPaintAt: number; fontRequestsAt: number[]; bodyFont: string };

/** Records, in the page's own clock, when <html> got data-web-font (an init script runs before the page's scripts). */
async function recordSwitch(page: Page) {
  await page.addInitScript(() => {
    const record = () => {
      if (document.documentElement.hasAttribute("data-web-font") && !("webFontAt" in window)) {
        Object.assign(window, { webFontAt: performance.now() });
      }
    };
    new MutationObserver(record).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-web-font"] });
  });
}

async function fontTiming(page: Page): Promise<FontTiming> {
  await expect(page.locator("html[data-web-font]")).toHaveCount(1);
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => ({
    switchedOnAt: (window as unknown as { webFontAt?: number }).webFontAt ?? null,
    firstContentfulPaintAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    fontRequestsAt: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".woff2"))
      .map((entry) => entry.startTime),
    bodyFont: getComputedStyle(document.body).fontFamily,
  }));
}

test("a first visit paints before it asks for the font, then uses it; the tab's next page uses it from the start", async ({ page }) => {
  await recordSwitch(page);
  await page.goto("/compliance");
  const first = await fontTiming(page);
  expect(first.bodyFont).toContain("Noto Sans Bengali");
  expect(first.firstContentfulPaintAt).toBeGreaterThan(0);
  expect(first.switchedOnAt).toBeGreaterThanOrEqual(first.firstContentfulPaintAt);
  // A Bengali page needs the Bengali faces: at least the regular and bold ones were fetched, all after the paint.
  expect(first.fontRequestsAt.length).toBeGreaterThanOrEqual(2);
  for (const requestedAt of first.fontRequestsAt) expect(requestedAt).toBeGreaterThanOrEqual(first.firstContentfulPaintAt);

  await page.goto("/en/loans");
  const next = await fontTiming(page);
  expect(next.bodyFont).toContain("Noto Sans Bengali");
  expect(next.switchedOnAt).not.toBeNull();
  expect(next.switchedOnAt!).toBeLessThan(next.firstContentfulPaintAt);
});

test("switching language in the page keeps the web font (React mounts <html> again and drops its attributes)", async ({ page }) => {
  await page.goto("/loans");
  await expect(page.locator("html[data-web-font]")).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByTestId("language-toggle").click();
  await expect(page).toHaveURL(/\/en\/loans$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // A client-side navigation (the case this is about), not a new document with the script run again.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(page.locator("html[data-web-font]")).toHaveCount(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("Noto Sans Bengali");
});

test("the signed-in pages run the font's script under their nonce policy, without a violation", async ({ page, context }) => {
  const violations = await watchCspViolations(context);
  const response = await page.goto("/admin/login");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  await expect(page.locator("html[data-web-font]")).toHaveCount(1);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("Noto Sans Bengali");
  expect(violations).toEqual([]);
});

test("without scripts the page uses the font from the start", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.locator("html[data-web-font]")).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain("Noto Sans Bengali");
  await context.close();
});
