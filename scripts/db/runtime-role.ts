/**
 * The PostgreSQL role the running app connects as (issue 48): it reads and writes rows, and nothing more. The owner
 * (DATABASE_URL of `npm run db:migrate`) applies the migrations and then grants the runtime role its privileges by the
 * database's own rule (`rinbondhu_grant_runtime`, migration 20261127211500_society_books_guards), after every run, so a
 * new table is covered. Creates the role (LOGIN, with its password) when it does not exist yet.
 */
import pg from "pg";

/** A role name PostgreSQL takes unquoted: letters, digits and underscores. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function grantRuntimeRole(ownerUrl: string, role: string, password?: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`DATABASE_RUNTIME_ROLE must be a lower-case role name (letters, digits, _): got "${role}"`);
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const exists = (await client.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [role])).rowCount === 1;
    if (!exists) {
      if (!password) throw new Error(`The role ${role} does not exist: set DATABASE_RUNTIME_PASSWORD to create it.`);
      await client.query(`CREATE ROLE ${role} LOGIN PASSWORD ${client.escapeLiteral(password)} NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT`);
    } else if (password) {
      await client.query(`ALTER ROLE ${role} PASSWORD ${client.escapeLiteral(password)}`);
    }
    await client.query(`SELECT "rinbondhu_grant_runtime"($1)`, [role]);
  } finally {
    await client.end();
  }
}

/** The owner's URL with the runtime role's name and password instead: what the app's DATABASE_URL is. */
export function runtimeUrl(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}
