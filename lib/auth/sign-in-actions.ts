"use server";
/**
 * The sign-in screen's server actions. These are the back office's only public actions: they run before
 * anyone is signed in, so each one validates its input and rate-limits itself (lib/auth/sign-in.ts).
 */
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getRequestContext } from "@/lib/request";
import { currentSessionToken } from "./current";
import { signIn, signOut } from "./index";
import { isBackOfficeRole } from "./permissions";
import { revokeSessionByToken } from "./session";
import { abandonChallenge, CHALLENGE_TTL_MS, verifyCodeStep, verifyPasswordStep, type SignInError } from "./sign-in";
import { codeStepSchema, passwordStepSchema } from "./sign-in-schemas";
import { SOCIETY_HOME } from "@/lib/society/tabs";
import { log } from "@/lib/ops/logger";

const CHALLENGE_COOKIE = "rb_signin_step";

export type PasswordActionResult =
  | { ok: true; step: "code" }
  | { ok: true; step: "enrol"; enrolment: { secret: string; qrSvg: string } }
  | { ok: false; error: SignInError | "validation" | "server"; lockedUntil?: string };

export type CodeActionResult =
  | { ok: true; redirectTo: string; recoveryCodes: string[] | null }
  | { ok: false; error: SignInError | "validation" | "server"; lockedUntil?: string };

async function setChallengeCookie(token: string): Promise<void> {
  (await cookies()).set(CHALLENGE_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    // As Auth.js decides for its own cookie: Secure whenever the site is reached over HTTPS.
    secure: (await headers()).get("x-forwarded-proto") === "https",
    path: "/admin",
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
}

export async function submitSignInPassword(raw: unknown): Promise<PasswordActionResult> {
  const parsed = passwordStepSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "validation" };
  try {
    const result = await verifyPasswordStep(parsed.data, await getRequestContext());
    if (!result.ok) return result;
    await setChallengeCookie(result.challengeToken);
    return result.step === "enrol" ? { ok: true, step: "enrol", enrolment: result.enrolment } : { ok: true, step: "code" };
  } catch (error) {
    log.error({ area: "sign-in", err: error }, "password step failed");
    return { ok: false, error: "server" };
  }
}

export async function submitSignInCode(raw: unknown): Promise<CodeActionResult> {
  const parsed = codeStepSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, error: "validation" };
  const jar = await cookies();
  try {
    const result = await verifyCodeStep(jar.get(CHALLENGE_COOKIE)?.value ?? null, parsed.data, await getRequestContext());
    if (!result.ok) return result;
    jar.delete({ name: CHALLENGE_COOKIE, path: "/admin" });
    await signIn("credentials", { sessionToken: result.sessionToken, redirect: false });
    const redirectTo = isBackOfficeRole(result.role) ? "/admin/dashboard" : SOCIETY_HOME;
    return { ok: true, redirectTo, recoveryCodes: result.recoveryCodes };
  } catch (error) {
    log.error({ area: "sign-in", err: error }, "code step failed");
    return { ok: false, error: "server" };
  }
}

/** Back to Login: forget the pending second step. */
export async function cancelSignIn(): Promise<void> {
  const jar = await cookies();
  const token = jar.get(CHALLENGE_COOKIE)?.value;
  if (token) await abandonChallenge(token);
  jar.delete({ name: CHALLENGE_COOKIE, path: "/admin" });
}

export async function signOutStaff(): Promise<void> {
  const token = await currentSessionToken();
  if (token) await revokeSessionByToken(token);
  await signOut({ redirect: false });
  redirect("/admin/login");
}
