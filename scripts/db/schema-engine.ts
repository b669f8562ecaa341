/**
 * Prisma's schema engine compiled to WebAssembly, driven through the pg driver adapter.
 * The native engine (used by `prisma migrate`) is downloaded at run time, which this
 * project's machines cannot do; the wasm build ships inside an npm package.
 * It reads and writes the same migrations folder and `_prisma_migrations` table, so
 * `prisma migrate deploy` still accepts the folder where the native engine exists.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import { splitSqlScript } from "./sql-script";
import type * as Engine from "@prisma/schema-engine-wasm";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
export const schemaDir = path.join(projectRoot, "prisma/schema");
export const migrationsDir = path.join(projectRoot, "prisma/migrations");

const noFilters: Engine.SchemaFilter = { externalTables: [], externalEnums: [] };

type Bg = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let bgModule: Promise<Bg> | undefined;
function loadWasm(): Promise<Bg> {
  bgModule ??= (async () => {
    const require = createRequire(import.meta.url);
    const bgPath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bg = (await import(bgPath)) as Bg;
    const wasmModule = new WebAssembly.Module(readFileSync(path.join(path.dirname(bgPath), "schema_engine_bg.wasm")));
    const instance = new WebAssembly.Instance(wasmModule, {
      "./schema_engine_bg.js": bg as unknown as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return bgModule;
}

export function readSchemaFiles(): Engine.SchemaContainer[] {
  return readdirSync(schemaDir)
    .filter((f) => f.endsWith(".prisma"))
    .sort()
    .map((f) => {
      const file = path.join(schemaDir, f);
      return { path: file, content: readFileSync(file, "utf8") };
    });
}

export function readMigrationsList(): Engine.MigrationList {
  const lockPath = path.join(migrationsDir, "migration_lock.toml");
  const dirs = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((name) => {
      const sqlPath = path.join(migrationsDir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(sqlPath)
            ? { tag: "ok" as const, value: readFileSync(sqlPath, "utf8") }
            : { tag: "error" as const, value: `${sqlPath} is missing` },
        },
      };
    }),
  };
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
type QueryResultLike = { fields?: { dataTypeID: number }[] } | undefined;
function charColumnsAsText<T extends QueryResultLike>(result: T): T {
  for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  return result;
}

/**
 * The engine's introspection reads pg_catalog columns of type "char" (e.g. pg_constraint.contype),
 * which the pg adapter cannot map ("Column type 'char' could not be deserialized"). Their values are
 * one-letter strings, so they are reported as text.
 */
class CatalogFriendlyClient extends pg.Client {
  // pg's query() has many overloads; this forwards all of them unchanged apart from the result.
  query(...args: unknown[]): never {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: unknown, res: QueryResultLike) => last(err, charColumnsAsText(res));
    }
    const out = (super.query as (...a: unknown[]) => unknown)(...args);
    return (out instanceof Promise ? out.then(charColumnsAsText) : out) as never;
  }
}

export type SchemaEngineSession = {
  engine: Engine.SchemaEngine;
  close(): Promise<void>;
};

export async function openSchemaEngine(connectionString: string): Promise<SchemaEngineSession> {
  const bg = await loadWasm();
  // Our own pool, so that close() really ends the connections (a template database must be idle to copy).
  const pool = new pg.Pool({ connectionString, max: 2, Client: CatalogFriendlyClient });
  const factory = new PrismaPg(pool);
  // The adapter runs a migration by splitting it at every semicolon, which cuts a PL/pgSQL body apart: each
  // statement is found by splitSqlScript instead and sent whole (on the database and on a shadow database).
  type Connection = Awaited<ReturnType<PrismaPg["connect"]>>;
  const wholeStatements = <T extends Connection>(connection: T): T => {
    connection.executeScript = async (script: string) => {
      for (const sql of splitSqlScript(script)) await connection.executeRaw({ sql, args: [], argTypes: [] });
    };
    return connection;
  };
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connect = async () => wholeStatements(await connect());
  factory.connectToShadowDb = async () => wholeStatements(await connectToShadowDb());
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const files = readSchemaFiles();
  const engine = await bg.SchemaEngine.new(
    { datamodels: files.map((f) => [f.path, f.content]) },
    (log: string) => {
      if (process.env.DEBUG_SCHEMA_ENGINE) console.error(log);
    },
    adapter,
  );
  return {
    engine,
    async close() {
      engine.free();
      await pool.end();
    },
  };
}

/** Apply every migration in the folder that the database has not seen yet. */
export async function applyMigrations(connectionString: string): Promise<string[]> {
  const session = await openSchemaEngine(connectionString);
  try {
    const out = await session.engine.applyMigrations({
      migrationsList: readMigrationsList(),
      filters: noFilters,
    });
    return out.appliedMigrationNames;
  } finally {
    await session.close();
  }
}

/**
 * SQL that takes a database built from the migrations folder to the current schema.
 * The wasm engine replays the migrations on the connection it is given (it has no separate
 * shadow database), so `emptyDatabaseUrl` must point at an empty scratch database on a real
 * PostgreSQL server (on PGlite the engine panics while replaying).
 */
export async function diffMigrationsToSchema(emptyDatabaseUrl: string): Promise<string> {
  const session = await openSchemaEngine(emptyDatabaseUrl);
  try {
    const list = readMigrationsList();
    const from: Engine.DiffTarget =
      list.migrationDirectories.length > 0 ? { tag: "migrations", ...list } : { tag: "empty" };
    const result = await session.engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: readSchemaFiles() },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    return result.stdout ?? "";
  } finally {
    await session.close();
  }
}
