import { z } from "zod";
import { parseSecretKey } from "./crypto/secret-box";

/**
 * Configuration, validated once at start-up. Every later read goes through `env()`.
 * A bad value stops the process with a message that names the variable.
 */
const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: z
      .string({ error: "is required (the launcher sets it for the embedded database)" })
      .url("must be a URL like postgresql://user:password@host:5432/db")
      .refine((v) => /^postgres(ql)?:\/\//.test(v), "must start with postgresql:// or postgres://"),
    /** Connections in Prisma's pool; the embedded database launcher sets 1. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).optional(),
    /** Set by the launcher for the embedded database (PGlite), which has no COPY over the wire. */
    DATABASE_EMBEDDED: booleanFlag,
    AUTH_SECRET: z.string().optional(),
    /** AES-256 key sealing two-step sign-in secrets at rest (lib/auth/totp-secrets.ts): 32 bytes, base64 or hex. */
    TOTP_ENCRYPTION_KEY: z
      .string()
      .refine((v) => parseSecretKey(v) !== null, "must be 32 random bytes as base64 or 64 hex digits (openssl rand -base64 32)")
      .optional(),
    /** During a key rotation: the keys used before, comma-separated, still accepted for reading. */
    TOTP_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .refine(
        (v) => v.split(",").every((k) => k.trim() === "" || parseSecretKey(k) !== null),
        "must be keys like TOTP_ENCRYPTION_KEY's, separated by commas",
      )
      .optional(),
    SUPPORT_PHONE: z
      .string()
      .regex(/^\+880\d{8,10}$/, "must be an E.164 Bangladeshi number such as +8809612345678")
      .default("+8809612345678"),
    SUPPORT_EMAIL: z.string().email("must be an e-mail address").default("support@rinbondhu.com.bd"),
    /**
     * How many reverse proxies stand in front of the app (nginx: 1). The client address is the one the
     * nearest of them saw: the entry this many places from the right of X-Forwarded-For.
     */
    TRUSTED_PROXY_HOPS: z.coerce.number({ error: "must be a whole number (0 when nothing stands in front of the app)" }).int().min(0).max(10).default(0),
    /** The public site's address (https://…), put in front of links sent by SMS and e-mail; without it they are paths. */
    PUBLIC_SITE_URL: z.url("must be the site's address, like https://rinbondhu.com.bd").optional(),
    /**
     * "on": this server also works the job queue (lib/jobs: polling, and right after a request that queues work).
     * "off": it only queues; another process runs the jobs (tests run them by hand).
     */
    JOB_RUNNER: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    /**
     * "on": from day MONTH_END_RUN_DAY of the next month (Asia/Dhaka) the job queue runs an ended month's interest
     * accrual, classification and provisioning, unless an admin ran it first. "off": only the books' button does.
     */
    MONTH_END_RUN: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
    /** The day of the next month from which the job runs an ended month (the days before: late entries of its last days). */
    MONTH_END_RUN_DAY: z.coerce.number({ error: "must be a day of the month from 1 to 28" }).int().min(1).max(28).default(3),
    /** How SMS leave the outbox (lib/outbox/adapter.ts): "log" writes them to the server log, "http" posts them to a gateway. */
    SMS_PROVIDER: z.enum(["log", "http"], { error: 'must be "log" or "http"' }).default("log"),
    /** The SMS gateway's endpoint, with SMS_PROVIDER=http. */
    SMS_HTTP_URL: z.url("must be the gateway's address, like https://sms.example.com.bd/api/send").optional(),
    /** The SMS gateway's API key (sent as a bearer token), with SMS_PROVIDER=http. */
    SMS_HTTP_API_KEY: z.string().optional(),
    /**
     * How long the applicant waits for the card to be read (OCR) before the wizard goes on without a proposal. The
     * browser tests raise it, so that how busy the test machine is never decides what a test sees.
     */
    WIZARD_OCR_TIMEOUT_MS: z.coerce.number({ error: "must be a whole number of milliseconds" }).int().min(1_000).max(60_000).default(4_000),
    /**
     * The bearer token Prometheus sends to GET /api/metrics (at least 32 characters: openssl rand -base64 32). Without
     * it the endpoint answers 404: metrics are off.
     */
    METRICS_TOKEN: z.string().min(32, "must be at least 32 characters (openssl rand -base64 32)").optional(),
    /** The office's bKash and Nagad merchant numbers a borrower pays to (shown on /account with the loan number as the reference); unset, the page says to pay at the office. */
    BKASH_MERCHANT_NUMBER: z.string().regex(/^01[3-9]\d{8}$/, "must be a mobile number such as 01712345678").optional(),
    NAGAD_MERCHANT_NUMBER: z.string().regex(/^01[3-9]\d{8}$/, "must be a mobile number such as 01712345678").optional(),
    /** Re-enables the browser prototype's simulated behaviours. Off in every real deployment. */
    PROTOTYPE_COMPAT: booleanFlag,
    SOCIETY_ADMIN_PASSWORD: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.NODE_ENV === "production" && (!v.AUTH_SECRET || v.AUTH_SECRET.length < 32)) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required in production and must be at least 32 characters (openssl rand -base64 32)",
      });
    }
    if (v.NODE_ENV === "production" && !v.TOTP_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["TOTP_ENCRYPTION_KEY"],
        message: "is required in production: 32 random bytes as base64 (openssl rand -base64 32)",
      });
    }
    if (v.SMS_PROVIDER === "http") {
      for (const key of ["SMS_HTTP_URL", "SMS_HTTP_API_KEY"] as const) {
        if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when SMS_PROVIDER is http" });
      }
      // The API key travels as a bearer token: never in clear over a network (a relay on this machine may use http).
      const url = v.SMS_HTTP_URL ? new URL(v.SMS_HTTP_URL) : null;
      const loopback = url && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
      if (v.NODE_ENV === "production" && url && url.protocol !== "https:" && !loopback) {
        ctx.addIssue({ code: "custom", path: ["SMS_HTTP_URL"], message: "must be an https:// address in production (the API key is sent with every message)" });
      }
    }
    if (v.PROTOTYPE_COMPAT && !v.SOCIETY_ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["SOCIETY_ADMIN_PASSWORD"],
        message: "is required when PROTOTYPE_COMPAT is on (the society tool's shared admin password)",
      });
    }
  })
  .transform((v) => ({
    ...v,
    AUTH_SECRET: v.AUTH_SECRET ?? "development-only-secret-not-for-production-use",
  }));

export type Env = z.infer<typeof schema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"} ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
