import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage, ServerResponse } from "node:http";

export type RequestContext = { requestId: string; method: string; path: string; startedAt: bigint };

// One store per process: Next bundles instrumentation.ts (which enters it) apart from the routes (whose logger reads it),
// and each bundle has its own copy of this module.
const globalForRequests = globalThis as unknown as { requestContextStorage?: AsyncLocalStorage<RequestContext>; requestContextInstalled?: boolean };
const storage = (globalForRequests.requestContextStorage ??= new AsyncLocalStorage<RequestContext>());

/** The request being served (pages, actions, route handlers, and what they start); undefined outside one. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** A caller's id (nginx's $request_id, a load balancer's) is kept when it looks like one; otherwise a new one. */
const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

type RequestStart = { request: IncomingMessage; response: ServerResponse };
type ResponseFinish = { request: IncomingMessage; response: ServerResponse };

/**
 * Gives every HTTP request the server answers a request id, sent back as `X-Request-Id`, and makes it the context of
 * everything that request runs (the logger reads it). Node's diagnostics channels fire synchronously before the
 * server's handler, so entering the context there covers Next's whole handling of the request. Called once, from
 * instrumentation.ts; `onFinish` sees each finished request (the metrics' timing).
 */
export function installRequestContext(onFinish?: (context: RequestContext, request: IncomingMessage, response: ServerResponse) => void): void {
  if (globalForRequests.requestContextInstalled) return;
  globalForRequests.requestContextInstalled = true;
  const contexts = new WeakMap<IncomingMessage, RequestContext>();
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as RequestStart;
    const incoming = request.headers["x-request-id"];
    const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    const context: RequestContext = {
      requestId,
      method: request.method ?? "GET",
      path: (request.url ?? "/").split("?")[0]!,
      startedAt: process.hrtime.bigint(),
    };
    contexts.set(request, context);
    if (!response.headersSent) response.setHeader("X-Request-Id", requestId);
    storage.enterWith(context);
  });
  if (onFinish) {
    subscribe("http.server.response.finish", (message) => {
      const { request, response } = message as ResponseFinish;
      const context = contexts.get(request);
      if (context) onFinish(context, request, response);
    });
  }
}
