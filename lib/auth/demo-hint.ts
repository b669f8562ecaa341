import "server-only";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { DEMO_PASSWORD, DEMO_STAFF, demoTotpSecret } from "@/lib/seed/staff";
import { currentTotp } from "./totp";
import { openTotpSecret } from "./totp-secrets";

/**
 * The prototype showed demo credentials and the demo code on the sign-in screen. Only with
 * PROTOTYPE_COMPAT on, and only while the demo super admin still has the demo secret, is that shown.
 */
export async function demoSignInHint(): Promise<{ phone: string; password: string; code: string } | null> {
  if (!env().PROTOTYPE_COMPAT) return null;
  const demo = DEMO_STAFF.find((s) => s.role === "super_admin");
  if (!demo) return null;
  const secret = demoTotpSecret(demo.role);
  const user = await prisma.staffUser.findUnique({ where: { phone: demo.phone }, select: { id: true, twoFactorSecret: true } });
  if (!user?.twoFactorSecret) return null;
  try {
    if (openTotpSecret(user.twoFactorSecret, user.id) !== secret) return null;
  } catch {
    return null; // sealed under another key: not the demo secret as far as this server can tell
  }
  return { phone: demo.phone, password: DEMO_PASSWORD, code: await currentTotp(secret) };
}
