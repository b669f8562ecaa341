/**
 * `npm run bench` (after `npm run build`): load on / and /loans of the production server, side by side
 * with a bare node:http server that returns the same bytes — the floor for this machine. Prints
 * requests/s and latency percentiles for both and the ratio. BENCH_SECONDS and BENCH_CONNECTIONS tune it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { startProductionApp } from "./prepare-app";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const paths = ["/", "/loans"];

type Row = { target: string; path: string; rps: number; p50: number; p90: number; p99: number; errors: number };

async function load(url: string): Promise<Omit<Row, "target" | "path">> {
  // Same request headers a browser sends, so both servers take the compressed path.
  const result = await autocannon({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const app = await startProductionApp();
const rows: Row[] = [];
try {
  for (const path of paths) {
    // The bare server replays the exact bytes and headers the app sent for this page.
    const sample = await fetch(app.baseUrl + path, { headers: { "accept-encoding": "gzip" } });
    const body = Buffer.from(await sample.arrayBuffer());
    const bare = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": sample.headers.get("content-type") ?? "text/html", "content-length": body.length });
      res.end(body);
    });
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    const barePort = (bare.address() as AddressInfo).port;

    await load(app.baseUrl + path); // warm-up pass, not recorded
    rows.push({ target: "next start", path, ...(await load(app.baseUrl + path)) });
    rows.push({ target: "bare node:http", path, ...(await load(`http://127.0.0.1:${barePort}${path}`)) });
    bare.close();
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
  if (appRow && bareRow) console.log(`\n${path}: next start serves ${((appRow.rps / bareRow.rps) * 100).toFixed(1)}% of the bare server's requests/s`);
}
