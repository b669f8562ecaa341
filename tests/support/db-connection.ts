/** Statements on a connection of its own, as a given role (the owner's URL or the app's runtime role's). */
import pg from "pg";

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
