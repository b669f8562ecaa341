/**
 * What a log line must never carry: a national ID number, a phone number, a password, a one-time or two-step code, a
 * token or secret. Two nets: values under a sensitive key are replaced whatever they are, and every string anywhere
 * (messages, error messages and stacks, free text) has number runs, phone numbers and tokens masked. References the
 * app makes (LB…, LN-…, PAY-…) keep their letters, so they stay searchable.
 */

/** Keys whose value is never logged (matched case-insensitively, anywhere in the key). */
const SENSITIVE_KEY = /pass(word)?|secret|token|otp|totp|code|nid|phone|mobile|recipient|authorization|cookie|signature|apikey|api_key|key$/i;
/** Keys whose values are ours and safe, logged as they are: the error's code, a status code, the request id, the digest. */
const SAFE_KEY = /^(errorCode|statusCode|status|code_?name|requestId|route|method|digest|area)$/i;

const DIGIT = "[0-9০-৯]";
/** A Bangladeshi mobile number in any usual form: 01XXXXXXXXX, 8801…, +880 1…, with spaces or dashes. */
const PHONE = new RegExp(`(?<![0-9০-৯])(?:\\+?(?:88|৮৮)[\\s-]?)?(?:(?:0|০)[\\s-]?)?(?:1|১)[3-9৩-৯](?:[\\s-]?${DIGIT}){8}(?![0-9০-৯])`, "g");
/**
 * Any other run of six or more digits standing alone: NID numbers (10, 13, 17 digits), codes (6 digits), card numbers.
 * Not a part of a reference (LB…, LN-2026-000123), which is not secret and is what a support call quotes.
 */
const LONG_NUMBER = new RegExp(`(?<![\\p{L}\\p{N}_-])${DIGIT}{6,}(?![\\p{L}\\p{N}_-])`, "gu");
/** token=…, code=…, password=… in URLs and query strings. */
const SECRET_PARAM = /\b(token|code|otp|password|secret|key|signature)=[^&\s"']+/gi;
/** A secret named in prose: "password hunter2", "PIN: 1234", "secret 'abc'". */
const NAMED_SECRET = /\b(password|passwd|passphrase|pin|otp|secret)(\s*[:=]?\s*["']?)[^\s,;&"']+/gi;
/** Bearer and Basic credentials. */
const AUTH_HEADER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/**
 * Long opaque strings (session tokens, keys, JWTs): 32+ url-safe characters with a digit, dotted parts included. Not
 * "/": a file path in a stack trace is long too, and stays readable.
 */
const OPAQUE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{32,}(?:\.[A-Za-z0-9_-]+)*/g;

export const MASK = "[masked]";

/** The text with phone numbers, long numbers, credentials and tokens replaced. */
export function maskText(text: string): string {
  return text
    .replace(SECRET_PARAM, (_, name: string) => `${name}=${MASK}`)
    .replace(NAMED_SECRET, (_, name: string, separator: string) => `${name}${separator}${MASK}`)
    .replace(AUTH_HEADER, (_, scheme: string) => `${scheme} ${MASK}`)
    .replace(OPAQUE, MASK)
    .replace(PHONE, MASK)
    .replace(LONG_NUMBER, MASK);
}

const isSensitiveKey = (key: string) => !SAFE_KEY.test(key) && SENSITIVE_KEY.test(key);

/** A copy of `value` safe to log: sensitive keys replaced, every string masked, errors reduced to type, message and stack. */
export function maskValue(value: unknown, depth = 0): unknown {
  if (depth > 8) return "[deep]";
  if (typeof value === "string") return maskText(value);
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value;
  if (value instanceof Error) {
    const error: Record<string, unknown> = { type: value.name, message: maskText(value.message) };
    if (value.stack) error.stack = maskText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (typeof code === "string") error.errorCode = code;
    if (value.cause !== undefined) error.cause = maskValue(value.cause, depth + 1);
    return error;
  }
  if (Array.isArray(value)) return value.map((v) => maskValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SAFE_KEY.test(key) && typeof v === "string") out[key] = v;
    else out[key] = isSensitiveKey(key) && v !== null && v !== undefined && typeof v !== "boolean" ? MASK : maskValue(v, depth + 1);
  }
  return out;
}
