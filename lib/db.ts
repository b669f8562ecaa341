import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { copyChunks, type CopyRowSource, type CopyValue } from "@/lib/copy-rows";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { createPrismaClient } from "@/lib/prisma-client";

// One pool and one client per process; dev hot-reload would otherwise open a new pool on every edit.
// Prisma and `withPgTransaction` share the pool, so bulk work counts against the same limit, and with the
// embedded database (one session, pool size 1) a restore and the pages' queries take turns.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

function pool(): pg.Pool {
  if (!globalForPrisma.pgPool || globalForPrisma.pgPool.ended) {
    // Idle connections are kept 5 minutes (pg's default is 10 s): a new PostgreSQL backend's first queries pay for
    // loading its caches (a field sync on a fresh connection took 250 ms longer, docs/benchmarks.md). Idle
    // connections never keep a script alive (allowExitOnIdle); a server is kept alive by its listener anyway.
    // A connection attempt that gets no answer (a database host gone from the network) fails after 5 s instead of
    // holding its pool slot until the operating system gives up, minutes later.
    const created = new pg.Pool({
      connectionString: env().DATABASE_URL,
      max: env().DATABASE_POOL_SIZE,
      idleTimeoutMillis: 5 * 60_000,
      connectionTimeoutMillis: 5_000,
      allowExitOnIdle: true,
    });
    // An idle connection closed by the server (restart, admin) is dropped from the pool; nothing else to do.
    created.on("error", () => undefined);
    globalForPrisma.pgPool = created;
  }
  return globalForPrisma.pgPool;
}

/** The pool's connections: open, idle, and callers waiting for one (the metrics endpoint shows them). */
export function poolStats(): { total: number; idle: number; waiting: number; max: number | undefined } {
  const current = globalForPrisma.pgPool;
  const max = env().DATABASE_POOL_SIZE;
  if (!current || current.ended) return { total: 0, idle: 0, waiting: 0, max };
  return { total: current.totalCount, idle: current.idleCount, waiting: current.waitingCount, max };
}

function client(): PrismaClient {
  // `$disconnect` ends the pool too (tests and scripts rely on it to let the process exit).
  globalForPrisma.prisma ??= createPrismaClient(pool());
  return globalForPrisma.prisma;
}

/**
 * The Prisma client, created on first use rather than at import: `next build` imports server
 * modules to collect page configuration, where no database configuration exists.
 */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = client();
    const value = Reflect.get(real, property, real) as unknown;
    return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(real) : value;
  },
});

/** What `withPgTransaction`'s work returns to have the transaction rolled back and still answer `result`. */
export class RolledBack<T> {
  constructor(readonly result: T) {}
}

/**
 * One transaction on a plain `pg` connection, for the bulk work Prisma cannot do (COPY): committed when
 * `work` resolves, rolled back when it throws or returns a RolledBack. Everything else goes through Prisma.
 */
export async function withPgTransaction<T>(work: (client: pg.PoolClient) => Promise<T | RolledBack<T>>): Promise<T> {
  const connection = await pool().connect();
  let broken: Error | undefined;
  // A connection lost while checked out reports here (and the pending query fails) instead of crashing the process.
  const onError = (error: Error) => (broken = error);
  connection.on("error", onError);
  try {
    await connection.query("BEGIN");
    const outcome = await work(connection);
    if (outcome instanceof RolledBack) {
      await connection.query("ROLLBACK");
      return outcome.result;
    }
    await connection.query("COMMIT");
    return outcome;
  } catch (error) {
    broken = error as Error;
    await connection.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    connection.off("error", onError);
    // A connection that failed mid-transaction is not handed to the next caller.
    connection.release(broken);
  }
}

/**
 * Runs `work` with row triggers off, foreign-key checks among them, as pg_restore's `--disable-triggers`
 * does: PostgreSQL checks a foreign key one row at a time (about 10 µs a row here, over half of a
 * 300,000-row insert). Only when the database role may (a superuser, or PostgreSQL 15's `GRANT SET ON
 * PARAMETER session_replication_role`); otherwise `work` runs with them on. Answers whether they were off,
 * in which case the caller verifies the references it wrote with one set-based query.
 */
export async function withoutRowTriggers(connection: pg.ClientBase, work: () => Promise<void>): Promise<boolean> {
  await connection.query("SAVEPOINT row_triggers");
  const off = await connection.query("SET LOCAL session_replication_role = replica").then(
    () => true,
    () => false,
  );
  // Not allowed for this role: the savepoint undoes the failed SET, and the checks stay on.
  if (!off) await connection.query("ROLLBACK TO SAVEPOINT row_triggers");
  await connection.query("RELEASE SAVEPOINT row_triggers");
  // When `work` fails the transaction is rolled back, which ends the setting too.
  await work();
  if (off) await connection.query("SET LOCAL session_replication_role = origin");
  return off;
}

/**
 * Rows into `table` on a `withPgTransaction` connection: through COPY, or as multi-row INSERTs on the
 * embedded database (PGlite), which has no COPY over the wire.
 */
export async function copyInto(connection: pg.ClientBase, table: string, columns: readonly string[], rows: CopyRowSource): Promise<void> {
  await (env().DATABASE_EMBEDDED ? insertRows : copyRows)(connection, table, columns, rows);
}

/**
 * `COPY … FROM STDIN`. The rows are read lazily as the server takes them, so a generator that checks
 * records overlaps with the insert.
 */
export async function copyRows(connection: pg.ClientBase, table: string, columns: readonly string[], rows: CopyRowSource): Promise<void> {
  const names = columns.map((c) => `"${c}"`).join(", ");
  await pipeline(Readable.from(copyChunks(rows)), connection.query(copyFrom(`COPY "${table}" (${names}) FROM STDIN`)));
}

/** Multi-row INSERTs of the same rows, each value a parameter that PostgreSQL reads as its column's type. */
export async function insertRows(connection: pg.ClientBase, table: string, columns: readonly string[], rows: CopyRowSource): Promise<void> {
  const names = columns.map((c) => `"${c}"`).join(", ");
  const perStatement = Math.floor(30_000 / columns.length);
  let batch: (readonly CopyValue[])[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const tuples = batch.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`).join(", ");
    await connection.query(`INSERT INTO "${table}" (${names}) VALUES ${tuples}`, batch.flatMap((row) => row.map((v) => (v instanceof Date ? v.toISOString() : (v ?? null)))));
    batch = [];
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === perStatement) await flush();
  }
  await flush();
}
