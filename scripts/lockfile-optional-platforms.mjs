#!/usr/bin/env node
/**
 * The npm registry reachable here serves only the Linux builds of packages with per-platform
 * binaries (@next/swc-*, @tailwindcss/oxide-*, …), so `npm install` leaves the other platforms out
 * of package-lock.json and `npm ci` then refuses the lockfile as out of sync. This adds the missing
 * optional entries, marked with their os/cpu so npm skips them on other platforms.
 * Run after every `npm install` that changes the lockfile: `node scripts/lockfile-optional-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
const OS = ["darwin", "win32", "android", "freebsd", "linux", "openbsd", "sunos", "aix", "netbsd", "openharmony"];
const CPU = ["arm64", "x64", "ia32", "arm", "ppc64", "s390x", "riscv64", "loong64", "wasm32", "mips64el"];

function platformOf(name) {
  const os = OS.find((o) => new RegExp(`[-/]${o}(-|$)`).test(name));
  const cpu = CPU.find((c) => new RegExp(`-${c}(-|$)`).test(name));
  const libc = os === "linux" ? (name.includes("musl") ? "musl" : name.includes("gnu") ? "glibc" : undefined) : undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc: [libc] }) };
}

const added = [];
for (const [path, pkg] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[nested] || packages[`node_modules/${dep}`]) continue;
    packages[`node_modules/${dep}`] = { version, optional: true, ...platformOf(dep) };
    added.push(dep);
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} optional platform entries.` : "Lockfile already complete.");
