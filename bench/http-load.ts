/**
 * `npm run bench` (after `npm run build`): load on / and /loans of the production server, side by side
 * with a bare node:http server that returns the same bytes — the floor for this machine. Prints
 * requests/s and latency percentiles for both, the ratio, and whether it meets the goal (GOAL_RATIO).
 * BENCH_SECONDS and BENCH_CONNECTIONS tune it.
 *
 * Every party runs in its own process — the Next server (prepare-app), the bare server (bare-server.ts)
 * and autocannon — so the load generator never takes CPU from the server it measures; this process only
 * orchestrates and waits.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import { join, resolve } from "node:path";
import type { Result as AutocannonResult } from "autocannon";
import { startProductionApp } from "./prepare-app";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const paths = ["/", "/loans"];
/** The goal for a public page: at least this share of the bare server's requests/s. */
const GOAL_RATIO = 0.4;

const projectRoot = resolve(import.meta.dirname, "..");
const bareServerScript = join(import.meta.dirname, "bare-server.ts");
const autocannonCli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

type Row = { target: string; path: string; rps: number; p50: number; p90: number; p99: number; errors: number };
type RecordedResponse = { body: Buffer; headers: [string, string][] };

/** autocannon's CLI in a child process; this one just waits for its JSON result. */
function load(url: string): Omit<Row, "target" | "path"> {
  // Same request headers a browser sends, so both servers take the compressed path.
  const args = [autocannonCli, "--json", "-c", String(connections), "-d", String(seconds), "-H", "accept-encoding=gzip", url];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw run.error;
  const json = run.stdout.trim().split("\n").at(-1);
  // A run the CLI cannot start (a bad option or URL) goes to stderr, without JSON, and still exits 0.
  if (run.status !== 0 || !json?.startsWith("{")) throw new Error(`autocannon failed on ${url} (exit ${run.status}): ${run.stderr.trim()}`);
  const result = JSON.parse(json) as AutocannonResult;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * The page as the app sends it to a browser asking for gzip. node:http rather than fetch, which would
 * decompress: the bare server replays the bytes as they went over the wire, with the app's headers.
 */
async function recordResponse(url: string): Promise<RecordedResponse> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(url, { headers: { "accept-encoding": "gzip" } }, resolve).on("error", reject);
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  // Framing headers are the bare server's own (it sends content-length, not chunks).
  const framing = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "date"]);
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    const [name, value] = [response.rawHeaders[i]!, response.rawHeaders[i + 1]!];
    if (!framing.has(name.toLowerCase())) headers.push([name, value]);
  }
  return { body: Buffer.concat(chunks), headers };
}

/** bare-server.ts in its own process, serving `response` (handed over in a temp file); resolves once it listens. */
async function startBareServer(response: RecordedResponse): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(os.tmpdir(), "rinbondhu-bare-server-"));
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, response.body);
  const child = spawn(process.execPath, ["--import", "tsx", bareServerScript, bodyFile, JSON.stringify(response.headers)], {
    cwd: projectRoot,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()).once("error", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.stdin.end(); // it exits when its stdin closes
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((listening, failed) => {
      let out = "";
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        out += chunk;
        if (out.includes("\n")) listening(Number(out.slice(0, out.indexOf("\n"))));
      });
      child.once("error", failed);
      child.once("exit", (code) => failed(new Error(`The bare server exited (code ${code}) before listening`)));
    });
    return { url: `http://127.0.0.1:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

const app = await startProductionApp();
const rows: Row[] = [];
try {
  for (const path of paths) {
    // The bare server replays the exact bytes and headers the app sent for this page.
    const response = await recordResponse(app.baseUrl + path);

    load(app.baseUrl + path); // warm-up pass, not recorded
    rows.push({ target: "next start", path, ...load(app.baseUrl + path) });
    // Started only now, so not even an idle extra process runs while the app is measured.
    const bare = await startBareServer(response);
    try {
      rows.push({ target: "bare node:http", path, ...load(bare.url + path) });
    } finally {
      await bare.stop();
    }
  }
} finally {
  await app.stop();
}

console.log(`\n${connections} connections, ${seconds} s per run, ${new Date().toISOString()}\n`);
console.log("| path | server | req/s | p50 ms | p90 ms | p99 ms | errors |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.path} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} |`);
for (const path of paths) {
  const [appRow, bareRow] = rows.filter((r) => r.path === path);
  if (!appRow || !bareRow) continue;
  const ratio = appRow.rps / bareRow.rps;
  console.log(`\n${path}: next start serves ${(ratio * 100).toFixed(1)}% of the bare server's requests/s`);
  console.log(`${path}: goal ≥ ${GOAL_RATIO}× the bare server: ${ratio >= GOAL_RATIO ? "met" : "NOT met"} (${ratio.toFixed(2)}×)`);
}
