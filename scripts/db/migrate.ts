/** `npm run db:migrate`: apply pending migrations to DATABASE_URL (what `prisma migrate deploy` does). */
import nextEnv from "@next/env";
import { applyMigrations, projectRoot } from "./schema-engine";
import { sealPlainTotpSecrets } from "./totp-secrets";
import { grantRuntimeRole } from "./runtime-role";

nextEnv.loadEnvConfig(projectRoot, process.env.NODE_ENV !== "production");
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set. Example: DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/rinbondhu npm run db:migrate");
  process.exit(1);
}
const applied = await applyMigrations(url);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
// The role the app runs as (docs/architecture.md, "Database roles"): granted what it needs after every run.
if (process.env.DATABASE_RUNTIME_ROLE) {
  await grantRuntimeRole(url, process.env.DATABASE_RUNTIME_ROLE, process.env.DATABASE_RUNTIME_PASSWORD || undefined);
  console.log(`Granted the runtime role ${process.env.DATABASE_RUNTIME_ROLE} its privileges.`);
}
// Plain secrets of an older database are sealed only under a configured key: never under the development key by
// accident of a shell without the variable (the app seals them at its next start, with its own key, otherwise).
if (process.env.TOTP_ENCRYPTION_KEY) {
  const sealed = await sealPlainTotpSecrets(url);
  if (sealed) console.log(`Sealed ${sealed} two-step secret(s) stored in plain text under TOTP_ENCRYPTION_KEY.`);
}
