/**
 * `npm run dev:messages [phone]`: the last SMS and e-mails the development server "sent" (SMS_PROVIDER=log), in full,
 * newest last: a borrower's sign-in code, a KYC link. Development only: the file is written only under `npm run dev`
 * (NODE_ENV=development, lib/outbox/adapter.ts). With a phone number (any form), only the messages to it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEVELOPMENT_MESSAGES_FILE } from "../lib/outbox/adapter";
import { normalizeBdMobile } from "../lib/validation/bd";

const SHOWN = 10;
const wanted = process.argv[2] ? normalizeBdMobile(process.argv[2]) : null;
let lines: string[] = [];
try {
  lines = readFileSync(path.join(process.cwd(), DEVELOPMENT_MESSAGES_FILE), "utf8").trim().split("\n").filter(Boolean);
} catch {
  console.log("No messages yet: start the app with `npm run dev` and ask for a sign-in code on /account.");
  process.exit(0);
}
const entries = lines
  .map((line) => JSON.parse(line) as { at: string; channel: string; recipient: string; text: string })
  .filter((m) => !wanted || m.recipient === wanted)
  .slice(-SHOWN);
for (const m of entries) console.log(`${m.at}  ${m.channel}  ${m.recipient}\n  ${m.text}\n`);
if (entries.length === 0) console.log(wanted ? `No messages to ${wanted}.` : "No messages yet.");
