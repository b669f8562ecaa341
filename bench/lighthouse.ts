/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile audit (simulated slow 4G, 4× CPU
 * slowdown, its defaults) of the production server with Debian's Chromium: performance (median of
 * LIGHTHOUSE_RUNS runs, default 5, as Lighthouse's notes on variability advise) and accessibility of every public page, in Bengali and in English, each at its
 * own address; first, in the same run, a blank Next.js page (bench/blank-next.ts), the floor every page is printed
 * beside. `npm run bench:lighthouse -- /loans /apply` audits only those pages; `LIGHTHOUSE_REPORTS=dir` keeps each report. Prints the table for
 * docs/benchmarks.md, then every accessibility finding and the top performance opportunities, and whether the
 * goals (issues 11 and 25) are met.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { localizedPath, PUBLIC_PAGES as ALL_PUBLIC_PAGES } from "../i18n/paths";
import { startBlankNext } from "./blank-next";
import { startOrStop, startProductionApp } from "./prepare-app";
import { median } from "./stats";

const chosen = process.argv.slice(2);
// Named pages may also be the borrower's own (/account, as a visitor who is not signed in sees it).
const PUBLIC_PAGES: readonly string[] = chosen.length ? chosen.filter((p) => (ALL_PUBLIC_PAGES as readonly string[]).includes(p) || p === "/account") : ALL_PUBLIC_PAGES;
const GOALS = { performance: 95, lcpMs: 2500, accessibility: 100 };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** `LIGHTHOUSE_REPORTS=dir` keeps every audit's full report there as JSON (its trace-based breakdowns, for a page that misses). */
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
let auditCount = 0;

type Row = { page: string; language: string; performance: number; lcp: number; fcp: number; tbt: number; cls: number; accessibility?: number };

const score = (lhr: LighthouseResult, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

const blank = await startBlankNext();
const app = await startOrStop(startProductionApp, blank.stop);
const chrome = await startOrStop(
  () =>
    chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    }),
  async () => (await blank.stop(), await app.stop()),
);

/** One audit of one address. */
async function audit(url: string, categories: string[]): Promise<LighthouseResult> {
  const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories }, { extends: "lighthouse:default" });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${String(++auditCount).padStart(3, "0")}${new URL(url).pathname.replaceAll("/", "_") || "_"}.json`;
    writeFileSync(`${reportsDir}/${name}`, JSON.stringify(result.lhr));
  }
  return result.lhr;
}

/** The median of `runs` performance audits (the last one also audits accessibility when asked). */
async function measure(url: string, withAccessibility: boolean): Promise<{ row: Omit<Row, "page" | "language">; last: LighthouseResult }> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) {
    results.push(await audit(url, withAccessibility && run === runs - 1 ? ["performance", "accessibility"] : ["performance"]));
  }
  const last = results.at(-1)!;
  return {
    last,
    row: {
      performance: median(results.map((r) => score(r, "performance"))),
      lcp: median(results.map((r) => metric(r, "largest-contentful-paint"))),
      fcp: median(results.map((r) => metric(r, "first-contentful-paint"))),
      tbt: median(results.map((r) => metric(r, "total-blocking-time"))),
      cls: median(results.map((r) => metric(r, "cumulative-layout-shift"))),
      accessibility: withAccessibility ? score(last, "accessibility") : undefined,
    },
  };
}

let benchmarkIndex = Number.NaN;
const rows: Row[] = [];
const accessibilityFindings = new Map<string, string[]>();
const opportunities = new Map<string, string[]>();
try {
  await fetch(blank.baseUrl);
  rows.push({ page: "blank Next page", language: "", ...(await measure(blank.baseUrl, false)).row });
  console.error("… blank Next page");
  await blank.stop();
  for (const language of ["bn", "en"] as const) {
    for (const path of PUBLIC_PAGES) {
      const url = app.baseUrl + localizedPath(path, language);
      // The first request of a page per language renders it into Next's cache; audits measure what users get after.
      await fetch(url);
      const { row, last } = await measure(url, true);
      benchmarkIndex = last.environment.benchmarkIndex;
      const found = Object.values(last.audits)
        .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 0 && a.score !== null && a.score < 1)
        .map((a) => `${a.title}: ${Math.round(a.numericValue ?? 0)} ms`);
      if (found.length) opportunities.set(`${path} (${language})`, found);
      const failing = (last.categories.accessibility?.auditRefs ?? [])
        .map((ref) => last.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      if (failing.length) accessibilityFindings.set(`${path} (${language})`, failing);
      rows.push({ page: path, language, ...row });
      console.error(`… ${path} ${language}`);
    }
  }
} finally {
  chrome.kill();
  await blank.stop();
  await app.stop();
}

const ms = (value?: number) => (value === undefined ? "" : `${(value / 1000).toFixed(2)} s`);
console.log(
  `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile defaults, ` +
    `${runs} runs per page (median); this machine's benchmark index ${Math.round(benchmarkIndex)}\n`,
);
console.log("| page | language | performance | LCP | FCP | TBT | CLS | accessibility |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.language} | ${r.performance} | ${ms(r.lcp)} | ${ms(r.fcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} | ${r.accessibility ?? ""} |`,
  );
}
for (const [page, findings] of accessibilityFindings) console.log(`\nAccessibility, ${page}:\n  ${findings.join("\n  ")}`);
for (const [page, found] of opportunities) console.log(`\nOpportunities, ${page}:\n  ${found.join("\n  ")}`);

const pageRows = rows.filter((r) => r.language);
const performanceMet = pageRows.every((r) => r.performance >= GOALS.performance && r.lcp <= GOALS.lcpMs);
const accessibilityMet = pageRows.every((r) => (r.accessibility ?? 0) >= GOALS.accessibility);
console.log(
  `\nGoals: performance ≥ ${GOALS.performance} and LCP ≤ ${GOALS.lcpMs / 1000} s on every public page in both languages: ${performanceMet ? "met" : "NOT met"}` +
    `${performanceMet ? "" : ` (${pageRows.filter((r) => r.performance < GOALS.performance || r.lcp > GOALS.lcpMs).map((r) => `${r.page} ${r.language}`).join(", ")})`}; ` +
    `accessibility ${GOALS.accessibility} on every public page: ${accessibilityMet ? "met" : "NOT met"}.`,
);
