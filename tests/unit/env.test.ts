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

  it("bounds the wizard's card read at 4 s unless told otherwise, between 1 and 60 s", () => {
    expect(parseEnv({ ...base }).WIZARD_OCR_TIMEOUT_MS).toBe(4000);
    expect(parseEnv({ ...base, WIZARD_OCR_TIMEOUT_MS: "20000" }).WIZARD_OCR_TIMEOUT_MS).toBe(20000);
    expect(() => parseEnv({ ...base, WIZARD_OCR_TIMEOUT_MS: "50" })).toThrow(/WIZARD_OCR_TIMEOUT_MS/);
  });

  it("needs the gateway's address and key for SMS_PROVIDER=http, the address over https in production", () => {
    expect(parseEnv({ ...base }).SMS_PROVIDER).toBe("log");
    expect(() => parseEnv({ ...base, SMS_PROVIDER: "http" })).toThrow(/SMS_HTTP_URL is required when SMS_PROVIDER is http[\s\S]*SMS_HTTP_API_KEY is required/);
    expect(parseEnv({ ...base, SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9999/send", SMS_HTTP_API_KEY: "k" }).SMS_PROVIDER).toBe("http");
    const production = { ...base, NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), TOTP_ENCRYPTION_KEY: "a".repeat(64), SMS_PROVIDER: "http", SMS_HTTP_API_KEY: "k" };
    expect(() => parseEnv({ ...production, SMS_HTTP_URL: "http://sms.example.com.bd/send" })).toThrow(/SMS_HTTP_URL must be an https/);
    expect(parseEnv({ ...production, SMS_HTTP_URL: "https://sms.example.com.bd/send" }).SMS_HTTP_URL).toBe("https://sms.example.com.bd/send");
    // A relay on the same machine: nothing crosses a network.
    expect(parseEnv({ ...production, SMS_HTTP_URL: "http://127.0.0.1:8025/send" }).SMS_HTTP_URL).toBe("http://127.0.0.1:8025/send");
    expect(() => parseEnv({ ...base, SMS_PROVIDER: "carrier-pigeon" })).toThrow(/SMS_PROVIDER must be "log" or "http"/);
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
