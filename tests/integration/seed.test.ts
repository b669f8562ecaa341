/** The demo seed fills every table, and running it again changes nothing. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateEmi } from "@/lib/loans/emi";
import { Prisma, type PrismaClient, StaffRole } from "@/lib/generated/prisma/client";
import { createPrismaClient } from "@/lib/prisma-client";
import { verifyPassword } from "@/lib/auth/scrypt";
import { openTotpSecret } from "@/lib/auth/totp-secrets";
import { DEMO_PASSWORD, DEMO_OFFICE_STAFF, DEMO_STAFF, demoTotpSecret } from "@/lib/seed/staff";
import { seedDemo } from "@/prisma/seed";

/** Tables the demo leaves empty on purpose. */
// Sessions, pending sign-in steps, recovery codes and rate-limit counters come from people signing in;
// outbox messages from decisions taken after the demo starts; pending uploads from applicants' image checks;
// jobs from new card photos (the demo's cards count as read already).
// Rows that only use makes: sessions, limits, messages, jobs, and what phones report and workers hand over.
const EMPTY_BY_DESIGN = new Set<string>(["StaffSession", "StaffSignInChallenge", "StaffRecoveryCode", "RateLimitBucket", "UnknownStaffPhone", "OutboxMessage", "PendingUpload", "Job", "FieldDevice", "FieldCashHandover", "FieldMovedEntry", "BorrowerSignInCode", "BorrowerDevice", "BorrowerSession", "SocietyWithdrawal", "IdempotentRequest", "CustomerTransfer", "LoanBranchMove", "OfficeHoliday", "StaffTransfer", "PaymentReversal", "LoanScheduleChange", "LoanWriteOff"]);

type TableState = { rows: number; digest: string };

/** Row count and a digest of the full contents of every table, to prove a re-seed changes nothing. */
async function snapshot(client: pg.Client): Promise<Record<string, TableState>> {
  const { rows: tables } = await client.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename <> '_prisma_migrations' order by tablename",
  );
  const state: Record<string, TableState> = {};
  for (const { tablename } of tables) {
    const { rows } = await client.query<TableState>(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from "${tablename}" t`,
    );
    const row = rows[0];
    if (row) state[tablename] = row;
  }
  return state;
}

describe("demo seed", () => {
  let prisma: PrismaClient;
  let client: pg.Client;
  let first: Record<string, TableState>;

  beforeAll(async () => {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set (the integration setup provides it)");
    prisma = createPrismaClient(connectionString);
    client = new pg.Client({ connectionString });
    await client.connect();
    await seedDemo(prisma);
    first = await snapshot(client);
  });

  afterAll(async () => {
    await client?.end();
    await prisma?.$disconnect();
  });

  it("fills the table of every model", () => {
    // One table per model, named after it (the schema uses no @@map).
    const models = Object.values(Prisma.ModelName).sort();
    expect(Object.keys(first).sort()).toEqual(models);
    for (const model of models) {
      if (EMPTY_BY_DESIGN.has(model)) continue;
      expect(first[model]?.rows, `rows in ${model}`).toBeGreaterThan(0);
    }
  });

  it("changes nothing when run again", async () => {
    await seedDemo(prisma);
    expect(await snapshot(client)).toEqual(first);
  });

  it("has the four products with the spec's amounts, tenures and rates", async () => {
    const products = await prisma.loanProduct.findMany({ orderBy: { sortOrder: "asc" } });
    expect(
      products.map((p) => ({
        key: p.key,
        minAmount: p.minAmount,
        maxAmount: p.maxAmount,
        minTenure: p.minTenure,
        maxTenure: p.maxTenure,
        annualRate: p.annualRate.toNumber(),
        active: p.active,
      })),
    ).toEqual([
      { key: "instant", minAmount: 5_000, maxAmount: 50_000, minTenure: 1, maxTenure: 12, annualRate: 18, active: true },
      { key: "salary", minAmount: 50_000, maxAmount: 1_000_000, minTenure: 12, maxTenure: 60, annualRate: 15, active: true },
      { key: "consumer", minAmount: 100_000, maxAmount: 2_000_000, minTenure: 24, maxTenure: 84, annualRate: 16, active: true },
      { key: "business", minAmount: 25_000, maxAmount: 500_000, minTenure: 6, maxTenure: 36, annualRate: 20, active: true },
    ]);
    for (const p of products) {
      for (const text of [p.titleBn, p.titleEn, p.descriptionBn, p.descriptionEn, p.badgeBn, p.badgeEn]) {
        expect(text?.trim()).toBeTruthy();
      }
      expect(p.featuresBn.length).toBeGreaterThanOrEqual(3);
      expect(p.featuresEn).toHaveLength(p.featuresBn.length);
    }
  });

  it("stores application calculations that match the EMI formula and the product rate", async () => {
    const applications = await prisma.loanApplication.findMany();
    const rates = new Map((await prisma.loanProduct.findMany()).map((p) => [p.key, p.annualRate.toNumber()]));
    expect(new Set(applications.map((a) => a.status))).toEqual(new Set(["pending", "under_review", "approved", "rejected"]));
    for (const a of applications) {
      const expected = calculateEmi({ principal: a.amount, annualRate: rates.get(a.loanType) ?? NaN, months: a.tenure });
      expect({
        principal: a.principal,
        interestRate: a.interestRate.toNumber(),
        months: a.months,
        emi: a.emi,
        totalPayable: a.totalPayable,
        totalInterest: a.totalInterest,
      }).toEqual(expected);
      expect(a.applicationId).toMatch(/^LB\d{13}$/);
      if (a.status === "rejected") expect(a.rejectionReason?.trim()).toBeTruthy();
    }
  });

  it("has one staff user per role, all signing in with the demo password and the README's authenticator keys", async () => {
    const staff = await prisma.staffUser.findMany({ where: { phone: { in: DEMO_STAFF.map((s) => s.phone) } }, orderBy: { phone: "asc" } });
    expect(staff.map((s) => s.role).sort()).toEqual(Object.values(StaffRole).sort());
    expect(staff.map((s) => s.phone)).toEqual(DEMO_STAFF.map((s) => s.phone).sort());
    for (const s of staff) {
      expect(s.phone).toMatch(/^\+8801[3-9]\d{8}$/);
      expect(s.passwordHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
      expect(s.twoFactorEnabled).toBe(true);
      expect(s.twoFactorSecret).not.toBe(demoTotpSecret(s.role));
      expect(openTotpSecret(s.twoFactorSecret!, s.id)).toBe(demoTotpSecret(s.role));
    }
    const superAdmin = staff.find((s) => s.role === "super_admin");
    expect(superAdmin && (await verifyPassword(DEMO_PASSWORD, superAdmin.passwordHash))).toBe(true);
    expect(superAdmin && (await verifyPassword("wrong password", superAdmin.passwordHash))).toBe(false);
  });

  it("has the office tree of a head office, two areas and four branches, with staff in each office", async () => {
    const offices = await prisma.office.findMany({ select: { id: true, code: true, level: true, parentId: true, _count: { select: { staff: true } } }, orderBy: { code: "asc" } });
    expect(offices.map((o) => [o.code, o.level])).toEqual([
      ["A0001", "area"],
      ["A0002", "area"],
      ["B0001", "branch"],
      ["B0002", "branch"],
      ["B0003", "branch"],
      ["B0004", "branch"],
      ["HO", "head_office"],
    ]);
    for (const o of offices) expect(o._count.staff, o.code).toBeGreaterThan(0);
    // The other offices' staff sign in with the demo password and set up their authenticator at the first sign-in.
    const others = await prisma.staffUser.findMany({ where: { phone: { in: DEMO_OFFICE_STAFF.map((s) => s.phone) } } });
    expect(others).toHaveLength(DEMO_OFFICE_STAFF.length);
    for (const s of others) {
      expect(s.twoFactorEnabled).toBe(false);
      expect(await verifyPassword(DEMO_PASSWORD, s.passwordHash)).toBe(true);
    }
    // Every demo record is the main branch's.
    expect(await prisma.customer.count({ where: { branchId: { not: "office-main-branch" } } })).toBe(0);
    expect(await prisma.loan.count({ where: { branchId: { not: "office-main-branch" } } })).toBe(0);
  });
});
