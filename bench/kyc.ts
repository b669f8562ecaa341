/**
 * `npm run bench:kyc`: the KYC queue with 100,000 cases (BENCH_KYC_CASES), each from an application, with its card
 * document and seven checks (700,000 rows), seeded in bulk into a throwaway PostgreSQL database. Server time of what
 * /admin/kyc runs per request (the cards + one page of 20), called directly, BENCH_ROUNDS each (default 100): p50/p95.
 * Goal (issue 9): p95 ≤ 100 ms.
 */
import { performance } from "node:perf_hooks";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { applyMigrations } from "../scripts/db/schema-engine";
import { seedKycInBulk } from "./bulk-seed";
import { timeCalls } from "./stats";

const cases = Number(process.env.BENCH_KYC_CASES ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 100);

const time = (label: string, fn: () => Promise<unknown>) => timeCalls(label, fn, { rounds, warmUp: 5, width: 40 });

const server = await startTestPostgres();
try {
  const databaseUrl = await server.createDatabase("rinbondhu_bench_kyc");
  await applyMigrations(databaseUrl);
  const seedStarted = performance.now();
  await seedKycInBulk(databaseUrl, cases);
  console.log(`[bench] ${cases} KYC cases seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  process.env.DATABASE_URL = databaseUrl;
  const { kycStats, listKycCases } = await import("../lib/kyc/queries");
  const { kycListFiltersSchema } = await import("../lib/kyc/schemas");

  console.log(`\n/admin/kyc (${rounds} calls each: cards + one page of 20):`);
  const tab = (params: Record<string, string>) => () => Promise.all([kycStats({ kind: "all" }), listKycCases(kycListFiltersSchema.parse(params), { kind: "all" })]);
  for (const name of ["pending", "approved", "rejected", "all"]) await time(`tab ${name}`, tab({ tab: name }));
  await time("all, search by phone (Bengali digits)", tab({ tab: "all", q: "০১৭০০০১২৩৪৫" }));
  await time("all, search by name", tab({ tab: "all", q: "Karim" }));
  await time("all, search by KYC ID", tab({ tab: "all", q: "KYC-0012345" }));
  await time("pending, priority high", tab({ tab: "pending", priority: "high" }));
  await time("all, page 2000", tab({ tab: "all", page: "2000" }));

  const { prisma } = await import("../lib/db");
  await prisma.$disconnect();
} finally {
  await server.stop();
}
