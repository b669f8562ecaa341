/** `npm run db:migrate`: apply pending migrations to DATABASE_URL (what `prisma migrate deploy` does). */
import { applyMigrations } from "./schema-engine";
import { sealPlainTotpSecrets } from "./totp-secrets";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set. Example: DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/rinbondhu npm run db:migrate");
  process.exit(1);
}
const applied = await applyMigrations(url);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
const sealed = await sealPlainTotpSecrets(url);
if (sealed) console.log(`Sealed ${sealed} two-step secret(s) stored in plain text under TOTP_ENCRYPTION_KEY.`);
