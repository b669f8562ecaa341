/** Signing staff in from browser specs: through the real two-step screen, or straight to a session cookie. */
import { createHash, randomBytes } from "node:crypto";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { currentTotp } from "../../lib/auth/totp";
import { DEMO_PASSWORD, DEMO_STAFF, demoTotpSecret } from "../../lib/seed/staff";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { dbQuery } from "./support";

export { DEMO_PASSWORD };

export function demoStaff(role: StaffRole) {
  const staff = DEMO_STAFF.find((s) => s.role === role);
  if (!staff) throw new Error(`no demo ${role}`);
  return staff;
}

/**
 * A code for `secret` that has not been used yet: a code is accepted once, so when the current 30-second
 * step was already spent (by an earlier sign-in of the same account) this waits for the next one.
 */
const usedSteps = new Map<string, number>();
export async function freshCode(secret: string): Promise<string> {
  let step = Math.floor(Date.now() / 30_000);
  if ((usedSteps.get(secret) ?? -1) >= step) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  usedSteps.set(secret, step);
  return currentTotp(secret);
}

/** Through the sign-in screen: phone + password, then the 6-digit code. */
export async function signInThroughScreen(page: Page, phone: string, password: string, secret: string) {
  await page.goto("/admin/login");
  await page.getByTestId("password-step").locator("#phone").fill(phone);
  await page.locator("#password").fill(password);
  await page.getByTestId("password-step").locator("button[type=submit]").click();
  await expect(page.getByTestId("code-step")).toBeVisible();
  await page.locator("#code").fill(await freshCode(secret));
  await page.getByTestId("code-step").locator("button[type=submit]").click();
}

/**
 * A signed-in cookie for the demo user of `role` without the screen: a StaffSession row and the Auth.js
 * cookie that carries its token, as the real sign-in makes them. For specs about what a role may do.
 */
export async function sessionCookieFor(context: BrowserContext, role: StaffRole): Promise<void> {
  const [user] = await dbQuery<{ id: string }>(`SELECT "id" FROM "StaffUser" WHERE "phone" = $1`, [demoStaff(role).phone]);
  if (!user) throw new Error(`demo ${role} missing`);
  const token = randomBytes(32).toString("base64url");
  await dbQuery(
    `INSERT INTO "StaffSession" ("id", "staffUserId", "tokenHash", "createdAt", "lastSeenAt", "expiresAt")
     VALUES ($1, $2, $3, now(), now(), now() + interval '12 hours')`,
    [`e2e${randomBytes(10).toString("hex")}`, user.id, createHash("sha256").update(token).digest("hex")],
  );
  const name = "authjs.session-token";
  const value = await encode({ token: { sid: token, sub: user.id }, secret: process.env.AUTH_SECRET!, salt: name, maxAge: 12 * 3600 });
  await context.addCookies([{ name, value, url: test.info().project.use.baseURL!, httpOnly: true, sameSite: "Lax" }]);
}

export function demoSecret(role: StaffRole): string {
  return demoTotpSecret(role);
}
