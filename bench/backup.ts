/**
 * `npm run bench:backup`: export and restore of one society with 10,000 members (BENCH_MEMBERS) under 20
 * workers and 300,000 collections (BENCH_COLLECTIONS), on a throwaway PostgreSQL with the migrations
 * applied. The export streams from its snapshot, once as JSON and once compressed (`?compressed=1`); the
 * restore does what the route does with the uploaded compressed file: unpack it (backupFileText), check
 * it and import it (restoreBackup). Time and the process's peak resident memory for each.
 */
import { performance } from "node:perf_hooks";
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
    const { backupStream, restoreBackup } = await import("../lib/society/backup/service");
    const { backupFileText } = await import("../lib/society/backup/format");
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

    peak = process.memoryUsage().rss;
    const restoreStart = performance.now();
    const actor = { societyId, access: "admin" as const, createdById: null, actor: { id: null, label: "bench" }, request: { ip: "127.0.0.1", userAgent: "bench" } };
    const read = await backupFileText(gz.file);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    const outcome = await restoreBackup(actor as never, read.text, gz.file.byteLength);
    const restoreMs = performance.now() - restoreStart;
    clearInterval(sampler);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems.slice(0, 3)));
    console.log(`| Restore of the compressed file (unpack + check + one transaction) | ${outcome.counts.members} members, ${outcome.counts.collections} collections | ${(restoreMs / 1000).toFixed(1)} s | peak RSS ${mb(peak)} |`);
    const { prisma } = await import("../lib/db");
    await prisma.$disconnect();
  } finally {
    await server.stop();
  }
}

void main();
