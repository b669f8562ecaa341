#!/usr/bin/env node
/** Prints "tests: N passed, N failed" for the whole suite from the JSON reports npm test's runners write. */
import { existsSync, readFileSync } from "node:fs";

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
for (const file of [".test-results/unit.json", ".test-results/integration.json"]) {
  const report = read(file);
  if (!report) throw new Error(`${file} is missing: did the vitest step run?`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const e2e = read(".test-results/e2e.json");
if (!e2e) throw new Error(".test-results/e2e.json is missing: did the browser step run?");
passed += e2e.stats.expected + e2e.stats.flaky;
failed += e2e.stats.unexpected;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
