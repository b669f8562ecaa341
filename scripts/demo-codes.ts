/**
 * `npm run demo:codes`: the current two-factor codes of the demo staff accounts (development only: the
 * secrets are derived from public labels and exist only in demo databases).
 */
import { currentTotp } from "../lib/auth/totp";
import { DEMO_PASSWORD, DEMO_STAFF, demoTotpSecret } from "../lib/seed/staff";

const seconds = 30 - (Math.floor(Date.now() / 1000) % 30);
console.log(`Demo staff (password ${DEMO_PASSWORD}); codes valid for about ${seconds} more seconds:\n`);
for (const staff of DEMO_STAFF) {
  const code = await currentTotp(demoTotpSecret(staff.role));
  console.log(`  ${staff.role.padEnd(17)} ${staff.phone}  ${code}   secret ${demoTotpSecret(staff.role)}`);
}
