"use server";
/**
 * The borrower's sign-in and sign-out actions (/account). Public: they run before anyone is signed in, so each
 * validates its input with the form's schema and the service rate-limits it. Errors are keys of the "account"
 * message namespace; nothing here says whether a number is a customer's.
 */
import { getLocale } from "next-intl/server";
import { fieldErrorsOf } from "@/lib/validation/field-errors";
import { getRequestContext } from "@/lib/request";
import { log } from "@/lib/ops/logger";
import { deleteCookie, readCookie, writeCookie } from "./cookies";
import { getBorrower } from "./current";
import {
  BORROWER_CHALLENGE_COOKIE,
  BORROWER_DEVICE_COOKIE,
  BORROWER_DEVICE_TTL_MS,
  BORROWER_SESSION_ABSOLUTE_MS,
  BORROWER_SESSION_COOKIE,
  BORROWER_STEP_COOKIE,
  CODE_TTL_MS,
  IDENTITY_STEP_TTL_MS,
} from "./limits";
import { identitySchema, requestCodeSchema, verifyCodeSchema } from "./schemas";
import { requestSignInCode, verifyIdentity, verifySignInCode } from "./service";
import { revokeBorrowerSession, signOutEverywhere } from "./session";

type Failure<E extends string> = { ok: false; error: E | "validation" | "server"; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };

export type RequestCodeActionResult = { ok: true } | Failure<"rateLimited"> | { ok: false; error: "tooSoon"; retryAfterSeconds: number; codeOnThisDevice: boolean };
export type VerifyCodeActionResult = { ok: true; step: "done" | "identity" } | Failure<"invalidCode" | "expired" | "locked" | "rateLimited">;
export type IdentityActionResult = { ok: true } | Failure<"identityMismatch" | "expired" | "locked" | "rateLimited">;

async function guarded<T>(name: string, run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    log.error({ area: "borrower", action: name, err: error }, "borrower action failed");
    return fallback;
  }
}

export async function requestBorrowerCode(raw: unknown): Promise<RequestCodeActionResult> {
  const parsed = requestCodeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "validation", fieldErrors: fieldErrorsOf(parsed.error) };
  return guarded<RequestCodeActionResult>(
    "requestCode",
    async (): Promise<RequestCodeActionResult> => {
      const cookies = { challengeToken: await readCookie(BORROWER_CHALLENGE_COOKIE), deviceToken: await readCookie(BORROWER_DEVICE_COOKIE) };
      const result = await requestSignInCode(parsed.data.phone, (await getLocale()) === "en" ? "en" : "bn", await getRequestContext(), cookies);
      if (!result.ok) return result;
      await writeCookie(BORROWER_CHALLENGE_COOKIE, result.challengeToken, CODE_TTL_MS);
      return { ok: true };
    },
    { ok: false, error: "server" },
  );
}

export async function verifyBorrowerCode(raw: unknown): Promise<VerifyCodeActionResult> {
  const parsed = verifyCodeSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "validation", fieldErrors: fieldErrorsOf(parsed.error) };
  return guarded(
    "verifyCode",
    async (): Promise<VerifyCodeActionResult> => {
      const cookies = { challengeToken: await readCookie(BORROWER_CHALLENGE_COOKIE), deviceToken: await readCookie(BORROWER_DEVICE_COOKIE) };
      const result = await verifySignInCode(parsed.data, cookies, await getRequestContext());
      if (!result.ok) return result;
      await deleteCookie(BORROWER_CHALLENGE_COOKIE);
      if (result.step === "done") {
        await writeCookie(BORROWER_SESSION_COOKIE, result.sessionToken, BORROWER_SESSION_ABSOLUTE_MS);
        return { ok: true, step: "done" };
      }
      await writeCookie(BORROWER_STEP_COOKIE, result.identityToken, IDENTITY_STEP_TTL_MS);
      return { ok: true, step: "identity" };
    },
    { ok: false, error: "server" },
  );
}

export async function verifyBorrowerIdentity(raw: unknown): Promise<IdentityActionResult> {
  const parsed = identitySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "validation", fieldErrors: fieldErrorsOf(parsed.error) };
  return guarded(
    "verifyIdentity",
    async (): Promise<IdentityActionResult> => {
      const result = await verifyIdentity(await readCookie(BORROWER_STEP_COOKIE), parsed.data, await getRequestContext());
      if (!result.ok) {
        if (result.error !== "identityMismatch" && result.error !== "rateLimited") await deleteCookie(BORROWER_STEP_COOKIE);
        return result;
      }
      await deleteCookie(BORROWER_STEP_COOKIE);
      await writeCookie(BORROWER_DEVICE_COOKIE, result.deviceToken, BORROWER_DEVICE_TTL_MS);
      await writeCookie(BORROWER_SESSION_COOKIE, result.sessionToken, BORROWER_SESSION_ABSOLUTE_MS);
      return { ok: true };
    },
    { ok: false, error: "server" },
  );
}

/** Sign out on this device (the device stays remembered). */
export async function signOutBorrower(): Promise<{ ok: true }> {
  const token = await readCookie(BORROWER_SESSION_COOKIE);
  if (token) await revokeBorrowerSession(token, await getRequestContext());
  await deleteCookie(BORROWER_SESSION_COOKIE);
  return { ok: true };
}

/** Sign out on every device and forget them all: the next sign-in anywhere asks the NID or date of birth again. */
export async function signOutBorrowerEverywhere(): Promise<{ ok: boolean }> {
  const borrower = await getBorrower();
  if (!borrower) return { ok: false };
  await signOutEverywhere(borrower, await getRequestContext());
  await deleteCookie(BORROWER_SESSION_COOKIE);
  await deleteCookie(BORROWER_DEVICE_COOKIE);
  return { ok: true };
}
