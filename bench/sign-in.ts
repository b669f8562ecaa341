/**
 * `npm run bench:sign-in`: the cost of the password check at sign-in (argon2id, m = 19456 KiB, t = 2,
 * p = 1) on this machine: one verification at a time, and how many verifications per second two cores
 * sustain when sign-ins arrive together; and what the code step adds since two-step secrets are sealed at rest
 * (opening one AES-256-GCM value). BENCH_ROUNDS (default 100) tunes it.
 */
import { performance } from "node:perf_hooks";
import { checkPassword, hashPassword } from "../lib/auth/password";
import { newTotpSecret } from "../lib/auth/totp";
import { openTotpSecret, sealTotpSecret, totpKeyRing } from "../lib/auth/totp-secrets";
import { formatStats, stats } from "./stats";

const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
const password = "Correct-horse-battery-9";

const hashTimes: number[] = [];
let hash = "";
for (let i = 0; i < 20; i++) {
  const started = performance.now();
  hash = await hashPassword(password);
  hashTimes.push(performance.now() - started);
}

const verifyTimes: number[] = [];
for (let i = 0; i < rounds; i++) {
  const started = performance.now();
  const check = await checkPassword(password, hash);
  verifyTimes.push(performance.now() - started);
  if (!check.valid) throw new Error("verification failed");
}

const started = performance.now();
await Promise.all(Array.from({ length: rounds }, () => checkPassword(password, hash)));
const perSecond = rounds / ((performance.now() - started) / 1000);

console.log(`argon2id hash:   ${formatStats(stats(hashTimes))}`);
console.log(`argon2id verify: ${formatStats(stats(verifyTimes))}`);
console.log(`${rounds} verifications started at once (libuv pool of ${process.env.UV_THREADPOOL_SIZE ?? 4} threads): ${perSecond.toFixed(0)} per second`);

// The code step opens the staff member's sealed secret once per sign-in.
const ring = totpKeyRing({ TOTP_ENCRYPTION_KEY: "be0c".repeat(16) });
const sealed = sealTotpSecret(newTotpSecret(), "bench-staff", ring);
const openTimes: number[] = [];
for (let i = 0; i < rounds * 100; i++) {
  const opened = performance.now();
  openTotpSecret(sealed, "bench-staff", ring);
  openTimes.push(performance.now() - opened);
}
console.log(`open a sealed two-step secret (AES-256-GCM): ${formatStats(stats(openTimes))}`);
