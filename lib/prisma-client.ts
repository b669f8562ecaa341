/**
 * The one way this project builds a Prisma client: the generated client on `@prisma/adapter-pg`.
 * Not server-only and relative imports only, so tsx scripts (seed, launcher, e2e runner, benchmarks)
 * and the test projects import it as they are; the app's own client (lib/db.ts) is built here too.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import type pg from "pg";
import { PrismaClient } from "./generated/prisma/client";

/** A client with its own pool of at most `max` connections (pg's default, 10, when not given). */
export function createPrismaClient(connectionString: string, options?: { max?: number }): PrismaClient;
/** A client on a pool the caller shares with other code; the client's `$disconnect` ends that pool too. */
export function createPrismaClient(pool: pg.Pool): PrismaClient;
export function createPrismaClient(source: string | pg.Pool, options: { max?: number } = {}): PrismaClient {
  const adapter =
    typeof source === "string"
      ? new PrismaPg({ ...options, connectionString: source })
      : // Disposing the adapter ends the pool, so `$disconnect` lets a test or script process exit.
        new PrismaPg(source, { disposeExternalPool: true });
  return new PrismaClient({ adapter });
}
