/**
 * A production deployment can never come up with demo accounts: `npm start` without DATABASE_URL refuses
 * (before any database starts), the demo seed refuses with NODE_ENV=production, and the reference seed
 * loads the loan products and nothing else.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db";
import { PRODUCTION_WITHOUT_DATABASE } from "@/scripts/db/database-choice";

/** Runs a script as a fresh shell would, without this process's database and environment settings. */
function run(args: string[], env: Record<string, string | undefined>) {
  const clean: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const key of ["DATABASE_URL", "EMBEDDED_DATABASE", "NODE_ENV"] as const) if (!(key in env)) delete clean[key];
  return spawnSync(process.execPath, ["--import", "tsx", ...args], { env: clean, encoding: "utf8", timeout: 60_000 });
}

describe("production start-up", () => {
  it("npm start without DATABASE_URL refuses with a clear message and starts nothing", () => {
    const result = run(["scripts/with-db.ts", "next", "start"], {});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(PRODUCTION_WITHOUT_DATABASE);
    expect(result.stdout).not.toContain("Embedded PostgreSQL");
  });

  it("the demo seed refuses in production; the reference seed loads the four products and no staff", async () => {
    expect(await prisma.loanProduct.count()).toBe(0);
    const demo = run(["prisma/seed.ts"], { DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "production" });
    expect(demo.status).toBe(1);
    expect(demo.stderr).toContain("npm run db:seed -- --reference");
    expect(await prisma.staffUser.count()).toBe(0);

    const reference = run(["prisma/seed.ts", "--reference"], { DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "production" });
    expect(reference.status, reference.stderr).toBe(0);
    expect((await prisma.loanProduct.findMany({ orderBy: { sortOrder: "asc" }, select: { key: true } })).map((p) => p.key)).toEqual(["instant", "salary", "consumer", "business"]);
    expect(await prisma.staffUser.count()).toBe(0);
    expect(await prisma.society.count()).toBe(0);
  });
});
