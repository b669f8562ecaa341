/**
 * `npm run bench:back-office` (after `npm run build`): the application review list and the dashboard with
 * 100,000 applications (BENCH_APPLICATIONS), seeded in bulk into a real PostgreSQL database.
 * 1. Server time of the queries each page runs, called directly (BENCH_ROUNDS each, default 200): p50/p95.
 * 2. The production server under load with a signed-in loan officer's cookie: requests/s and latency at
 *    10 connections (BENCH_SECONDS each, default 10), autocannon in its own process.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { DEMO_STAFF } from "../lib/seed/staff";
import { createSessionCookie } from "../tests/support/session-cookie";
import { seedApplicationsInBulk } from "./bulk-seed";
import { startProductionApp } from "./prepare-app";
import { timeCalls } from "./stats";

const applications = Number(process.env.BENCH_APPLICATIONS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const time = (label: string, fn: () => Promise<unknown>) => timeCalls(label, fn, { rounds, warmUp: 10, width: 34 });

const seedStarted = performance.now();
const app = await startProductionApp({ prepare: (url) => seedApplicationsInBulk(url, applications) });
console.log(`[bench] ${applications} applications seeded and server started in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
try {
  process.env.DATABASE_URL = app.databaseUrl;
  const review = await import("../lib/applications/review-queries");
  const dashboard = await import("../lib/dashboard/queries");
  const phone = "+8801300012348"; // bulk row 12348: +8801 + (3 + i % 7) + i padded to 8 digits

  console.log(`\nQuery server time (${rounds} calls each):`);
  const list = (q: string, status: "all" | "pending") => () => Promise.all([review.reviewStats({ kind: "all" }), review.listApplicationsForReview({ q, status, page: 1 }, { kind: "all" })]);
  await time("review: first page + stats", list("", "all"));
  await time("review: status=pending + stats", list("", "pending"));
  await time("review: phone search + stats", list(phone, "all"));
  await time("review: name search + stats", list("Karim", "all"));
  await time("review: page 200 + stats", () => Promise.all([review.reviewStats({ kind: "all" }), review.listApplicationsForReview({ q: "", status: "all", page: 200 }, { kind: "all" })]));
  for (const period of ["7d", "90d"] as const) {
    await time(`dashboard ${period}: all figures`, () =>
      Promise.all([
        dashboard.getDashboardKpis(period, { kind: "all" }),
        dashboard.listRecentApplications({ kind: "all" }),
        dashboard.getTodayActivity({ kind: "all" }),
        dashboard.getPortfolioByProduct(period, { kind: "all" }),
        dashboard.listAlerts({ kind: "all" }),
        dashboard.getDashboardVersion({ kind: "all" }),
      ]),
    );
  }
  await time("dashboard: version poll", () => dashboard.getDashboardVersion({ kind: "all" }));
  await time("panel: bell count", () => dashboard.countOpenAlerts({ kind: "all" }));

  const officer = DEMO_STAFF.find((s) => s.role === "loan_officer")!;
  const cookie = await createSessionCookie(app.databaseUrl, app.authSecret, officer.phone);
  console.log(`\nHTTP, ${connections} connections, ${seconds} s each (whole page: session check, shell, page):`);
  for (const path of ["/admin/application-review", "/admin/application-review?status=pending", `/admin/application-review?q=${encodeURIComponent(phone)}`, "/admin/dashboard?period=7d"]) {
    // autocannon in its own process, so it does not take CPU from this one.
    const run = spawnSync(
      "npx",
      ["autocannon", "-j", "-c", String(connections), "-d", String(seconds), "-H", `cookie=${cookie.name}=${cookie.value}`, "-H", "accept-encoding=gzip", app.baseUrl + path],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(run.stdout) as { requests: { average: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number };
    console.log(
      `  ${path.padEnd(52)} ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
  }
  const { prisma } = await import("../lib/db");
  await prisma.$disconnect();
} finally {
  await app.stop();
}
