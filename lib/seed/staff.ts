import { createHash } from "node:crypto";
import { ScureBase32Plugin } from "otplib";
import type { Prisma, StaffRole } from "../generated/prisma/client";
import { hashPassword } from "../auth/scrypt";
import { sealTotpSecret } from "../auth/totp-secrets";
import { DEMO_AGRABAD_BRANCH_ID, DEMO_AREA_ID, DEMO_CHATTOGRAM_AREA_ID, DEMO_HATHAZARI_BRANCH_ID, DEMO_SAVAR_BRANCH_ID, MAIN_BRANCH_ID } from "./offices";
import { demoId, demoTime } from "./support";

type Db = Prisma.TransactionClient;

/** Password of every demo staff account. Demo databases only. */
export const DEMO_PASSWORD = "Demo@1234";

/** One demo account per role; phone is the sign-in identifier. */
export const DEMO_STAFF: readonly { role: StaffRole; name: string; phone: string; email: string; officeId?: string }[] = [
  { role: "super_admin", name: "Shahidul Islam", phone: "+8801700000001", email: "super.admin@demo.rinbondhu.com.bd" },
  { role: "admin", name: "Nasrin Akter", phone: "+8801700000002", email: "admin@demo.rinbondhu.com.bd" },
  { role: "loan_officer", name: "Tanvir Hasan", phone: "+8801700000003", email: "loan.officer@demo.rinbondhu.com.bd" },
  { role: "kyc_officer", name: "Farzana Rahman", phone: "+8801700000004", email: "kyc.officer@demo.rinbondhu.com.bd" },
  { role: "collection_agent", name: "Abdul Karim", phone: "+8801700000005", email: "collection.agent@demo.rinbondhu.com.bd" },
  { role: "account_manager", name: "Sabina Yasmin", phone: "+8801700000006", email: "account.manager@demo.rinbondhu.com.bd" },
  { role: "society_manager", name: "Mizanur Rahman", phone: "+8801700000007", email: "society.manager@demo.rinbondhu.com.bd" },
  // Issue 41: the branch's manager and the area's (every other demo account works at the head office).
  { role: "branch_manager", name: "Rashedul Alam", phone: "+8801700000008", email: "branch.manager@demo.rinbondhu.com.bd", officeId: MAIN_BRANCH_ID },
  { role: "area_manager", name: "Shirin Sultana", phone: "+8801700000009", email: "area.manager@demo.rinbondhu.com.bd", officeId: DEMO_AREA_ID },
];

/**
 * Staff of the demo's other offices (issue 41: every office has staff), with the demo password and no authenticator
 * yet: each sets up two-step sign-in at the first sign-in, as a new account does. Demo databases only.
 */
export const DEMO_OFFICE_STAFF: readonly { role: StaffRole; name: string; phone: string; officeId: string }[] = [
  { role: "branch_manager", name: "Mahmuda Khatun", phone: "+8801700000010", officeId: DEMO_SAVAR_BRANCH_ID },
  { role: "area_manager", name: "Jashim Uddin", phone: "+8801700000011", officeId: DEMO_CHATTOGRAM_AREA_ID },
  { role: "branch_manager", name: "Rokeya Begum", phone: "+8801700000012", officeId: DEMO_AGRABAD_BRANCH_ID },
  { role: "loan_officer", name: "Anwar Hossain", phone: "+8801700000013", officeId: DEMO_HATHAZARI_BRANCH_ID },
];

/**
 * Each demo account's authenticator secret, derived from its role so that every demo database has the
 * same ones (listed in the README; `npm run demo:codes` prints the current codes). Demo databases only.
 */
export function demoTotpSecret(role: StaffRole): string {
  const bytes = createHash("sha256").update(`rinbondhu-demo-totp:${role}`).digest().subarray(0, 20);
  return new ScureBase32Plugin().encode(bytes).replace(/=+$/, "");
}

export function staffId(role: StaffRole): string {
  return demoId(`staff:${role}`);
}

export function staffName(role: StaffRole): string {
  return DEMO_STAFF.find((s) => s.role === role)?.name ?? role;
}

export function staffNameById(id: string): string {
  return DEMO_STAFF.find((s) => staffId(s.role) === id)?.name ?? "Staff";
}

/** Hashes are computed before the seeding transaction: scrypt is deliberately slow. */
/** Each demo account's password hash, by phone. */
export async function hashDemoPasswords(): Promise<Map<string, string>> {
  const entries = await Promise.all(
    [...DEMO_STAFF, ...DEMO_OFFICE_STAFF].map(async (s) => {
      // A salt derived from the phone keeps demo rows identical across databases; real accounts use random salts.
      const salt = createHash("sha256").update(`demo-salt:${s.phone}`).digest().subarray(0, 16);
      return [s.phone, await hashPassword(DEMO_PASSWORD, salt)] as const;
    }),
  );
  return new Map(entries);
}

function requireHash(hashes: Map<string, string>, phone: string): string {
  const hash = hashes.get(phone);
  if (!hash) throw new Error(`No password hash computed for the demo account ${phone}`);
  return hash;
}

export async function seedStaff(db: Db, passwordHashes: Map<string, string>): Promise<void> {
  const stamp = demoTime(-400, "10:00");
  await db.staffUser.createMany({
    data: DEMO_STAFF.map((s) => ({
      id: staffId(s.role),
      name: s.name,
      phone: s.phone,
      email: s.email,
      passwordHash: requireHash(passwordHashes, s.phone),
      twoFactorEnabled: true,
      twoFactorSecret: sealTotpSecret(demoTotpSecret(s.role), staffId(s.role)),
      role: s.role,
      ...(s.officeId ? { officeId: s.officeId } : {}),
      active: true,
      createdAt: stamp,
      updatedAt: stamp,
    })),
    skipDuplicates: true,
  });
  await db.staffUser.createMany({
    data: DEMO_OFFICE_STAFF.map((s) => ({
      id: demoId(`staff:${s.phone}`),
      name: s.name,
      phone: s.phone,
      passwordHash: requireHash(passwordHashes, s.phone),
      role: s.role,
      officeId: s.officeId,
      active: true,
      createdAt: stamp,
      updatedAt: stamp,
    })),
    skipDuplicates: true,
  });
}
