/** Fails when messages/bn.json and messages/en.json do not have exactly the same keys, or a value is empty. */
import { readFileSync } from "node:fs";
import { compareMessageKeys } from "../lib/i18n-keys";

const load = (locale: string) => JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as unknown;
const problems = compareMessageKeys({ bn: load("bn"), en: load("en") });
if (problems.length) {
  console.error(`Message files disagree (${problems.length}):\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("messages/bn.json and messages/en.json have identical keys.");
