/**
 * What a backup says about its database, computed in the dump's own snapshot (scripts/db/backup.ts) and again on
 * the restored copy (scripts/db/restore-drill.ts); the drill passes only when both agree.
 *
 * Sums: every column of type smallint, integer, bigint or numeric of every table in schema public, money or not.
 * Stricter than guessing money columns by name (amount, paidAmount, lateFee, bonus, …), and no column can be missed
 * by a rename. Sums are compared as exact decimal text.
 */
import type pg from "pg";

export const AUDIT_TRIGGER = "AuditLog_no_update_or_delete";
export const MANIFEST_FORMAT = 1;

export type TableFigures = { rows: number; sums: Record<string, string> };
export type MigrationRow = { name: string; checksum: string; finished: boolean };

export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: string;
  serverVersion: string;
  tables: Record<string, TableFigures>;
  migrations: MigrationRow[];
  /** pg_trigger.tgenabled of the audit trigger ("A": enabled always), or null when it does not exist. */
  auditTrigger: string | null;
};

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

async function tableFigures(client: pg.ClientBase): Promise<Record<string, TableFigures>> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname COLLATE "C"`,
  );
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('smallint', 'integer', 'bigint', 'numeric') ORDER BY table_name, ordinal_position`,
  );
  const figures: Record<string, TableFigures> = {};
  for (const { name } of tables) {
    const summed = columns.filter((c) => c.table === name).map((c) => c.column);
    // Positional aliases: a column may be called "rows" too.
    const sums = summed.map((column, i) => `coalesce(sum(${quote(column)}), 0)::text AS s${i}`);
    const { rows } = await client.query<Record<string, string>>(`SELECT ${["count(*)::text AS n", ...sums].join(", ")} FROM ${quote(name)}`);
    const row = rows[0] ?? {};
    figures[name] = { rows: Number(row.n), sums: Object.fromEntries(summed.map((column, i) => [column, row[`s${i}`] ?? "0"])) };
  }
  return figures;
}

async function migrationRows(client: pg.ClientBase): Promise<MigrationRow[]> {
  const { rows: exists } = await client.query<{ present: boolean }>(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present`);
  if (!exists[0]?.present) return [];
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name AS name, checksum, finished_at IS NOT NULL AS finished FROM _prisma_migrations
      ORDER BY migration_name COLLATE "C", started_at`,
  );
  return rows;
}

/** The manifest of the database `client` is connected to, in the client's current transaction (if any). */
export async function readManifest(client: pg.ClientBase, createdAt = new Date()): Promise<BackupManifest> {
  const { rows: server } = await client.query<{ database: string; version: string }>(
    `SELECT current_database() AS database, current_setting('server_version') AS version`,
  );
  const { rows: trigger } = await client.query<{ enabled: string }>(
    `SELECT t.tgenabled AS enabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname = 'AuditLog' AND t.tgname = $1 AND NOT t.tgisinternal`,
    [AUDIT_TRIGGER],
  );
  return {
    format: MANIFEST_FORMAT,
    createdAt: createdAt.toISOString(),
    database: server[0]?.database ?? "",
    serverVersion: server[0]?.version ?? "",
    tables: await tableFigures(client),
    migrations: await migrationRows(client),
    auditTrigger: trigger[0]?.enabled ?? null,
  };
}

/** Checks the shape of a manifest read from a (verified) backup file. */
export function parseManifest(value: unknown): BackupManifest {
  const m = value as Partial<BackupManifest> | null;
  if (!m || m.format !== MANIFEST_FORMAT || typeof m.createdAt !== "string" || typeof m.tables !== "object" || !Array.isArray(m.migrations)) {
    throw new Error(`the backup's manifest is not in format ${MANIFEST_FORMAT}`);
  }
  return m as BackupManifest;
}

export function manifestTotals(manifest: BackupManifest): { tables: number; rows: number } {
  const tables = Object.values(manifest.tables);
  return { tables: tables.length, rows: tables.reduce((sum, t) => sum + t.rows, 0) };
}

const migrationKey = (m: MigrationRow) => `${m.name} ${m.checksum} ${m.finished ? "finished" : "unfinished"}`;

/** Every way the restored copy differs from what the backup recorded, worded for a person; empty when equal. */
export function compareManifests(backup: BackupManifest, restored: BackupManifest): string[] {
  const differences: string[] = [];
  const names = [...new Set([...Object.keys(backup.tables), ...Object.keys(restored.tables)])].sort();
  for (const name of names) {
    const before = backup.tables[name];
    const after = restored.tables[name];
    if (!after) differences.push(`table ${name} missing after restore`);
    else if (!before) differences.push(`table ${name} restored but not in the backup`);
    else {
      if (before.rows !== after.rows) differences.push(`${name}: ${before.rows} rows in the backup, ${after.rows} restored`);
      for (const column of [...new Set([...Object.keys(before.sums), ...Object.keys(after.sums)])]) {
        const [was, is] = [before.sums[column], after.sums[column]];
        if (was !== is) differences.push(`${name}.${column}: sum ${was ?? "(no column)"} in the backup, ${is ?? "(no column)"} restored`);
      }
    }
  }
  const restoredMigrations = new Set(restored.migrations.map(migrationKey));
  const backupMigrations = new Set(backup.migrations.map(migrationKey));
  for (const m of backup.migrations) if (!restoredMigrations.has(migrationKey(m))) differences.push(`migration ${m.name} missing or changed after restore`);
  for (const m of restored.migrations) if (!backupMigrations.has(migrationKey(m))) differences.push(`migration ${m.name} restored but not in the backup`);
  if (restored.auditTrigger === null) {
    differences.push(`audit trigger ${AUDIT_TRIGGER} missing after restore${backup.auditTrigger === null ? " (missing in the backed-up database too)" : ""}`);
  } else if (restored.auditTrigger !== backup.auditTrigger) {
    differences.push(`audit trigger ${AUDIT_TRIGGER} enabled as "${restored.auditTrigger}" after restore, "${backup.auditTrigger}" in the backup`);
  }
  return differences;
}

/** The migrations of the backup found intact after restore, for "migrations 24/24". */
export function intactMigrations(backup: BackupManifest, restored: BackupManifest): string {
  const restoredMigrations = new Set(restored.migrations.map(migrationKey));
  return `${backup.migrations.filter((m) => restoredMigrations.has(migrationKey(m))).length}/${backup.migrations.length}`;
}
