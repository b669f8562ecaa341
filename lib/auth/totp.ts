import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { toAsciiDigits } from "@/lib/format";

/** RFC 6238: 6 digits, 30-second steps; one step either side is accepted for clock drift. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
export const TOTP_ISSUER = "RinBondhu";

export function newTotpSecret(): string {
  return generateSecret();
}

/** "১২৩ ৪৫৬" → "123456"; anything that is not exactly six digits afterwards is null. */
export function normalizeTotpCode(input: string): string | null {
  const digits = toAsciiDigits(input).replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

/**
 * Checks a code; `afterTimeStep` (the last accepted step) refuses a code that was already used, and
 * any older one. The caller stores the returned step atomically so two requests cannot both use it.
 */
export async function checkTotp(secret: string, code: string, afterTimeStep?: number | null, epoch?: number): Promise<TotpCheck> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterTimeStep != null ? { afterTimeStep } : {}),
      ...(epoch !== undefined ? { epoch } : {}),
    });
    return result.valid && "timeStep" in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
  } catch {
    return { valid: false };
  }
}

/** The current code for a secret (the demo helper script and tests sign in with it). */
export function currentTotp(secret: string, epoch?: number): Promise<string> {
  return generate({ secret, ...(epoch !== undefined ? { epoch } : {}) });
}

export function totpUri(secret: string, accountLabel: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: accountLabel, secret });
}

/** The enrolment QR code as an inline SVG string, rendered on the server. */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}
