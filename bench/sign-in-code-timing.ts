/**
 * `npm run bench:code-timing`: does "send a code" answer a known number (an applicant's) in the same time as an unknown
 * one (issue 52, point 4)? The production server (`npm run build` first) on the demo data and 10,000 applications
 * seeded in bulk into a throwaway PostgreSQL database; BENCH_ROUNDS (default 50) requests of each kind to the sign-in
 * form's server action over loopback HTTP, interleaved in pairs whose order alternates, each a new number from a new
 * address, timed until the whole answer has arrived. The SMS a known number gets is queued after the answer. Prints
 * each side's median and the Mann-Whitney z of the two samples (|z| < 1.96: no difference at the 5% level).
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { seedApplicationsInBulk } from "./bulk-seed";
import { startProductionApp } from "./prepare-app";
import { formatStats, stats } from "./stats";

const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
const applications = 10_000;

/** Mann-Whitney U of two samples as a z score (normal approximation, ties given their mean rank). */
function mannWhitneyZ(a: number[], b: number[]): number {
  const all = [...a.map((v) => ({ v, from: 0 })), ...b.map((v) => ({ v, from: 1 }))].sort((x, y) => x.v - y.v);
  const ranks = new Array<number>(all.length);
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.v === all[i]!.v) j += 1;
    for (let k = i; k <= j; k += 1) ranks[k] = (i + j) / 2 + 1;
    i = j + 1;
  }
  const rankSumA = all.reduce((sum, x, i) => sum + (x.from === 0 ? ranks[i]! : 0), 0);
  const u = rankSumA - (a.length * (a.length + 1)) / 2;
  const mean = (a.length * b.length) / 2;
  const sd = Math.sqrt((a.length * b.length * (a.length + b.length + 1)) / 12);
  return (u - mean) / sd;
}

/** The id Next gave the sign-in form's "send a code" action in this build. */
function requestCodeActionId(): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, { filename: string; exportedName: string }> };
  const found = Object.entries(manifest.node).find(([, v]) => v.filename === "lib/borrower/sign-in-actions.ts" && v.exportedName === "requestBorrowerCode");
  if (!found) throw new Error("requestBorrowerCode is not in this build's server actions");
  return found[0];
}

// Each request comes from its own address, as the trusted proxy reports it (the address limit is not what is timed).
process.env.TRUSTED_PROXY_HOPS = "1";
process.env.LOG_LEVEL ??= "warn";
const app = await startProductionApp({ prepare: (databaseUrl) => seedApplicationsInBulk(databaseUrl, applications) });
try {
  const client = new pg.Client({ connectionString: app.databaseUrl });
  await client.connect();
  await client.query(`VACUUM ANALYZE "LoanApplication", "Customer"`);
  const known = (await client.query<{ phone: string }>(`SELECT DISTINCT "phone" FROM "LoanApplication" ORDER BY "phone" LIMIT $1`, [rounds + 10])).rows.map((r) => r.phone);
  if (known.length < rounds + 10) throw new Error(`only ${known.length} distinct applicant numbers`);
  const unknown = Array.from({ length: rounds + 10 }, (_, i) => `+8801999${String(i).padStart(6, "0")}`);
  const actionId = requestCodeActionId();

  let address = 0;
  async function ask(phone: string): Promise<number> {
    address += 1;
    const started = performance.now();
    const response = await fetch(`${app.baseUrl}/account`, {
      method: "POST",
      headers: {
        "next-action": actionId,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: app.baseUrl,
        "x-forwarded-for": `198.51.${Math.floor(address / 250)}.${address % 250}`,
      },
      body: JSON.stringify([{ phone: `0${phone.slice(4)}` }]),
    });
    const text = await response.text();
    const took = performance.now() - started;
    if (!response.ok || !text.includes('"ok":true')) throw new Error(`refused (${response.status}): ${text.slice(0, 300)}`);
    return took;
  }

  for (let i = 0; i < 10; i += 1) {
    await ask(known[rounds + i]!);
    await ask(unknown[rounds + i]!);
  }
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < rounds; i += 1) {
    const pair = i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
    for (const kind of pair) {
      times[kind].push(await ask((kind === "known" ? known : unknown)[i]!));
      // The SMS of a known number goes out after its answer: let it, before the next request is timed.
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const sent = (await client.query<{ count: number }>(`SELECT count(*)::int AS "count" FROM "OutboxMessage" WHERE "template" = 'borrower.sign-in-code'`)).rows[0]!.count;
  await client.end();
  if (sent !== rounds + 10) throw new Error(`expected ${rounds + 10} sign-in SMS for the known numbers, found ${sent}`);
  const [k, u] = [stats(times.known), stats(times.unknown)];
  console.log(`[bench] demo data + ${applications} applications; ${rounds} requests each over HTTP, interleaved`);
  console.log(`  known number    ${formatStats(k)}`);
  console.log(`  unknown number  ${formatStats(u)}`);
  const z = mannWhitneyZ(times.known, times.unknown);
  console.log(`  median difference ${(k.p50 - u.p50).toFixed(2)} ms; Mann-Whitney z = ${z.toFixed(2)} (${Math.abs(z) < 1.96 ? "no difference at the 5% level" : "different at the 5% level"})`);
} finally {
  await app.stop();
}
