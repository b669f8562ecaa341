import "server-only";
import { prisma } from "@/lib/db";
import type { KeyRing } from "@/lib/crypto/secret-box";
import { sealedKeyId } from "@/lib/crypto/secret-box";
import { log } from "@/lib/ops/logger";
import { isDevelopmentTotpKeyId, openTotpSecret, totpKeyRing } from "./totp-secrets";

/**
 * Whether the staff members' two-step secrets open under the key this server was given (TOTP_ENCRYPTION_KEY and
 * TOTP_ENCRYPTION_KEY_PREVIOUS). One that does not is the operator's problem (the server started with another key than
 * the one that sealed it, or a demo database seeded with another): that staff member cannot sign in with a code.
 * Checked at start-up (instrumentation.ts: a warning naming the count and what to do) and by the readiness check
 * (cached, docs/decisions/0242-two-step-secret-that-does-not-open.md).
 *
 * Log lines here never carry a secret, and avoid the word itself in their text: the log mask (lib/ops/log-mask.ts)
 * treats the word after "secret" as one.
 */

export type TotpSecretHealth = {
  /** Staff members with a two-step secret stored. */
  total: number;
  /** Of those, how many do not open under the configured keys. */
  unopenable: number;
  /** The unopenable ones by the id of the key that sealed them ("plain": never sealed). */
  sealedWith: Record<string, number>;
};

/** How long the readiness check reuses a count: it is polled every few seconds, the key changes only with a restart. */
export const TOTP_HEALTH_CACHE_MS = 60_000;

const authLog = log.child({ area: "auth" });

/**
 * Opens every stored staff secret once (one query for the id and the sealed value; AES-GCM on a few dozen bytes each,
 * microseconds): a value sealed under a key the ring lacks, altered, or copied from another row counts alike.
 */
export async function inspectTotpSecrets(ring: KeyRing = totpKeyRing()): Promise<TotpSecretHealth> {
  const rows = await prisma.staffUser.findMany({ where: { twoFactorSecret: { not: null } }, select: { id: true, twoFactorSecret: true } });
  const sealedWith: Record<string, number> = {};
  let unopenable = 0;
  for (const row of rows) {
    try {
      openTotpSecret(row.twoFactorSecret!, row.id, ring);
    } catch {
      unopenable++;
      const keyId = sealedKeyId(row.twoFactorSecret!) ?? "plain";
      sealedWith[keyId] = (sealedWith[keyId] ?? 0) + 1;
    }
  }
  return { total: rows.length, unopenable, sealedWith };
}

const ringIds = (ring: KeyRing) => [ring.current, ...ring.previous].map((k) => k.id);

/** Shared by instrumentation.ts and the routes, which Next.js bundles apart (each with its own copy of this module). */
const shared = ((globalThis as unknown as { totpHealth?: TotpHealthState }).totpHealth ??= { cached: null, reported: 0 });
type TotpHealthState = {
  cached: { ring: string; at: number; health: Promise<TotpSecretHealth> } | null;
  /** The unopenable count last logged by this process, so a changed count is logged once, not at every poll. */
  reported: number;
};

/**
 * The count for the readiness check: computed at most once a minute per process (concurrent polls share one query), and
 * again at once after a sign-in met a secret that does not open or the configured keys changed.
 */
export function totpSecretHealth(now = Date.now()): Promise<TotpSecretHealth> {
  const ring = totpKeyRing();
  const ids = ringIds(ring).join(",");
  const cached = shared.cached;
  if (cached && cached.ring === ids && now - cached.at < TOTP_HEALTH_CACHE_MS) return cached.health;
  const health = inspectTotpSecrets(ring);
  const entry = { ring: ids, at: now, health };
  shared.cached = entry;
  health.then(
    (result) => reportChange(result, ring),
    () => {
      // A failed count (database away) is not kept: the next poll asks again.
      if (shared.cached === entry) shared.cached = null;
    },
  );
  return health;
}

/** The next readiness check counts afresh (a sign-in just met a secret that does not open). */
export function forgetTotpSecretHealth(): void {
  shared.cached = null;
}

function reportChange(health: TotpSecretHealth, ring: KeyRing): void {
  if (health.unopenable === shared.reported) return;
  shared.reported = health.unopenable;
  if (health.unopenable === 0) authLog.info({ total: health.total }, "every staff two-step setup opens under the configured TOTP_ENCRYPTION_KEY again");
  else authLog.warn(logFields(health, ring), unopenableMessage(health));
}

function logFields(health: TotpSecretHealth, ring: KeyRing) {
  return { unopenable: health.unopenable, total: health.total, sealedWith: health.sealedWith, configuredKeyIds: ringIds(ring) };
}

/** What the operator reads: how many, sealed with what, and the two ways out. */
export function unopenableMessage(health: TotpSecretHealth): string {
  const fromDevelopment = Object.entries(health.sealedWith)
    .filter(([keyId]) => isDevelopmentTotpKeyId(keyId))
    .reduce((sum, [, count]) => sum + count, 0);
  const origin =
    fromDevelopment > 0
      ? ` (${fromDevelopment} sealed with the development key, i.e. without TOTP_ENCRYPTION_KEY: a demo database seeded without the key)`
      : "";
  return (
    `${health.unopenable} of ${health.total} staff two-step setups do not open under the configured TOTP_ENCRYPTION_KEY${origin}: ` +
    "those staff cannot sign in with an authenticator code (the sign-in says codes cannot be checked now). " +
    "Start the server with the key that sealed them (or put that key in TOTP_ENCRYPTION_KEY_PREVIOUS and run npm run db:rotate-totp-key); " +
    "for a demo database, seed it again under the server's key: delete .data/ for the embedded one, or run npm run db:seed on an empty database with the same .env files as the server."
  );
}

/**
 * Start-up (instrumentation.ts, Node.js only): counts afresh and warns when any secret does not open. Never throws: a
 * database that is not there yet is the readiness check's business.
 */
export async function checkTotpSecretsAtStart(): Promise<void> {
  try {
    const ring = totpKeyRing();
    const health = await inspectTotpSecrets(ring);
    shared.cached = { ring: ringIds(ring).join(","), at: Date.now(), health: Promise.resolve(health) };
    shared.reported = health.unopenable;
    if (health.unopenable > 0) authLog.warn(logFields(health, ring), unopenableMessage(health));
  } catch (error) {
    authLog.warn({ err: error }, "could not check the staff two-step setups against TOTP_ENCRYPTION_KEY at start-up");
  }
}
