/**
 * Runs once when a server process starts (Next.js instrumentation hook): the Node.js server also works
 * the PostgreSQL job queue and the outbox (lib/jobs), so the one command that starts the app starts its
 * background work too, and stops it cleanly on SIGTERM/SIGINT.
 */

/** The longest a stopping server waits for its background work and pool before it exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** A second stop signal this soon after the first is the same stop relayed by a parent process, not a second request. */
const DUPLICATE_SIGNAL_MS = 2_000;

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Every request gets an id (X-Request-Id, and in every log line it causes) and is timed for /api/metrics.
  const [{ installRequestContext }, { observeRequest }] = await Promise.all([import("./lib/ops/request-context"), import("./lib/ops/metrics")]);
  installRequestContext((context, _request, response) => {
    observeRequest(context.method, context.path, response.statusCode, Number(process.hrtime.bigint() - context.startedAt) / 1e9);
  });
  const { closeDatabase, startJobPolling, stopJobRunner } = await import("./lib/jobs/runner");
  startJobPolling();
  // A database whose staff two-step secrets were sealed under another key (a demo seeded without this server's key)
  // is named in the log now, with what to do, rather than at the first staff sign-in (lib/auth/totp-health.ts).
  void import("./lib/auth/totp-health").then(({ checkTotpSecretsAtStart }) => checkTotpSecretsAtStart());
  // A production server has its OCR ready before the first applicant's card (lib/kyc/ocr/engine.ts warmOcr).
  if (process.env.NODE_ENV === "production") {
    void import("./lib/kyc/ocr/engine").then(({ warmOcr }) => warmOcr("interactive"));
  }

  // Next.js answers the signal itself: it stops accepting connections, lets the requests under way finish,
  // then calls process.exit. The background work stops at once (nothing new is claimed, claimed work is handed
  // back); the exit waits for that and then closes the pool, so nothing queries a closing database. A second
  // signal (two seconds or more after the first), or the deadline, exits at once.
  const exit = process.exit.bind(process);
  let stopping: Promise<void> | null = null;
  let signalledAt = 0;
  const stop = () => {
    // A stop signal often arrives twice within moments: a process-group kill reaches this process and also the
    // launchers above it (npx, tsx, scripts/with-db.ts), which relay it. Only a later one is a person insisting.
    if (stopping) return Date.now() - signalledAt < DUPLICATE_SIGNAL_MS ? undefined : exit(1);
    signalledAt = Date.now();
    stopping = stopJobRunner().catch(() => undefined);
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_DEADLINE_MS).unref());
    const drained = stopping.then(closeDatabase);
    // Replaced for the rest of this process's life: whoever exits (Next.js, or the branch below) waits for the drain.
    process.exit = ((code?: number) => {
      void Promise.race([drained, deadline]).finally(() => exit(code));
    }) as typeof process.exit;
    // With NEXT_MANUAL_SIG_HANDLE Next.js leaves the signal to the app: nothing else would end the process.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
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
