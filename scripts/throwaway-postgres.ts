/**
 * A real PostgreSQL server for tests: TEST_DATABASE_URL if given, otherwise a throwaway cluster
 * made with the installed server binaries (initdb + pg_ctl in a temp dir, fsync off).
 * With neither it stops, naming what to install (see chooseTestDatabase); it never falls back to PGlite.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { chooseTestDatabase } from "./db/database-choice";
import { freePort } from "./free-port";

export type TestPostgres = {
  /** URL of the server's maintenance database; use createDatabase for a fresh one. */
  adminUrl: string;
  kind: "external" | "cluster";
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
};

function findPgBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** What startTestPostgres throws when there is no server to use; its message names what to install. */
export class NoTestPostgresError extends Error {
  override name = "NoTestPostgresError";
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const choice = chooseTestDatabase(process.env, findPgBin());
  if (choice.kind === "missing") throw new NoTestPostgresError(choice.message);
  if (choice.kind === "external") {
    const external = choice.url;
    return {
      adminUrl: external,
      kind: "external",
      async createDatabase(name) {
        await recreateDatabase(external, name);
        return withDatabase(external, name);
      },
      async stop() {},
    };
  }

  const bin = choice.binDir;
  const dir = mkdtempSync(path.join(os.tmpdir(), "rinbondhu-pg-"));
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: run its tools as the postgres user.
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
  };
  if (asRoot) {
    const pw = execFileSync("id", ["-u", "postgres"]).toString().trim();
    const gid = execFileSync("id", ["-g", "postgres"]).toString().trim();
    chownSync(dir, Number(pw), Number(gid));
  }
  run(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-o", serverOptions, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    kind: "cluster",
    async createDatabase(name) {
      await recreateDatabase(adminUrl, name);
      return withDatabase(adminUrl, name);
    },
    async stop() {
      try {
        run(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
