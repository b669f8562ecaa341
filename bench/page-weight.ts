/**
 * `npm run bench:weight` (after `npm run build`): first-load JavaScript of public pages as a phone
 * receives it — Chromium at 360 px loads each page from `next start` and sums the transferred
 * (gzip) bytes of every JavaScript response until the network is idle. Next.js 16's build no longer
 * prints this. Then one touch on the page, and what that downloads on top (the wizard's validation
 * and later steps wait for it), so nothing deferred goes uncounted.
 * `field` measures the field app's screen of the demo society, signed in as the demo collection agent
 * (`npm run bench:weight -- field`). First, in the same run, a blank Next.js page (bench/blank-next.ts): what the
 * framework alone ships.
 */
import { chromium, type BrowserContext } from "@playwright/test";
import { DEMO_STAFF } from "../lib/seed/staff";
import { demoId } from "../lib/seed/support";
import { createSessionCookie } from "../tests/support/session-cookie";
import { startBlankNext } from "./blank-next";
import { startOrStop, startProductionApp } from "./prepare-app";

const FIELD_PAGE = `/society-manager/${demoId("society:adarsha")}/field`;
const pages = (process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/loans", "/calculator"]).map((p) => (p === "field" ? FIELD_PAGE : p));
const blank = await startBlankNext();
const app = await startOrStop(startProductionApp, blank.stop);
const browser = await startOrStop(
  () =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }),
  async () => (await blank.stop(), await app.stop()),
);

/** One page at 360 px: its JavaScript and HTML as transferred, then what one touch downloads on top. */
async function weigh(label: string, url: string, signIn?: () => Promise<Parameters<BrowserContext["addCookies"]>[0][number]>) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  if (signIn) await context.addCookies([await signIn()]);
  const page = await context.newPage();
  const sizes: Promise<{ js: boolean; html: boolean; transferred: number; decoded: number }>[] = [];
  page.on("response", (res) => {
    const type = res.request().resourceType();
    sizes.push(
      res.request().sizes().then(async (s) => ({
        js: type === "script",
        html: type === "document",
        transferred: s.responseBodySize,
        decoded: type === "script" ? (await res.body()).length : 0,
      })),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const all = await Promise.all(sizes);
  const firstLoadCount = sizes.length;
  await page.locator("body").dispatchEvent("pointerdown");
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500); // a download the touch starts may begin a moment after the event
  await page.waitForLoadState("networkidle");
  const afterTouch = (await Promise.all(sizes.slice(firstLoadCount))).filter((s) => s.js);
  const js = all.filter((s) => s.js);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `| ${label} | ${js.length} | ${kb(js.reduce((a, s) => a + s.transferred, 0))} | ${kb(js.reduce((a, s) => a + s.decoded, 0))} | ${kb(all.filter((s) => s.html).reduce((a, s) => a + s.transferred, 0))} | ${kb(afterTouch.reduce((a, s) => a + s.transferred, 0))} |`,
  );
  await context.close();
}

try {
  console.log("| page | JS files | JS transferred (gzip) | JS uncompressed | HTML transferred | + JS after the first touch (gzip) |");
  console.log("|---|---|---|---|---|---|");
  await weigh("blank Next page", blank.baseUrl);
  await blank.stop();
  for (const path of pages) {
    const agent = DEMO_STAFF.find((s) => s.role === "collection_agent")!;
    const signIn = path === FIELD_PAGE ? async () => ({ ...(await createSessionCookie(app.databaseUrl, app.authSecret, agent.phone)), url: app.baseUrl }) : undefined;
    await weigh(path, app.baseUrl + path, signIn);
  }
} finally {
  await browser.close();
  await blank.stop();
  await app.stop();
}
