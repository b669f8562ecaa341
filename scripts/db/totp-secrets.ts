/**
 * Maintenance of the sealed two-step secrets (lib/auth/totp-secrets.ts), run outside the app:
 * - sealPlainTotpSecrets: a database from before sealing keeps plain base32 secrets; `npm run db:migrate` and
 *   every start seal them under the current key (idempotent: sealed values are left alone);
 * - rotateTotpKey (`npm run db:rotate-totp-key`): re-seals every secret under TOTP_ENCRYPTION_KEY, opening
 *   each with the key that sealed it (the current one, or one in TOTP_ENCRYPTION_KEY_PREVIOUS).
 * Each runs in one transaction with an audit row; a value that does not open changes nothing.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { openTotpSecret, sealTotpSecret, totpKeyRing } from "../../lib/auth/totp-secrets";
import { sealedKeyId, type KeyRing } from "../../lib/crypto/secret-box";

type StoredSecret = { table: "StaffUser" | "StaffSignInChallenge"; id: string; staffUserId: string; value: string };

async function storedSecrets(client: pg.ClientBase): Promise<StoredSecret[]> {
  const users = await client.query<{ id: string; value: string }>(
    `SELECT "id", "twoFactorSecret" AS "value" FROM "StaffUser" WHERE "twoFactorSecret" IS NOT NULL FOR UPDATE`,
  );
  const challenges = await client.query<{ id: string; staffUserId: string; value: string }>(
    `SELECT "id", "staffUserId", "pendingSecret" AS "value" FROM "StaffSignInChallenge" WHERE "pendingSecret" IS NOT NULL FOR UPDATE`,
  );
  return [
    ...users.rows.map((r) => ({ table: "StaffUser" as const, id: r.id, staffUserId: r.id, value: r.value })),
    ...challenges.rows.map((r) => ({ table: "StaffSignInChallenge" as const, ...r })),
  ];
}

async function store(client: pg.ClientBase, secret: StoredSecret, value: string): Promise<void> {
  const column = secret.table === "StaffUser" ? "twoFactorSecret" : "pendingSecret";
  await client.query(`UPDATE "${secret.table}" SET "${column}" = $1 WHERE "id" = $2`, [value, secret.id]);
}

async function audit(client: pg.ClientBase, action: string, after: Record<string, unknown>): Promise<void> {
  await client.query(
    `INSERT INTO "AuditLog" ("id", "actorId", "actorLabel", "action", "entityType", "entityId", "after") VALUES ($1, NULL, 'system', $2, 'StaffUser', '*', $3::jsonb)`,
    [randomUUID(), action, JSON.stringify(after)],
  );
}

async function inTransaction<T>(url: string, work: (client: pg.ClientBase) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Seals plain secrets left from before sealing; answers how many it sealed. */
export async function sealPlainTotpSecrets(url: string, ring: KeyRing = totpKeyRing()): Promise<number> {
  return inTransaction(url, async (client) => {
    const plain = (await storedSecrets(client)).filter((s) => sealedKeyId(s.value) === null);
    for (const secret of plain) await store(client, secret, sealTotpSecret(secret.value, secret.staffUserId, ring));
    if (plain.length > 0) await audit(client, "auth.totp_secrets_sealed", { count: plain.length, keyId: ring.current.id });
    return plain.length;
  });
}

/** Re-seals every secret not sealed under the current key; answers how many. Throws, changing nothing, when one does not open. */
export async function rotateTotpKey(url: string, ring: KeyRing = totpKeyRing()): Promise<number> {
  return inTransaction(url, async (client) => {
    const stale = (await storedSecrets(client)).filter((s) => sealedKeyId(s.value) !== ring.current.id);
    for (const secret of stale) {
      const plain = sealedKeyId(secret.value) === null ? secret.value : openTotpSecret(secret.value, secret.staffUserId, ring);
      await store(client, secret, sealTotpSecret(plain, secret.staffUserId, ring));
    }
    await audit(client, "auth.totp_key_rotated", { count: stale.length, keyId: ring.current.id });
    return stale.length;
  });
}
