/**
 * Which database a start-up (`npm run dev`, `npm start`) serves. The embedded database comes with demo
 * data, including staff accounts whose password is printed in the README, so a production start never
 * falls back to it silently: it needs DATABASE_URL, or EMBEDDED_DATABASE=1 asking for the embedded one.
 */
export type DatabaseChoice = { kind: "server"; url: string } | { kind: "embedded" } | { kind: "refused"; message: string };

export const PRODUCTION_WITHOUT_DATABASE =
  "DATABASE_URL is not set. A production start (npm start) needs a PostgreSQL server: set DATABASE_URL=postgresql://…, " +
  "then load the loan products once with `npm run db:seed -- --reference`. The embedded database holds demo data with " +
  "known passwords; to serve it anyway (a demo, never real customers), set EMBEDDED_DATABASE=1.";

export function chooseDatabase(env: Readonly<Record<string, string | undefined>>, nodeEnv: string): DatabaseChoice {
  if (env.DATABASE_URL) return { kind: "server", url: env.DATABASE_URL };
  if (nodeEnv !== "production" || env.EMBEDDED_DATABASE === "1") return { kind: "embedded" };
  return { kind: "refused", message: PRODUCTION_WITHOUT_DATABASE };
}

/**
 * Which PostgreSQL server the integration tests (and the e2e run, the benchmarks and
 * `db:migration:create`) use. Never PGlite: the schema engine cannot replay migrations on it, it serves a
 * single database and has no COPY over the wire, so a run on it would pass or fail for the wrong reasons.
 */
export type TestDatabaseChoice = { kind: "external"; url: string } | { kind: "cluster"; binDir: string } | { kind: "missing"; message: string };

export const NO_TEST_DATABASE =
  "No PostgreSQL server for the tests: TEST_DATABASE_URL is not set and no PostgreSQL server binaries were found " +
  "(looked for /usr/lib/postgresql/<version>/bin/initdb). Install them (Debian/Ubuntu: sudo apt-get install -y postgresql, " +
  "which is PostgreSQL 15 on Debian 12, package postgresql-15), or point TEST_DATABASE_URL at a running server whose role may " +
  "create databases, e.g. TEST_DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/postgres. " +
  "The embedded PGlite database serves `npm run dev` and `npm start` only.";

/** `serverBinDir`: the newest installed server's bin directory (initdb, pg_ctl), if any. */
export function chooseTestDatabase(env: Readonly<Record<string, string | undefined>>, serverBinDir: string | undefined): TestDatabaseChoice {
  if (env.TEST_DATABASE_URL) return { kind: "external", url: env.TEST_DATABASE_URL };
  if (serverBinDir) return { kind: "cluster", binDir: serverBinDir };
  return { kind: "missing", message: NO_TEST_DATABASE };
}
