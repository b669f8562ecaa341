/**
 * `npm run bench:field-phone` (after `npm run build`): the field screen on a slow phone (issue 46, point 7). Chromium at
 * 360 px with its CPU slowed 4× and DevTools' "Slow 4G" network (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up),
 * signed in as the demo society's collection agent:
 * - cold: a new browser context each run (no HTTP cache, no service worker, no IndexedDB), the screen opened until its
 *   sheet is usable (the first member's row is on screen, which the screen draws from what it stored after fetching);
 * - offline: in the same context once the screen says it is kept for offline, the network cut and the screen opened
 *   again, from the service worker and IndexedDB.
 * Times are from the navigation's start, read in the page (`performance.now()` when the row appears). Prints the median
 * and the slowest of FIELD_PHONE_RUNS runs (default 5). Goals: ≤ 2 s cold, ≤ 0.5 s offline. First, in the same run, the
 * floor: a blank Next.js page (bench/blank-next.ts) loaded cold the same way, until its load event (its scripts run).
 */
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_STAFF } from "../lib/seed/staff";
import { demoId } from "../lib/seed/support";
import { createSessionCookie } from "../tests/support/session-cookie";
import { startBlankNext } from "./blank-next";
import { startOrStop, startProductionApp } from "./prepare-app";
import { median } from "./stats";

const runs = Number(process.env.FIELD_PHONE_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
/** DevTools' "Slow 4G" preset. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const GOALS = { coldMs: 2_000, offlineMs: 500 };
const FIELD_PAGE = `/society-manager/${demoId("society:adarsha")}/field`;

/** Records, in the page, when the first member's row appears (milliseconds since the navigation started). */
const WATCH_FIRST_ROW = `
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid="field-member"]')) { window.__firstRowAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
`;

async function slowPhone(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  return cdp;
}

async function firstRowAt(page: Page): Promise<number> {
  await page.locator('[data-testid="field-member"]').first().waitFor({ timeout: 60_000 });
  return page.evaluate(() => (window as unknown as { __firstRowAt: number }).__firstRowAt);
}

const blank = await startBlankNext();
const app = await startOrStop(startProductionApp, blank.stop);
const browser = await startOrStop(
  () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] }),
  async () => (await blank.stop(), await app.stop()),
);
try {
  // The floor: what the framework alone costs this phone, cold.
  const floor: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await slowPhone(context, page);
    await page.goto(blank.baseUrl, { waitUntil: "load" });
    const loaded = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd);
    if (run > 0) floor.push(loaded);
    await context.close();
  }
  await blank.stop();
  const agent = DEMO_STAFF.find((s) => s.role === "collection_agent")!;
  const cookie = { ...(await createSessionCookie(app.databaseUrl, app.authSecret, agent.phone)), url: app.baseUrl };
  const cold: number[] = [];
  const offline: number[] = [];
  // The first run warms the server (its first render of the page), and is not counted.
  for (let run = 0; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.addCookies([cookie]);
    await context.addInitScript(WATCH_FIRST_ROW);
    const page = await context.newPage();
    await slowPhone(context, page);
    await page.goto(app.baseUrl + FIELD_PAGE);
    const coldMs = await firstRowAt(page);
    await page.locator('[data-testid="field-app"][data-shell-kept="true"]').waitFor({ timeout: 120_000 });
    await context.setOffline(true);
    const again = await context.newPage();
    const cdp = await slowPhone(context, again);
    await cdp.send("Network.emulateNetworkConditions", { ...SLOW_4G, offline: true });
    await again.goto(app.baseUrl + FIELD_PAGE);
    const offlineMs = await firstRowAt(again);
    if (run > 0) {
      cold.push(coldMs);
      offline.push(offlineMs);
    }
    await context.close();
  }
  const row = (label: string, samples: number[], goal: number) =>
    `| ${label} | ${median(samples).toFixed(0)} ms | ${Math.max(...samples).toFixed(0)} ms | ≤ ${goal} ms: ${Math.max(...samples) <= goal ? "met" : "not met"} |`;
  console.log(`Chromium at 360 px, CPU ${CPU_SLOWDOWN}× slower, Slow 4G, ${runs} runs, ${new Date().toISOString()}\n`);
  console.log("| the field screen, until the sheet is usable | median | slowest | goal |");
  console.log("|---|---|---|---|");
  console.log(`| floor: a blank Next.js page, cold, until its load event | ${median(floor).toFixed(0)} ms | ${Math.max(...floor).toFixed(0)} ms | |`);
  console.log(row("cold (nothing cached)", cold, GOALS.coldMs));
  console.log(row("offline (service worker and IndexedDB)", offline, GOALS.offlineMs));
} finally {
  await browser.close();
  await blank.stop();
  await app.stop();
}
