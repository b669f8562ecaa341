/**
 * `npm run db:rotate-totp-key`: re-seals every two-step secret under TOTP_ENCRYPTION_KEY.
 * Rotation: set TOTP_ENCRYPTION_KEY to the new key and TOTP_ENCRYPTION_KEY_PREVIOUS to the old one, restart the
 * app (it reads both), run this, then drop the old key from TOTP_ENCRYPTION_KEY_PREVIOUS.
 */
import nextEnv from "@next/env";
import { projectRoot } from "./schema-engine";
import { rotateTotpKey } from "./totp-secrets";

nextEnv.loadEnvConfig(projectRoot, process.env.NODE_ENV !== "production");
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set.");
  process.exit(1);
}
try {
  const count = await rotateTotpKey(url);
  console.log(`Re-sealed ${count} two-step secret(s) under the current TOTP_ENCRYPTION_KEY.`);
} catch (error) {
  console.error(`✖ Nothing changed: ${(error as Error).message}`);
  process.exit(1);
}
