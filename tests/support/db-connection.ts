/** Statements on a connection of its own, as a given role (the owner's URL or the app's runtime role's). */
import pg from "pg";
import { randomBytes } from "node:crypto";
import { grantRuntimeRole, runtimeUrl } from "../../scripts/db/runtime-role";

export async function as<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The database's refusal of statements run in one transaction (rolled back): its SQLSTATE (42501 permission denied, 23001 restrict violation, …), or undefined. */
export async function refusal(url: string, ...statements: [string, unknown[]?][]): Promise<string | undefined> {
  return as(url, async (c) => {
    await c.query("BEGIN");
    try {
      for (const [sql, params] of statements) await c.query(sql, params);
      return undefined;
    } catch (error) {
      return (error as { code?: string }).code;
    } finally {
      await c.query("ROLLBACK");
    }
  });
}

/**
 * Runs this test file's application code as the app's own runtime role (a fresh one, granted as deployments grant it):
 * call it before any application module is imported, since lib/db opens its pool with DATABASE_URL.
 */
export async function switchToRuntimeRole(): Promise<{ ownerUrl: string; appUrl: string; role: string }> {
  const ownerUrl = process.env.DATABASE_URL!;
  const role = `rb_app_${randomBytes(4).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  const appUrl = runtimeUrl(ownerUrl, role, password);
  await grantRuntimeRole(ownerUrl, role, password);
  process.env.DATABASE_URL = appUrl;
  return { ownerUrl, appUrl, role };
}

/** Drops a role made by switchToRuntimeRole (after the file's pool is closed), as the owner. */
export async function dropRuntimeRole(ownerUrl: string, role: string): Promise<void> {
  await as(ownerUrl, async (c) => {
    await c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [role]);
    await c.query(`DROP OWNED BY ${role}`);
    await c.query(`DROP ROLE ${role}`);
  });
}

