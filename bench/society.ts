/**
 * `npm run bench:society` (after `npm run build`): one society with 2,000 members (BENCH_MEMBERS) under 10
 * workers and 1,000,000 collections (500 days of every member, BENCH_DAYS), seeded in bulk into a real
 * PostgreSQL database next to the demo data.
 * 1. Server time of what the dashboard and members tabs read, called directly (BENCH_ROUNDS, default 200).
 * 2. Saving a 200-member collection sheet: a new sheet (200 rows created) and a re-save that changes every
 *    row (200 rows updated), through the service in one transaction each.
 * 3. The production server under load with the society manager's cookie (autocannon in its own process).
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { DEMO_STAFF } from "../lib/seed/staff";
import { createSessionCookie } from "../tests/support/session-cookie";
import { startProductionApp } from "./prepare-app";
import { formatStats, stats } from "./stats";
import { randomUUID } from "node:crypto";

const members = Number(process.env.BENCH_MEMBERS ?? 2_000);
const days = Number(process.env.BENCH_DAYS ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const workers = 10;
const societyId = "bench-society";
const manager = DEMO_STAFF.find((s) => s.role === "society_manager")!;

/** One INSERT … SELECT per table: 1,000,000 collections in seconds. Dates end yesterday (Dhaka). */
async function seedSociety(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ($1, 'বেঞ্চমার্ক সমিতি', now())`, [societyId]);
    await client.query(
      `INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", 'admin' FROM "StaffUser" WHERE "phone" = $2`,
      [societyId, manager.phone],
    );
    await client.query(
      `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "totalMembers", "createdByRole")
       SELECT 'bw' || w, $1, 'W' || lpad(w::text, 3, '0'), 'কর্মী ' || w, 'এলাকা ' || w, '+88018110' || lpad(w::text, 5, '0'), $2::int / $3::int, 'admin'
       FROM generate_series(1, $3::int) w`,
      [societyId, members, workers],
    );
    await client.query(
      `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area",
         "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
       SELECT 'bm' || m, $1, 'M' || CASE WHEN m < 1000 THEN lpad(m::text, 3, '0') ELSE m::text END, 'BS-' || m,
         (ARRAY['রহিমা খাতুন','Karim Uddin','সালমা বেগম','Jamal Hossain','নাসরিন আক্তার'])[1 + m % 5] || ' ' || m,
         lpad(m::text, 10, '0'), '+88017' || lpad(m::text, 8, '0'), 'bw' || (1 + (m - 1) % $3::int), 'এলাকা ' || (1 + (m - 1) % $3::int),
         100 + (m % 5) * 50, 20 + (m % 3) * 10, DATE '2024-01-01', 'admin'
       FROM generate_series(1, $2::int) m`,
      [societyId, members, workers],
    );
    // Each member lent at joining, on the books (an instalment repays a loan: the sheet refuses one beyond it).
    await client.query(`UPDATE "SocietyMember" SET "loanAmount" = 1000000 WHERE "societyId" = $1`, [societyId]);
    await client.query(
      `SELECT "society_post"($1, DATE '2024-01-01', 'member_loan', 'SocietyMember', "id", "society_member_loan_lines"("id", 1000000)) FROM "SocietyMember" WHERE "societyId" = $1`,
      [societyId],
    );
    const today = `(now() AT TIME ZONE 'Asia/Dhaka')::date`;
    await client.query(
      `INSERT INTO "SocietyCollectionSheet" ("id", "societyId", "workerId", "date", "updatedAt", "createdByRole")
       SELECT 'bs' || w || '-' || d, $1, 'bw' || w, ${today} - d, now(), 'admin'
       FROM generate_series(1, $2::int) w, generate_series(1, $3::int) d`,
      [societyId, workers, days],
    );
    await client.query(
      `INSERT INTO "SocietyCollection" ("id", "societyId", "code", "memberId", "workerId", "date", "installmentCollected",
         "savingsCollected", "status", "sheetId", "createdAt", "createdByRole")
       SELECT 'bc' || m || '-' || d, $1, 'C' || lpad(((d - 1) * $2::int + m)::text, 7, '0'), 'bm' || m, 'bw' || (1 + (m - 1) % $3::int),
         ${today} - d, 100 + (m % 5) * 50, 20 + (m % 3) * 10, 'collected', 'bs' || (1 + (m - 1) % $3::int) || '-' || d,
         now() - d * interval '1 day', 'admin'
       FROM generate_series(1, $4::int) d, generate_series(1, $2::int) m`,
      [societyId, members, workers, days],
    );
    await client.query(
      `INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber") VALUES ($1, 'worker', $2), ($1, 'member', $3), ($1, 'collection', $4)`,
      [societyId, workers, members, members * days],
    );
    await client.query(`ANALYZE`);
  } finally {
    await client.end();
  }
}

async function time(label: string, fn: () => Promise<unknown>, before?: () => Promise<unknown>, n = rounds): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await before?.();
    await fn();
  }
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    await before?.();
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  console.log(`  ${label.padEnd(44)} ${formatStats(stats(samples))}`);
}

const seedStarted = performance.now();
const app = await startProductionApp({ prepare: seedSociety });
console.log(`[bench] society with ${members} members and ${members * days} collections seeded, server started in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
try {
  process.env.DATABASE_URL = app.databaseUrl;
  const queries = await import("../lib/society/queries");
  const service = await import("../lib/society/service");
  const { prisma } = await import("../lib/db");
  const { dhakaToday } = await import("../lib/format");

  console.log(`\nQuery server time (${rounds} calls each):`);
  await time("dashboard tab (cards, salary, recent 10)", () => Promise.all([queries.getSocietyDashboard(societyId), queries.workerOptions(societyId)]));
  await time("members tab: first page", () => Promise.all([queries.listMembers(societyId, "", 1), queries.workerOptions(societyId)]));
  await time("members tab: page 50", () => Promise.all([queries.listMembers(societyId, "", 50), queries.workerOptions(societyId)]));
  await time("members tab: search 'রহিমা'", () => Promise.all([queries.listMembers(societyId, "রহিমা", 1), queries.workerOptions(societyId)]));
  await time("collection tab (today's cards, recent 10)", () => Promise.all([queries.getCollectionToday(societyId), queries.recentCollections(societyId), queries.workerOptions(societyId)]));

  const actor = { societyId, access: "admin" as const, createdById: null, actor: { id: null, label: "bench" }, request: { ip: "127.0.0.1", userAgent: "bench" } };
  const sheetMembers = await prisma.societyMember.findMany({ where: { workerId: "bw1" }, select: { id: true }, orderBy: { code: "asc" } });
  const today = dhakaToday();
  const sheet = (amount: number) => ({ workerId: "bw1", date: today, idempotencyKey: randomUUID(), rows: sheetMembers.map((m) => ({ memberId: m.id, installment: amount, savings: 10 })) });
  const clearToday = () =>
    prisma.$transaction([prisma.societyCollection.deleteMany({ where: { workerId: "bw1", date: new Date(`${today}T00:00:00Z`) } }), prisma.societyCollectionSheet.deleteMany({ where: { workerId: "bw1", date: new Date(`${today}T00:00:00Z`) } })]);
  const save = async (amount: number) => {
    const result = await service.saveCollectionSheet(actor, sheet(amount));
    if (!result.ok) throw new Error(JSON.stringify(result.error));
  };
  console.log(`\nSaving a ${sheetMembers.length}-member collection sheet (${Math.min(rounds, 100)} saves each):`);
  await time("new sheet: 200 rows created", () => save(100), clearToday, Math.min(rounds, 100));
  let amount = 100;
  await time("same sheet again: 200 rows changed", () => save(++amount), undefined, Math.min(rounds, 100));

  const cookie = await createSessionCookie(app.databaseUrl, app.authSecret, manager.phone);
  console.log(`\nHTTP, 10 connections, ${seconds} s each (whole page: session, society access, tab):`);
  for (const tab of ["dashboard", "members", "collection"]) {
    const path = `/society-manager/${societyId}?tab=${tab}`;
    const run = spawnSync(
      "npx",
      ["autocannon", "-j", "-c", "10", "-d", String(seconds), "-H", `cookie=${cookie.name}=${cookie.value}`, "-H", "accept-encoding=gzip", app.baseUrl + path],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(run.stdout) as { requests: { average: number }; latency: { p50: number; p97_5: number; p99: number }; non2xx: number; errors: number };
    console.log(`  ${path.padEnd(52)} ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, errors ${result.errors + result.non2xx}`);
  }
  await prisma.$disconnect();
} finally {
  await app.stop();
}
