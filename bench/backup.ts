/**
 * `npm run bench:backup`: export and restore of one society with 10,000 members (BENCH_MEMBERS) under 20
 * workers and 300,000 collections (BENCH_COLLECTIONS), on a throwaway PostgreSQL with the migrations
 * applied. The export streams from its snapshot, once as JSON and once compressed (`?compressed=1`); the
 * restore does what the route does with the uploaded compressed file (restoreBackup: unpack, check, one
 * transaction), in a process of its own so that its peak memory is its own and not the exports' leftovers.
 * Time and the process's peak resident memory for each.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { applyMigrations } from "../scripts/db/schema-engine";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { seedBackupSocietyInBulk } from "./bulk-seed";

const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const collections = Number(process.env.BENCH_COLLECTIONS ?? 300_000);
const workers = 20;
const societyId = "bench-backup";
async function main() {
  const server = await startTestPostgres();
  try {
    const databaseUrl = await server.createDatabase("rinbondhu_bench_backup");
    await applyMigrations(databaseUrl);
    await seedBackupSocietyInBulk(databaseUrl, { societyId, workers, members, collections });
    process.env.DATABASE_URL = databaseUrl;
    const { backupStream } = await import("../lib/society/backup/service");
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
    const exportOnce = async (compressed: boolean) => {
      peak = process.memoryUsage().rss;
      const started = performance.now();
      const stream = backupStream(societyId);
      const reader = (compressed ? stream.pipeThrough(new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>) : stream).getReader();
      const parts: Uint8Array[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
      }
      const file = new Uint8Array(Buffer.concat(parts));
      return { file, ms: performance.now() - started, peak };
    };
    const json = await exportOnce(false);
    console.log(`| Export as JSON (streamed) | ${mb(json.file.byteLength)} | ${(json.ms / 1000).toFixed(1)} s | peak RSS ${mb(json.peak)} |`);
    json.file = new Uint8Array();
    const gz = await exportOnce(true);
    console.log(`| Export compressed (.json.gz, streamed) | ${mb(gz.file.byteLength)} | ${(gz.ms / 1000).toFixed(1)} s | peak RSS ${mb(gz.peak)} |`);

    clearInterval(sampler);
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
    try {
      const file = path.join(dir, "backup.json.gz");
      writeFileSync(file, gz.file);
      // As an application role would run it: once without and once with the privilege to switch row
      // triggers off for the bulk insert (withoutRowTriggers), which decides who checks the foreign keys.
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE ROLE bench_app LOGIN PASSWORD 'bench_app'`);
      await admin.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO bench_app`);
      const appUrl = new URL(databaseUrl);
      appUrl.username = "bench_app";
      appUrl.password = "bench_app";
      const restore = (label: string) => {
        const line = execFileSync(process.execPath, [...process.execArgv, process.argv[1]!, "restore", file, label], { env: { ...process.env, DATABASE_URL: appUrl.toString() }, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
        console.log(line.trim());
      };
      // Alternating, so that neither kind always meets the checkpoint after the seeding.
      for (let run = 0; run < 4; run++) {
        const granted = run % 2 === 1;
        await admin.query(`${granted ? "GRANT" : "REVOKE"} SET ON PARAMETER session_replication_role ${granted ? "TO" : "FROM"} bench_app`);
        restore(granted ? "role granted SET on session_replication_role: references checked in one query" : "plain role: foreign keys checked row by row");
      }
      await admin.end();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { prisma } = await import("../lib/db");
    await prisma.$disconnect();
  } finally {
    await server.stop();
  }
}

/** The restore alone, in this process: `bench/backup.ts restore <file>` with DATABASE_URL set. */
async function restoreOnly(file: string, label: string) {
  const { restoreBackup } = await import("../lib/society/backup/service");
  const bytes = new Uint8Array(readFileSync(file));
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const actor = { societyId, access: "admin" as const, createdById: null, actor: { id: null, label: "bench" }, request: { ip: "127.0.0.1", userAgent: "bench" } };
  const outcome = await restoreBackup(actor as never, bytes);
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 3)));
  console.log(`| Restore of the compressed file (${label}) | ${outcome.counts.members} members, ${outcome.counts.collections} collections | ${(ms / 1000).toFixed(1)} s | peak RSS ${(peak / 1024 / 1024).toFixed(0)} MB |`);
}

if (process.argv[2] === "restore") void restoreOnly(process.argv[3]!, process.argv[4] ?? "");
else void main();
