/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile audit (simulated slow 4G, 4× CPU
 * slowdown, its defaults) of the production server with Debian's Chromium. Performance on the pages a phone
 * user lands on (median of LIGHTHOUSE_RUNS runs, default 3), accessibility on every public page, in Bengali
 * (the default) and English. Prints the table for docs/benchmarks.md, then every accessibility finding and the
 * top performance opportunities, and whether the goals (issue 11) are met.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { localizedPath } from "../i18n/paths";
import { startProductionApp } from "./prepare-app";

const PERFORMANCE_PAGES = ["/", "/loans", "/apply"];
const PUBLIC_PAGES = ["/", "/loans", "/calculator", "/eligibility", "/apply", "/status", "/about", "/contact", "/privacy", "/terms", "/compliance"];
const GOALS = { performance: 95, lcpMs: 2500, accessibility: 100 };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Row = { page: string; language: string; performance?: number; lcp?: number; fcp?: number; tbt?: number; cls?: number; accessibility: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const score = (lhr: LighthouseResult, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: LighthouseResult, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

const app = await startProductionApp();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

/** One audit, of the page's address in that language (Bengali /loans, English /en/loans). */
async function audit(path: string, language: "bn" | "en", categories: string[]): Promise<LighthouseResult> {
  const result = await lighthouse(
    app.baseUrl + localizedPath(path, language),
    { port: chrome.port, output: "json", logLevel: "error", onlyCategories: categories },
    { extends: "lighthouse:default" },
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

let benchmarkIndex = Number.NaN;
const rows: Row[] = [];
const accessibilityFindings = new Map<string, string[]>();
const opportunities = new Map<string, string[]>();
try {
  for (const language of ["bn", "en"] as const) {
    for (const path of PUBLIC_PAGES) {
      // The first request of a page per language renders it into Next's cache; audits measure what users get after.
      await fetch(app.baseUrl + localizedPath(path, language));
      const measurePerformance = PERFORMANCE_PAGES.includes(path);
      const results: LighthouseResult[] = [];
      for (let run = 0; run < (measurePerformance ? runs : 1); run++) {
        results.push(await audit(path, language, measurePerformance ? ["performance", "accessibility"] : ["accessibility"]));
      }
      const last = results.at(-1)!;
      benchmarkIndex = last.environment.benchmarkIndex;
      const row: Row = { page: path, language, accessibility: score(last, "accessibility") };
      if (measurePerformance) {
        row.performance = median(results.map((r) => score(r, "performance")));
        row.lcp = median(results.map((r) => metric(r, "largest-contentful-paint")));
        row.fcp = median(results.map((r) => metric(r, "first-contentful-paint")));
        row.tbt = median(results.map((r) => metric(r, "total-blocking-time")));
        row.cls = median(results.map((r) => metric(r, "cumulative-layout-shift")));
        const found = Object.values(last.audits)
          .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 0 && a.score !== null && a.score < 1)
          .map((a) => `${a.title}: ${Math.round(a.numericValue ?? 0)} ms`);
        if (found.length) opportunities.set(`${path} (${language})`, found);
      }
      const failing = (last.categories.accessibility?.auditRefs ?? [])
        .map((ref) => last.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      if (failing.length) accessibilityFindings.set(`${path} (${language})`, failing);
      rows.push(row);
      console.error(`… ${path} ${language}`);
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}

const ms = (value?: number) => (value === undefined ? "" : `${(value / 1000).toFixed(2)} s`);
console.log(
  `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile defaults, ` +
    `${runs} runs per performance page (median); this machine's benchmark index ${Math.round(benchmarkIndex)}\n`,
);
console.log("| page | language | performance | LCP | FCP | TBT | CLS | accessibility |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.language} | ${r.performance ?? ""} | ${ms(r.lcp)} | ${ms(r.fcp)} | ${r.tbt === undefined ? "" : `${Math.round(r.tbt)} ms`} | ${r.cls === undefined ? "" : r.cls.toFixed(3)} | ${r.accessibility} |`,
  );
}
for (const [page, findings] of accessibilityFindings) console.log(`\nAccessibility, ${page}:\n  ${findings.join("\n  ")}`);
for (const [page, found] of opportunities) console.log(`\nOpportunities, ${page}:\n  ${found.join("\n  ")}`);

const performanceMet = rows.filter((r) => r.performance !== undefined).every((r) => r.performance! >= GOALS.performance && r.lcp! <= GOALS.lcpMs);
const accessibilityMet = rows.every((r) => r.accessibility >= GOALS.accessibility);
console.log(
  `\nGoals: performance ≥ ${GOALS.performance} and LCP ≤ ${GOALS.lcpMs / 1000} s on ${PERFORMANCE_PAGES.join(", ")}: ${performanceMet ? "met" : "NOT met"}; ` +
    `accessibility ${GOALS.accessibility} on every public page: ${accessibilityMet ? "met" : "NOT met"}.`,
);
