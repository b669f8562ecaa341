/**
 * The floor for bench/http-load.ts: a bare node:http server, in a process of its own so the load generator
 * and the orchestrating bench take none of its CPU, answering every request with one recorded response.
 * `node --import tsx bench/bare-server.ts <body-file> <headers-json>` (headers: [name, value] pairs);
 * prints the port it listens on (127.0.0.1) as its first stdout line, and exits when stdin closes.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

const [bodyFile, headersJson] = process.argv.slice(2);
if (!bodyFile || !headersJson) {
  console.error("Usage: node --import tsx bench/bare-server.ts <body-file> <headers-json>");
  process.exit(2);
}

const body = readFileSync(bodyFile);
const headers = (JSON.parse(headersJson) as [string, string][]).flat();
// Flat [name, value, …] list, so a repeated header (set-cookie) goes out as often as the app sent it.
const rawHeaders = [...headers, "content-length", String(body.length)];

const server = http.createServer((_req, res) => {
  res.writeHead(200, rawHeaders);
  res.end(body);
});
server.listen(0, "127.0.0.1", () => {
  console.log((server.address() as AddressInfo).port);
});

// The bench holds our stdin open: when it ends (or dies without stopping us), so do we.
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
