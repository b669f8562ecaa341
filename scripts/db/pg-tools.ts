/**
 * pg_dump and pg_restore for `npm run db:backup` and `npm run db:restore-drill`: where they are, whether they can
 * read the server, and how to hand them a DATABASE_URL. Looked for in PG_BIN_DIR, then in the newest
 * /usr/lib/postgresql/<version>/bin (Debian's layout, installed by scripts/ensure-system-packages.sh), then on PATH.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

export type PgTool = "pg_dump" | "pg_restore";

const DEBIAN_ROOT = "/usr/lib/postgresql";

function candidateDirs(env: Readonly<Record<string, string | undefined>>): string[] {
  const dirs: string[] = [];
  if (env.PG_BIN_DIR) dirs.push(env.PG_BIN_DIR);
  if (existsSync(DEBIAN_ROOT)) {
    const versions = readdirSync(DEBIAN_ROOT)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => path.join(DEBIAN_ROOT, v, "bin")));
  }
  dirs.push(...(env.PATH ?? "").split(path.delimiter).filter(Boolean));
  return dirs;
}

/** The path of `tool`; throws naming what to install when there is none. */
export function findPgTool(tool: PgTool, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const found = candidateDirs(env)
    .map((dir) => path.join(dir, tool))
    .find((file) => existsSync(file));
  if (found) return found;
  throw new Error(
    `${tool} not found (looked in PG_BIN_DIR, ${DEBIAN_ROOT}/<version>/bin and PATH). ` +
      "Install the PostgreSQL client of the server's version or newer (Debian 12: sudo apt-get install -y postgresql-client-15), or set PG_BIN_DIR.",
  );
}

/** The major version of a pg_dump/pg_restore binary, from `--version` ("pg_dump (PostgreSQL) 15.18 …"). */
export function pgToolMajorVersion(toolPath: string): number {
  const output = execFileSync(toolPath, ["--version"], { encoding: "utf8" });
  const match = /\(PostgreSQL\) (\d+)/.exec(output);
  if (!match?.[1]) throw new Error(`Cannot tell the version of ${toolPath} from: ${output.trim()}`);
  return Number(match[1]);
}

/** pg_dump reads servers of its own major version and older only; refuses early with the fix. */
export function checkDumpCanReadServer(dumpMajor: number, serverVersionNum: number): void {
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (!Number.isFinite(serverMajor)) throw new Error(`Cannot tell the server's version (server_version_num ${serverVersionNum})`);
  if (dumpMajor >= serverMajor) return;
  throw new Error(
    `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server: install pg_dump ${serverMajor} or newer ` +
      `(Debian: postgresql-client-${serverMajor}) and point PG_BIN_DIR at its bin directory.`,
  );
}

// The query parameters libpq understands; others (Prisma's `schema`, `connection_limit`, …) make pg_dump refuse the URL.
const LIBPQ_PARAMETERS = new Set([
  "host", "hostaddr", "port", "user", "passfile", "channel_binding", "connect_timeout", "client_encoding", "options",
  "application_name", "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval", "keepalives_count",
  "tcp_user_timeout", "sslmode", "sslcompression", "sslcert", "sslkey", "sslpassword", "sslrootcert", "sslcrl", "sslcrldir",
  "sslsni", "requirepeer", "ssl_min_protocol_version", "ssl_max_protocol_version", "gssencmode", "krbsrvname", "gsslib",
  "service", "target_session_attrs",
]);

/**
 * A URL for a libpq tool's `--dbname` and the environment to run it with: the password travels in PGPASSWORD
 * rather than on the command line, where any user of the machine could read it in `ps`.
 */
export function libpqConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  url.password = "";
  for (const key of [...url.searchParams.keys()]) {
    if (!LIBPQ_PARAMETERS.has(key)) url.searchParams.delete(key);
  }
  return { dbname: url.toString(), env };
}

export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

export function databaseNameOf(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
}

/** Runs pg_restore (or another tool writing nothing useful to stdout); rejects with the end of its stderr. */
export function runPgTool(toolPath: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (text: string) => {
      stderr = (stderr + text).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(toolPath)} failed (${signal ?? `exit ${code}`}): ${lastLines(stderr)}`));
    });
  });
}

/** The last few non-empty lines of a tool's stderr, on one line. */
export function lastLines(text: string, count = 3): string {
  return text.trim().split("\n").filter(Boolean).slice(-count).join(" | ") || "no message";
}
