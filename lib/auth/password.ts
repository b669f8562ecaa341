import { hash, verify } from "@node-rs/argon2";
import { verifyPassword as verifyScrypt } from "./scrypt";

/**
 * Staff passwords: argon2id with OWASP's minimum (m = 19456 KiB, t = 2, p = 1), about 45 ms to hash and
 * 25 ms to verify on this project's 2-core server (bench/sign-in.ts). Older scrypt hashes (the demo seed)
 * still verify and are replaced at the next successful sign-in.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which isolated modules cannot import)
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMS = "$argon2id$v=19$m=19456,t=2,p=1$";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-policy";

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFC"), ARGON2_OPTIONS);
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

/** Constant-time check; `needsRehash` asks the caller to store a fresh argon2id hash. */
export async function checkPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith("$argon2")) {
    const valid = await verify(stored, password.normalize("NFC")).catch(() => false);
    return { valid, needsRehash: valid && !stored.startsWith(CURRENT_PARAMS) };
  }
  const valid = await verifyScrypt(password, stored);
  return { valid, needsRehash: valid };
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of a real verification when the phone number is unknown, so response time does not
 * tell an attacker which numbers belong to staff.
 */
export async function spendVerificationTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-only-for-timing");
  await verify(await dummyHash, password).catch(() => false);
}
