/**
 * A fake SMS gateway for the browser tests, in the form the app's HTTP adapter speaks (lib/outbox/adapter.ts): the
 * apps under test send to it, and a test reads a text as the borrower reads their phone. The outbox keeps no sign-in
 * code once it is sent, so this is the only place a test finds one.
 *
 *   POST /send   { to, text, reference }      → 200
 *   GET  /inbox?reference=<outbox message id>  → { to, text } or 404
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type SmsGateway = { sendUrl: string; inboxUrl: string; apiKey: string; close: () => Promise<void> };

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const apiKey = "e2e-sms-gateway-key";
  const received = new Map<string, { to: string; text: string }>();
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://gateway");
    if (request.method === "POST" && url.pathname === "/send") {
      if (request.headers.authorization !== `Bearer ${apiKey}`) return void response.writeHead(401).end();
      const message = JSON.parse(await bodyOf(request)) as { to: string; text: string; reference: string };
      received.set(message.reference, { to: message.to, text: message.text });
      return void response.writeHead(200, { "content-type": "application/json" }).end("{}");
    }
    if (request.method === "GET" && url.pathname === "/inbox") {
      const message = received.get(url.searchParams.get("reference") ?? "");
      if (!message) return void response.writeHead(404).end();
      return void response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message));
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sendUrl: `${base}/send`,
    inboxUrl: `${base}/inbox`,
    apiKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
