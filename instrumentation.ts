/**
 * Runs once when a server process starts (Next.js instrumentation hook): the Node.js server also works
 * the PostgreSQL job queue (lib/jobs), so the one command that starts the app starts its background work too.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startJobPolling } = await import("./lib/jobs/runner");
  startJobPolling();
}
