/** Signing staff in from browser specs: through the real two-step screen, or straight to a session cookie. */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { currentTotp } from "../../lib/auth/totp";
import { DEMO_PASSWORD, DEMO_STAFF, demoTotpSecret } from "../../lib/seed/staff";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { normalizeBdMobile } from "../../lib/validation/bd";
import { createSessionCookie } from "../support/session-cookie";
import { dbQuery } from "./support";

export { DEMO_PASSWORD };

export function demoStaff(role: StaffRole) {
  const staff = DEMO_STAFF.find((s) => s.role === role);
  if (!staff) throw new Error(`no demo ${role}`);
  return staff;
}

/**
 * A code for `secret` that has not been used yet: a code is accepted once, so when the current 30-second
 * step was already spent (by an earlier sign-in of the same account, in this or another worker, as the
 * database records) this waits for the next one.
 */
export async function freshCode(phone: string, secret: string): Promise<string> {
  const [row] = await dbQuery<{ step: number | null }>(`SELECT "twoFactorLastUsedStep" AS "step" FROM "StaffUser" WHERE "phone" = $1`, [normalizeBdMobile(phone) ?? phone]);
  const step = Math.floor(Date.now() / 30_000);
  if ((row?.step ?? -1) >= step) await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200));
  return currentTotp(secret);
}

/** Through the sign-in screen: phone + password, then the 6-digit code. */
export async function signInThroughScreen(page: Page, phone: string, password: string, secret: string) {
  await page.goto("/admin/login");
  await page.getByTestId("password-step").locator("#phone").fill(phone);
  await page.locator("#password").fill(password);
  await page.getByTestId("password-step").locator("button[type=submit]").click();
  await expect(page.getByTestId("code-step")).toBeVisible();
  await page.locator("#code").fill(await freshCode(phone, secret));
  await page.getByTestId("code-step").locator("button[type=submit]").click();
}

/**
 * A signed-in cookie for the demo user of `role` without the screen, as the real sign-in makes it.
 * For specs about what a role may do.
 */
export async function sessionCookieFor(context: BrowserContext, role: StaffRole): Promise<void> {
  const cookie = await createSessionCookie(process.env.DATABASE_URL!, process.env.AUTH_SECRET!, demoStaff(role).phone);
  await context.addCookies([{ ...cookie, url: test.info().project.use.baseURL!, httpOnly: true, sameSite: "Lax" }]);
}

export function demoSecret(role: StaffRole): string {
  return demoTotpSecret(role);
}
