/**
 * `npm run bench:intl` (after `npm run build`): what ICU's formatters cost a slow phone while a public page loads.
 * 1. On a blank page in Chromium with its CPU slowed 4× (Lighthouse's mobile factor), the time to build the first
 *    Intl.NumberFormat, Intl.DateTimeFormat and Intl.PluralRules (each in a fresh page, INTL_RUNS times, median):
 *    the first of a kind loads ICU's data for it.
 * 2. Every public page in both languages, loaded from the production server with Intl's constructors wrapped: which
 *    formatters the page builds before it settles, and from where (the first stack frames).
 * `npm run bench:intl -- /apply /calculator` looks only at those pages.
 */
import { chromium, type Browser } from "@playwright/test";
import { locales } from "../i18n/config";
import { localizedPath, PUBLIC_PAGES as ALL_PUBLIC_PAGES } from "../i18n/paths";
import { startOrStop, startProductionApp } from "./prepare-app";
import { median } from "./stats";

const chosen = process.argv.slice(2);
const PUBLIC_PAGES = chosen.length ? ALL_PUBLIC_PAGES.filter((p) => chosen.includes(p)) : ALL_PUBLIC_PAGES;
const runs = Number(process.env.INTL_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const KINDS = ["NumberFormat", "DateTimeFormat", "PluralRules"] as const;

/** Milliseconds to build the first formatter of `kind` for `locale` in a fresh page, CPU slowed. */
async function firstBuild(browser: Browser, kind: (typeof KINDS)[number], locale: string): Promise<number> {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  // A string, not a function: tsx would add helpers to a function that the page does not have.
  const ms = await page.evaluate(`(() => { const t = performance.now(); new Intl.${kind}(${JSON.stringify(locale)}); return performance.now() - t; })()`);
  await page.close();
  return ms as number;
}

/** Wraps Intl's constructors before any of the page's scripts run, recording each call and its first stack frames. */
const RECORD_FORMATTERS = `
  window.__formatters = [];
  for (const kind of ${JSON.stringify(KINDS)}) {
    const Original = Intl[kind];
    const Recorded = function (...args) {
      const frames = (new Error().stack || "").split("\\n").slice(2, 5).map((s) => s.trim().replace(/https?:\\/\\/[^/]+/, ""));
      window.__formatters.push(kind + "(" + JSON.stringify(args[0]) + ") " + frames.join(" < "));
      return new Original(...args);
    };
    Recorded.prototype = Original.prototype;
    Recorded.supportedLocalesOf = Original.supportedLocalesOf;
    Intl[kind] = Recorded;
  }`;

async function formattersBuiltBy(browser: Browser, url: string): Promise<string[]> {
  const page = await browser.newPage();
  await page.addInitScript(RECORD_FORMATTERS);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(1_500); // hydration and the effects after it
  const built = (await page.evaluate("window.__formatters")) as string[];
  await page.close();
  return built;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const app = await startOrStop(() => startProductionApp(), () => browser.close());
try {
  console.log(`The first formatter of a kind in a fresh page, CPU slowed ${CPU_SLOWDOWN}×, median of ${runs}:\n`);
  console.log("| formatter | bn-BD | en-IN |\n|---|---|---|");
  for (const kind of KINDS) {
    const cells: string[] = [];
    for (const locale of ["bn-BD", "en-IN"]) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await firstBuild(browser, kind, locale));
      cells.push(`${median(samples).toFixed(1)} ms`);
    }
    console.log(`| Intl.${kind} | ${cells.join(" | ")} |`);
  }
  console.log("\nFormatters built while each public page loads:\n");
  let pagesBuilding = 0;
  for (const locale of locales) {
    for (const path of PUBLIC_PAGES) {
      const address = localizedPath(path, locale);
      const built = await formattersBuiltBy(browser, app.baseUrl + address);
      if (built.length) pagesBuilding++;
      console.log(`${address}: ${built.length ? built.join("; ") : "none"}`);
    }
  }
  console.log(`\n${pagesBuilding} of ${PUBLIC_PAGES.length * 2} pages build an Intl formatter while loading.`);
} finally {
  await app.stop();
  await browser.close();
}
