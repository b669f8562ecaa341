/**
 * Runs once when a server process starts (Next.js instrumentation hook). Everything the Node.js server starts (the
 * PostgreSQL job queue and the outbox, request ids, the start-up checks, a clean stop on SIGTERM/SIGINT) is in
 * instrumentation-node.ts, imported only under Node.js: no Node API appears here, where the Edge bundle would see it.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    registerNode();
  }
}

/**
 * Every error a request meets on the server (a page, an action, a route handler) as one log line: the digest shown to
 * the person as the error page's reference, beside the request id (added by the logger), the route and its kind.
 */
export async function onRequestError(
  error: unknown,
  request: { path: string; method: string },
  context: { routerKind: string; routePath: string; routeType: string },
): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("./lib/ops/logger");
  const digest = (error as { digest?: unknown } | null)?.digest;
  log.error(
    { area: "request", err: error, digest: typeof digest === "string" ? digest : undefined, method: request.method, route: context.routePath, routeType: context.routeType },
    "request failed",
  );
}
