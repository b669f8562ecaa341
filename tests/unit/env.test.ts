import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";

const base = { DATABASE_URL: "postgresql://u:p@127.0.0.1:5432/db" };

describe("parseEnv", () => {
  it("accepts a minimal development configuration with defaults", () => {
    const env = parseEnv(base);
    expect(env.NODE_ENV).toBe("development");
    expect(env.PROTOTYPE_COMPAT).toBe(false);
    expect(env.SUPPORT_PHONE).toMatch(/^\+880/);
  });

  it("names DATABASE_URL when it is not a PostgreSQL URL", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://localhost/db" })).toThrow(/DATABASE_URL must start with postgresql/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({})).toThrow(/DATABASE_URL is required/);
  });

  it("requires a long AUTH_SECRET in production only", () => {
    expect(() => parseEnv({ ...base, NODE_ENV: "production" })).toThrow(/AUTH_SECRET is required in production/);
    expect(() => parseEnv({ ...base, NODE_ENV: "production", AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET/);
    expect(parseEnv({ ...base, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), TOTP_ENCRYPTION_KEY: "a".repeat(64) }).AUTH_SECRET).toHaveLength(32);
  });

  it("requires a 32-byte TOTP_ENCRYPTION_KEY in production only, and checks the previous keys' form", () => {
    const production = { ...base, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/TOTP_ENCRYPTION_KEY is required in production/);
    expect(() => parseEnv({ ...production, TOTP_ENCRYPTION_KEY: "too-short" })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 random bytes/);
    expect(parseEnv({ ...production, TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).TOTP_ENCRYPTION_KEY).toBeDefined();
    expect(parseEnv({ ...base }).TOTP_ENCRYPTION_KEY).toBeUndefined();
    expect(() => parseEnv({ ...base, TOTP_ENCRYPTION_KEY_PREVIOUS: `${"b".repeat(64)},nope` })).toThrow(/TOTP_ENCRYPTION_KEY_PREVIOUS/);
  });

  it("keeps the prototype compatibility flag off unless set, and then needs the society password", () => {
    expect(parseEnv({ ...base, PROTOTYPE_COMPAT: "false" }).PROTOTYPE_COMPAT).toBe(false);
    expect(() => parseEnv({ ...base, PROTOTYPE_COMPAT: "true" })).toThrow(/SOCIETY_ADMIN_PASSWORD/);
    const on = parseEnv({ ...base, PROTOTYPE_COMPAT: "1", SOCIETY_ADMIN_PASSWORD: "secret" });
    expect(on.PROTOTYPE_COMPAT).toBe(true);
  });

  it("rejects a support phone that is not E.164 Bangladeshi", () => {
    expect(() => parseEnv({ ...base, SUPPORT_PHONE: "01712345678" })).toThrow(/SUPPORT_PHONE/);
  });
});
