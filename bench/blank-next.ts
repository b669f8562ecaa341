/**
 * A blank Next.js page (bench/blank-next: no fonts, no CSS, no client components), built and served by this
 * project's own Next.js, for the benchmarks to measure beside the app: what the framework itself costs on this
 * machine. It is built in a temporary directory of its own, with node_modules hard-linked (a second copy of the
 * packages without copying them), because a project inside this one would take this one's proxy.ts and
 * instrumentation.ts into its build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../scripts/free-port";
import { waitUntilAnswering } from "./prepare-app";

const projectRoot = resolve(import.meta.dirname, "..");

export type BlankNext = { baseUrl: string; stop(): Promise<void> };

export async function startBlankNext(): Promise<BlankNext> {
  const dir = mkdtempSync(join(os.tmpdir(), "rinbondhu-blank-next-"));
  cpSync(join(import.meta.dirname, "blank-next"), dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "blank-next", private: true }));
  // Hard links where the file system allows them (the same disk), a copy otherwise.
  const linked = spawnSync("cp", ["-al", join(projectRoot, "node_modules"), join(dir, "node_modules")]);
  if (linked.status !== 0) cpSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), { recursive: true });
  const next = join(dir, "node_modules/next/dist/bin/next");
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
  delete env.NEXT_OUTPUT; // a plain build, as `next start` serves it
  const build = spawnSync(process.execPath, [next, "build", dir], { cwd: dir, env, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`The blank Next.js page did not build:\n${build.stdout}\n${build.stderr}`);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [next, "start", dir, "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
  const exited = new Promise<void>((done) => server.once("exit", () => done()));
  await waitUntilAnswering(baseUrl, 30_000, "The blank Next.js page did not start");
  return {
    baseUrl,
    async stop() {
      // Safe to call again (a bench stops it early, and once more on its way out).
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
