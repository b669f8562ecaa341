/** The launcher (npm start / npm run dev) refuses to start on bad configuration, naming the problem. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

function launch(env: Record<string, string | undefined>) {
  const result = spawnSync("npx", ["tsx", "scripts/with-db.ts", "node", "-e", "console.log('app-started')"], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("start-up configuration checks", () => {
  it("stops on a malformed DATABASE_URL", () => {
    const { code, output } = launch({ DATABASE_URL: "mysql://nope" });
    expect(code).toBe(1);
    expect(output).toMatch(/DATABASE_URL must start with postgresql/);
    expect(output).not.toMatch(/app-started/);
  });

  it("stops when the DATABASE_URL server does not answer", () => {
    const { code, output } = launch({ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none" });
    expect(code).toBe(1);
    expect(output).toMatch(/Cannot connect to DATABASE_URL/);
    expect(output).not.toMatch(/app-started/);
  });

  it("stops in production without AUTH_SECRET", () => {
    const { code, output } = launch({ DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "production", AUTH_SECRET: "" });
    expect(code).toBe(1);
    expect(output).toMatch(/AUTH_SECRET is required in production/);
  });

  it("stops in production without TOTP_ENCRYPTION_KEY (two-step secrets are sealed with it)", () => {
    const { code, output } = launch({ DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "production", AUTH_SECRET: "s".repeat(40), TOTP_ENCRYPTION_KEY: "" });
    expect(code).toBe(1);
    expect(output).toMatch(/TOTP_ENCRYPTION_KEY is required in production/);
    expect(output).not.toMatch(/app-started/);
  });

  it("starts the command on a good configuration, with migrations applied", () => {
    const { code, output } = launch({ DATABASE_URL: process.env.DATABASE_URL, NODE_ENV: "development" });
    expect(output).toMatch(/app-started/);
    expect(code).toBe(0);
  });
});
