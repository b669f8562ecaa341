/**
 * `npm run bench:first-render` (after `npm run build`): what the blocks below the first screen cost a slow phone's
 * first view. Chromium at 360 px with its CPU slowed 4× (Lighthouse's mobile factor, over a real network-free load of
 * the production server) loads each page FIRST_RENDER_RUNS times (default 15) as shipped, and as many times with
 * `content-visibility: auto` switched off (the stylesheet answered with one rule appended), alternating. Both answer the
 * stylesheet through Playwright (unchanged for "as shipped"), so that its extra delay falls on both alike. Prints the
 * median of the style and layout work before the first paint, and of first contentful paint, from Chromium's trace.
 * `npm run bench:first-render -- /compliance` measures only some pages.
 */
import { chromium, type Browser } from "@playwright/test";
import { startOrStop, startProductionApp } from "./prepare-app";
import { median } from "./stats";

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/en", "/compliance"];
const runs = Number(process.env.FIRST_RENDER_RUNS ?? 15);
const CPU_SLOWDOWN = 4;
/** Appended to the stylesheet for the "off" runs: every block rendered up front, as before. */
const RENDER_EVERYTHING = "\n.below-fold{content-visibility:visible!important}";

type TraceEvent = { name: string; ph: string; ts: number; dur?: number };
type Sample = { layoutMs: number; fcpMs: number };


/** One cold load (new context, so no cache) of `url`: the style and layout work before its first paint, and that paint. */
async function load(browser: Browser, url: string, renderEverything: boolean): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  // Both runs answer the stylesheet through Playwright, so that its delay is the same in both; only the body differs.
  await page.route(/\.css$/, async (route) => {
    const response = await route.fetch();
    const css = await response.text();
    await route.fulfill({ response, body: renderEverything ? css + RENDER_EVERYTHING : css });
  });
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,loading", transferMode: "ReportEvents" });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(300);
  await cdp.send("Tracing.end");
  await done;
  await context.close();
  const start = events.find((e) => e.name === "ResourceSendRequest")?.ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (start === undefined || !fcp) throw new Error(`${url}: no first paint in the trace`);
  const layoutUs = events
    .filter((e) => (e.name === "Layout" || e.name === "UpdateLayoutTree") && e.ph === "X" && e.ts >= start && e.ts < fcp.ts)
    .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  return { layoutMs: layoutUs / 1000, fcpMs: (fcp.ts - start) / 1000 };
}

const app = await startProductionApp();
const browser = await startOrStop(
  () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] }),
  app.stop,
);
try {
  console.log(`Chromium at 360 px, CPU ${CPU_SLOWDOWN}× slower, ${runs} cold loads per row (median), ${new Date().toISOString()}\n`);
  console.log("| page | blocks below the first screen | style and layout before the first paint | first contentful paint |");
  console.log("|---|---|---|---|");
  for (const path of pages) {
    const url = `${app.baseUrl}${path}`;
    await load(browser, url, false); // the page's first render on the server, and a warm server
    const shipped: Sample[] = [];
    const everything: Sample[] = [];
    for (let run = 0; run < runs; run++) {
      shipped.push(await load(browser, url, false));
      everything.push(await load(browser, url, true));
    }
    for (const [label, samples] of [["rendered when near (as shipped)", shipped], ["rendered up front", everything]] as const) {
      console.log(`| ${path} | ${label} | ${median(samples.map((s) => s.layoutMs)).toFixed(0)} ms | ${median(samples.map((s) => s.fcpMs)).toFixed(0)} ms |`);
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
