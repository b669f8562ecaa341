/**
 * `npm run bench` (after `npm run build`): load on / and /loans of the production server, side by side
 * with a bare node:http server that returns the same bytes — the floor for this machine — and with a blank
 * Next.js page (bench/blank-next.ts, and its own bare server): what the framework alone reaches here. Prints
 * requests/s and latency percentiles, the ratios to both, and whether the goal (GOAL_RATIO) is met.
 * BENCH_SECONDS and BENCH_CONNECTIONS tune it.
 *
 * Every party runs in its own process — the Next server (prepare-app), the bare server (bare-server.ts)
 * and autocannon — so the load generator never takes CPU from the server it measures; this process only
 * orchestrates and waits.
 *
 * With nginx installed (or BENCH_NGINX=/path/to/nginx), the same pages are loaded once more through
 * deploy/nginx.conf (its page cache in front of the app; BENCH_NGINX=off skips it), after checking the cache
 * answers them (X-Cache-Status: HIT) and passes a saved English choice on / through to the app's redirect.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import { join, resolve } from "node:path";
import type { Result as AutocannonResult } from "autocannon";
import { startBlankNext } from "./blank-next";
import { startProductionApp } from "./prepare-app";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const paths = ["/", "/loans"];
/** The goal for a public page: at least this share of the bare server's requests/s. */
const GOAL_RATIO = 0.25;

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

/** deploy/nginx.conf in front of the app on a free port (its own prefix, cache and logs in a temp directory). */
async function startNginx(binary: string, appPort: number): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(join(os.tmpdir(), "rinbondhu-nginx-"));
  mkdirSync(join(dir, "cache"));
  const port = await new Promise<number>((done) => {
    const probe = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
  const site = readFileSync(join(projectRoot, "deploy/nginx.conf"), "utf8")
    .replace("server app:3000;", `server 127.0.0.1:${appPort};`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`)
    .replace("/var/cache/nginx/rinbondhu", join(dir, "cache"));
  writeFileSync(join(dir, "site.conf"), site);
  writeFileSync(
    join(dir, "nginx.conf"),
    // Run as root (this machine), nginx's workers would be "nobody" and could not write the temp cache: keep them root.
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")} warn;\nworker_processes 1;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${dir};\n  proxy_temp_path ${dir};\n  include ${join(dir, "site.conf")};\n}\n`,
  );
  const child = spawn(binary, ["-c", join(dir, "nginx.conf"), "-p", dir], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(url, { redirect: "manual" });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, stop: () => (child.kill("SIGQUIT"), rmSync(dir, { recursive: true, force: true })) };
}

const nginxBinary = process.env.BENCH_NGINX === "off" ? null : (process.env.BENCH_NGINX ?? ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].find((p) => existsSync(p)) ?? null);

const rows: Row[] = [];
/** The app's page, then a bare server replaying its bytes (started only then, so not even an idle extra process runs while the page is measured). */
async function measure(target: string, baseUrl: string, path: string) {
  const response = await recordResponse(baseUrl + path);
  load(baseUrl + path); // warm-up pass, not recorded
  rows.push({ target, path, ...load(baseUrl + path) });
  const bare = await startBareServer(response);
  try {
    rows.push({ target: `bare node:http (${target}'s bytes)`, path, ...load(bare.url + path) });
  } finally {
    await bare.stop();
  }
}

// The blank page first, and stopped before the app starts: one server under load at a time.
const blank = await startBlankNext();
try {
  await measure("blank Next page", blank.baseUrl, "/");
} finally {
  await blank.stop();
}

const app = await startProductionApp();
try {
  // The bare server replays the exact bytes and headers the app sent for each page.
  for (const path of paths) await measure("next start", app.baseUrl, path);
  if (nginxBinary) {
    const nginx = await startNginx(nginxBinary, Number(new URL(app.baseUrl).port));
    try {
      for (const path of paths) {
        await fetch(nginx.url + path);
        const cached = await fetch(nginx.url + path);
        if (cached.headers.get("x-cache-status") !== "HIT") throw new Error(`nginx did not cache ${path}: ${cached.headers.get("x-cache-status")}`);
        load(nginx.url + path); // warm-up
        rows.push({ target: "nginx page cache", path, ...load(nginx.url + path) });
      }
      const saved = await fetch(`${nginx.url}/`, { headers: { cookie: "NEXT_LOCALE=en" }, redirect: "manual" });
      if (saved.status !== 307 || saved.headers.get("location") !== "/en") throw new Error(`a saved English choice on / got ${saved.status} ${saved.headers.get("location")}`);
      console.log(`\nnginx: / and /loans answered from its cache (HIT); a saved English choice on / got the app's ${saved.status} to ${saved.headers.get("location")}`);
    } finally {
      nginx.stop();
    }
  }
} finally {
  await app.stop();
}

console.log(`\n${connections} connections, ${seconds} s per run, ${new Date().toISOString()}\n`);
console.log("| path | server | req/s | p50 ms | p90 ms | p99 ms | errors |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.target.includes("blank") ? "blank page" : r.path} | ${r.target} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.errors} |`);
const [blankRow, blankBareRow] = rows.filter((r) => r.target.includes("blank"));
console.log(`\nblank Next page: ${(blankRow!.rps / blankBareRow!.rps).toFixed(2)}× the bare server with its bytes (the framework's own share on this machine)`);
for (const path of paths) {
  const appRow = rows.find((r) => r.path === path && r.target === "next start");
  const bareRow = rows.find((r) => r.path === path && r.target === "bare node:http (next start's bytes)");
  if (!appRow || !bareRow) continue;
  const ratio = appRow.rps / bareRow.rps;
  console.log(`\n${path}: next start serves ${(ratio * 100).toFixed(1)}% of the bare server's requests/s, ${(appRow.rps / blankRow!.rps).toFixed(2)}× the blank Next page's`);
  console.log(`${path}: goal ≥ ${GOAL_RATIO}× the bare server: ${ratio >= GOAL_RATIO ? "met" : "NOT met"} (${ratio.toFixed(2)}×)`);
  const cachedRow = rows.find((r) => r.path === path && r.target === "nginx page cache");
  if (cachedRow) console.log(`${path}: through nginx's page cache ${(cachedRow.rps / bareRow.rps).toFixed(2)}× the bare server`);
}
