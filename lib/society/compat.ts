import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { demoId } from "@/lib/seed/support";
import { SOCIETY_HOME } from "./tabs";

/**
 * The browser prototype's society behaviours, alive only with PROTOTYPE_COMPAT: the demo society opens
 * without sign-in, and its shared admin password (SOCIETY_ADMIN_PASSWORD, compared here on the server)
 * raises this browser session to society admin until logout. The elevation is a signed session cookie
 * (no Max-Age, so it ends with the browser session, like the prototype's sessionStorage flag).
 */
export const DEMO_SOCIETY_ID = demoId("society:adarsha");
export const COMPAT_ADMIN_COOKIE = "society_admin";
const ELEVATION_TTL_MS = 12 * 60 * 60 * 1000;

export function compatEnabled(): boolean {
  return env().PROTOTYPE_COMPAT;
}

export function isCompatSociety(societyId: string): boolean {
  return compatEnabled() && societyId === DEMO_SOCIETY_ID;
}

function signature(societyId: string, issuedAt: number): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`society-admin:${societyId}:${issuedAt}`).digest("base64url");
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The shared password, compared in constant time; false when the flag is off or none is configured. */
export function checkCompatAdminPassword(password: string): boolean {
  const expected = env().SOCIETY_ADMIN_PASSWORD;
  return compatEnabled() && !!expected && safeEqual(password, expected);
}

export function elevationCookieValue(societyId: string, now = Date.now()): string {
  return `${societyId}.${now}.${signature(societyId, now)}`;
}

export function isValidElevation(value: string | undefined, societyId: string, now = Date.now()): boolean {
  if (!value) return false;
  const [id, issued, sig] = value.split(".");
  const issuedAt = Number(issued);
  if (id !== societyId || !sig || !Number.isSafeInteger(issuedAt) || now - issuedAt > ELEVATION_TTL_MS || issuedAt > now) return false;
  return safeEqual(sig, signature(societyId, issuedAt));
}

export async function isCompatElevated(societyId: string): Promise<boolean> {
  if (!isCompatSociety(societyId)) return false;
  return isValidElevation((await cookies()).get(COMPAT_ADMIN_COOKIE)?.value, societyId);
}

export async function setCompatElevation(societyId: string): Promise<void> {
  (await cookies()).set(COMPAT_ADMIN_COOKIE, elevationCookieValue(societyId), {
    httpOnly: true,
    sameSite: "strict",
    secure: env().NODE_ENV === "production",
    path: SOCIETY_HOME,
  });
}

export async function clearCompatElevation(): Promise<void> {
  if (!compatEnabled()) return;
  (await cookies()).delete({ name: COMPAT_ADMIN_COOKIE, path: SOCIETY_HOME });
}
