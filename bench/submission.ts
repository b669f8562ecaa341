/**
 * `npm run bench:submit`: server time of one loan application submission against a real PostgreSQL
 * (TEST_DATABASE_URL's server, or a throwaway cluster from the installed binaries), measured around the
 * service call: rate-limit counter, validation, image check, EMI, and the transaction that stores
 * the document, the application, the KYC case and the audit row. Multipart parsing by Next.js and the
 * network are not included. Each submission carries a ~100 KB JPEG and comes from its own address
 * (so the limiter counts but never refuses).
 * BENCH_SUBMISSIONS (default 200) and BENCH_CONCURRENCY (default 10) tune it.
 */
import { performance } from "node:perf_hooks";
import { applyMigrations } from "../scripts/db/schema-engine";
import { startTestPostgres } from "../scripts/throwaway-postgres";
import { stats, type Stats } from "./stats";
import { cardJpeg, submissionForm, validPayload } from "../tests/support/application-fixtures";

const total = Number(process.env.BENCH_SUBMISSIONS ?? 200);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
const warmup = 20;
const IMAGE_BYTES = 100 * 1024;

const server = await startTestPostgres();
try {
  const url = await server.createDatabase("rinbondhu_bench_submission");
  await applyMigrations(url);
  // Set before the application modules read their configuration.
  process.env.DATABASE_URL = url;
  const { prisma } = await import("../lib/db");
  const { handleApplicationSubmission } = await import("../lib/applications/service");
  const { seedProducts } = await import("../prisma/seed");
  await seedProducts(prisma);

  const image = cardJpeg(IMAGE_BYTES);
  let sequence = 0;
  /** One submission; returns its server time in ms. The form is built first: that is the browser's work. */
  async function submitOnce(): Promise<number> {
    sequence += 1;
    const form = submissionForm(validPayload(), new File([image], "nid-front.jpg", { type: "image/jpeg" }));
    const ip = `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;
    const started = performance.now();
    const result = await handleApplicationSubmission(form, { ip, userAgent: "bench" });
    const elapsed = performance.now() - started;
    if (!result.ok) throw new Error(`submission failed: ${JSON.stringify(result)}`);
    return elapsed;
  }

  for (let i = 0; i < warmup; i++) await submitOnce();

  const sequential: number[] = [];
  for (let i = 0; i < total; i++) sequential.push(await submitOnce());

  const concurrent: number[] = [];
  let next = 0;
  const wallStart = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        concurrent.push(await submitOnce());
      }
    }),
  );
  const wallMs = performance.now() - wallStart;

  const stored = await prisma.loanApplication.count();
  const cases = await prisma.kycCase.count();
  if (stored !== warmup + 2 * total || cases !== stored) {
    throw new Error(`expected ${warmup + 2 * total} applications and as many KYC cases, found ${stored} and ${cases}`);
  }
  await prisma.$disconnect();

  const row = (label: string, s: Stats) =>
    `| ${label} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.mean.toFixed(1)} | ${s.max.toFixed(1)} |`;
  console.log(`\nSubmission server time, ${Math.round(IMAGE_BYTES / 1024)} KB JPEG, PostgreSQL (${server.kind}), ${new Date().toISOString()}\n`);
  console.log("| run | submissions | p50 ms | p95 ms | p99 ms | mean ms | max ms |");
  console.log("|---|---|---|---|---|---|---|");
  console.log(row("sequential", stats(sequential)));
  console.log(row(`concurrency ${concurrency}`, stats(concurrent)));
  console.log(`\nConcurrency ${concurrency}: ${total} submissions in ${(wallMs / 1000).toFixed(2)} s = ${(total / (wallMs / 1000)).toFixed(0)} submissions/s`);
  console.log(`Stored: ${stored} applications, ${cases} KYC cases (${warmup} warm-up submissions not measured).`);
} finally {
  await server.stop();
}
