import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF, demoTotpSecret } from "@/lib/seed/staff";
import { checkPassword, hashPassword } from "./password";
import { BACK_OFFICE_ROLES, PERMISSIONS, canManageRole, hasPermission, permissionsOf, roleLabel } from "./permissions";
import { generateRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes";
import { hashPassword as scryptHash } from "./scrypt";
import { checkTotp, currentTotp, newTotpSecret, normalizeTotpCode } from "./totp";

describe("permission table", () => {
  it("gives society managers nothing in the back office", () => {
    expect(permissionsOf("society_manager")).toEqual([]);
  });

  it("gives every back-office role the dashboard and its own profile", () => {
    for (const role of BACK_OFFICE_ROLES) {
      expect(hasPermission(role, "dashboard.read")).toBe(true);
      expect(hasPermission(role, "profile.manage")).toBe(true);
    }
  });

  it("lists only known roles", () => {
    for (const roles of Object.values(PERMISSIONS)) for (const role of roles) expect(BACK_OFFICE_ROLES).toContain(role);
  });

  it("lets only a super admin manage admins", () => {
    expect(canManageRole("super_admin", "admin")).toBe(true);
    expect(canManageRole("admin", "admin")).toBe(false);
    expect(canManageRole("admin", "super_admin")).toBe(false);
    expect(canManageRole("admin", "loan_officer")).toBe(true);
    expect(canManageRole("loan_officer", "kyc_officer")).toBe(false);
  });

  it("formats role labels as the spec says", () => {
    expect(roleLabel("loan_officer")).toBe("Loan Officer");
    expect(roleLabel("super_admin")).toBe("Super Admin");
  });
});

describe("passwords", () => {
  it("hash with argon2id and verify", async () => {
    const hash = await hashPassword("স্টাফ-পাসওয়ার্ড-1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await checkPassword("স্টাফ-পাসওয়ার্ড-1", hash)).toEqual({ valid: true, needsRehash: false });
    expect(await checkPassword("wrong", hash)).toEqual({ valid: false, needsRehash: false });
  });

  it("accept an old scrypt hash and ask for a rehash", async () => {
    const hash = await scryptHash("Demo@1234");
    expect(await checkPassword("Demo@1234", hash)).toEqual({ valid: true, needsRehash: true });
    expect(await checkPassword("demo@1234", hash)).toEqual({ valid: false, needsRehash: false });
    expect(await checkPassword("x", "garbage")).toEqual({ valid: false, needsRehash: false });
  });
});

describe("codes", () => {
  it("normalize Bengali digits and spaces; refuse anything but six digits", () => {
    expect(normalizeTotpCode("১২৩ ৪৫৬")).toBe("123456");
    expect(normalizeTotpCode("12345")).toBeNull();
    expect(normalizeTotpCode("1234567")).toBeNull();
    expect(normalizeTotpCode("12a456")).toBeNull();
  });

  it("accept the current code and one step of drift, refuse a spent step", async () => {
    const secret = newTotpSecret();
    const epoch = 1_800_000_000;
    const code = await currentTotp(secret, epoch);
    const check = await checkTotp(secret, code, null, epoch);
    expect(check.valid).toBe(true);
    expect((await checkTotp(secret, code, null, epoch + 30)).valid).toBe(true);
    expect((await checkTotp(secret, code, null, epoch + 95)).valid).toBe(false);
    if (!check.valid) throw new Error("unreachable");
    expect((await checkTotp(secret, code, check.timeStep, epoch)).valid).toBe(false);
  });

  it("make ten distinct recovery codes that normalize back", () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(normalizeRecoveryCode(` ${code.toUpperCase()} `)).toBe(code.replace("-", ""));
    }
    expect(normalizeRecoveryCode("12345")).toBeNull();
  });
});

describe("demo accounts", () => {
  it("have the authenticator keys the README lists", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const staff of DEMO_STAFF) {
      expect(readme).toContain(`| ${staff.role} | ${staff.phone.replace("+88", "")} | \`${demoTotpSecret(staff.role)}\` |`);
    }
  });
});
