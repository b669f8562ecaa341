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
import { dirname, join, resolve } from "node:path";
import { freePort } from "../scripts/free-port";
import { waitUntilAnswering } from "./prepare-app";

const projectRoot = resolve(import.meta.dirname, "..");

export type BlankNext = { baseUrl: string; stop(): Promise<void> };

/** A temporary directory holding a hard-linked copy of node_modules: in the system's temp directory when it is on the same disk, beside the project otherwise. */
function linkedWorkspace(): string {
  for (const parent of [os.tmpdir(), dirname(projectRoot)]) {
    const dir = mkdtempSync(join(parent, "rinbondhu-blank-next-"));
    if (spawnSync("cp", ["-al", join(projectRoot, "node_modules"), join(dir, "node_modules")]).status === 0) return dir;
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error("Could not hard-link node_modules for the blank Next.js page (neither the temp directory nor the project's parent is on its disk)");
}

export async function startBlankNext(): Promise<BlankNext> {
  const dir = linkedWorkspace();
  let server: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const stop = async () => {
    // Safe to call again (a bench stops it early, and once more on its way out).
    if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    cpSync(join(import.meta.dirname, "blank-next"), dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "blank-next", private: true }));
    const next = join(dir, "node_modules/next/dist/bin/next");
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" };
    delete env.NEXT_OUTPUT; // a plain build, as `next start` serves it
    const build = spawnSync(process.execPath, [next, "build", dir], { cwd: dir, env, encoding: "utf8" });
    if (build.status !== 0) throw new Error(`The blank Next.js page did not build:\n${build.stdout}\n${build.stderr}`);

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [next, "start", dir, "-p", String(port), "-H", "127.0.0.1"], { cwd: dir, env, stdio: "ignore" });
    server = child;
    exited = new Promise<void>((done) => child.once("exit", () => done()));
    await waitUntilAnswering(baseUrl, 30_000, "The blank Next.js page did not start");
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
