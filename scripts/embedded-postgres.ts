/**
 * PGlite (PostgreSQL compiled to WebAssembly) served over the PostgreSQL wire protocol on loopback,
 * so Prisma's pg adapter and the schema engine talk to it exactly as to a real server.
 * Zero set-up for demos and local development; the tests use a real PostgreSQL server.
 */
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { freePort } from "./free-port";

export type EmbeddedPostgres = { url: string; stop(): Promise<void> };

export async function startEmbeddedPostgres(options: { dataDir?: string; port?: number }): Promise<EmbeddedPostgres> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the migrations create trigram indexes for the back office's searches.
  const db = await PGlite.create(options.dataDir ?? "memory://", { extensions: { pg_trgm } });
  const port = options.port ?? (await freePort());
  const server = new PGLiteSocketServer({ db, port, host: "127.0.0.1", maxConnections: 16 });
  await server.start();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
