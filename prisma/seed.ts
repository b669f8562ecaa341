/**
 * Demo data: `npm run db:seed` (or `npx tsx prisma/seed.ts`) with DATABASE_URL set; reference data only
 * (the loan products every database needs): `npm run db:seed -- --reference`.
 *
 * Idempotent: every row has a fixed id and is inserted with `skipDuplicates`, so a second run
 * inserts nothing and changes nothing (existing rows, even edited ones, are never overwritten).
 * All values derive from a fixed reference date, never from the clock or a random source (but for the sealed two-step
 * secrets, whose encryption uses a random IV: the secret inside is the same every time).
 *
 * Relative imports only: tsx runs this file without the "@/..." alias, and lib/db.ts is server-only.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import nextEnv from "@next/env";
import { isDevelopmentTotpKeyId, totpKeyRing } from "../lib/auth/totp-secrets";
import type { PrismaClient } from "../lib/generated/prisma/client";
import { createPrismaClient } from "../lib/prisma-client";
import { buildBackOffice } from "../lib/seed/back-office";
import { DemoDocuments } from "../lib/seed/documents";
import { demoHolidays } from "../lib/seed/holidays";
import { demoUpazilaRoutes, MAIN_BRANCH_ID, seedOffices } from "../lib/seed/offices";
import { buildKyc } from "../lib/seed/kyc";
import { seedProducts } from "../lib/seed/products";
import { buildSociety } from "../lib/seed/society";
import { hashDemoPasswords, seedStaff } from "../lib/seed/staff";

export { seedProducts } from "../lib/seed/products";

/** Insert the whole demo data set where missing, in one transaction. */
/** The last day of the month `months` before this one (Asia/Dhaka), as YYYY-MM-DD. */
function monthEndsAgo(months: number): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Dhaka" }).format(new Date()).split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - months, 0)).toISOString().slice(0, 10);
}

export async function seedDemo(prisma: PrismaClient): Promise<void> {
  // Built (and passwords hashed) before the transaction: scrypt is slow on purpose.
  const passwordHashes = await hashDemoPasswords();
  const documents = new DemoDocuments();
  const backOffice = buildBackOffice(documents);
  const kyc = buildKyc(documents);
  const society = buildSociety(documents);
  const skip = { skipDuplicates: true } as const;

  await prisma.$transaction(
    async (tx) => {
      await seedProducts(tx);
      await seedOffices(tx);
      await seedStaff(tx, passwordHashes);
      await tx.holiday.createMany({ data: demoHolidays(), ...skip });
      await tx.upazilaBranch.createMany({ data: demoUpazilaRoutes(), ...skip });
      await tx.storedDocument.createMany({ data: documents.rows, ...skip });

      // Every demo record is the main branch's (with several branches open, nothing has a branch by default).
      const inMain = { branchId: MAIN_BRANCH_ID };
      await tx.customer.createMany({ data: backOffice.customers.map((r) => ({ ...r, ...inMain })), ...skip });
      await tx.loanApplication.createMany({ data: backOffice.applications.map((r) => ({ ...r, ...inMain })), ...skip });
      await tx.loan.createMany({ data: backOffice.loans.map((r) => ({ ...r, ...inMain })), ...skip });
      await tx.loanNote.createMany({ data: backOffice.loanNotes, ...skip });
      await tx.loanDocument.createMany({ data: backOffice.loanDocuments, ...skip });
      await tx.loanInstallment.createMany({ data: backOffice.installments, ...skip });
      await tx.loanPayment.createMany({ data: backOffice.payments.map((r) => ({ ...r, receivedAtBranchId: MAIN_BRANCH_ID })), ...skip });
      await tx.loanPaymentAllocation.createMany({ data: backOffice.paymentAllocations, ...skip });
      // Receipt numbers handed out later continue after the demo payments' own (lib/ids/allocate.ts).
      const lastReceipt = Math.max(0, ...backOffice.payments.map((p) => Number(p.paymentNumber.slice("PAY-".length))));
      const counter = await tx.numberCounter.findUnique({ where: { name: "payment" } });
      if ((counter?.lastValue ?? 0) < lastReceipt) {
        await tx.numberCounter.upsert({ where: { name: "payment" }, create: { name: "payment", lastValue: lastReceipt }, update: { lastValue: lastReceipt } });
      }
      await tx.collectionActivity.createMany({ data: backOffice.collectionActivities.map((r) => ({ ...r, ...inMain })), ...skip });
      // The month-end classification and provisioning of two months ago, once (the database's own run): the screen has
      // a report and a reserve, and last month is left for an admin to run.
      await tx.$executeRaw`SELECT "lender_provisioning_run"(${monthEndsAgo(2)}::date, NULL) WHERE NOT EXISTS (SELECT 1 FROM "ProvisioningRun")`;

      await tx.blacklistEntry.createMany({ data: kyc.blacklist, ...skip });
      await tx.kycCase.createMany({ data: kyc.cases.map((r) => ({ ...r, ...inMain })), ...skip });
      await tx.kycDocument.createMany({ data: kyc.documents, ...skip });
      await tx.verificationCheck.createMany({ data: kyc.checks, ...skip });
      await tx.kycNote.createMany({ data: kyc.notes, ...skip });

      await tx.society.createMany({ data: [society.society], ...skip });
      await tx.societyManager.createMany({ data: society.managers, ...skip });
      await tx.societyWorker.createMany({ data: society.workers, ...skip });
      await tx.societyMember.createMany({ data: society.members, ...skip });
      await tx.societyCollectionSheet.createMany({ data: society.sheets, ...skip });
      await tx.societyCollection.createMany({ data: society.collections, ...skip });
      await tx.societySequence.createMany({ data: society.sequences, ...skip });
      await tx.workerSalary.createMany({ data: society.salaries, ...skip });
      await tx.incomeExpense.createMany({ data: society.incomeExpenses, ...skip });
      await tx.societyMemberLoan.createMany({ data: society.memberLoans, ...skip });
      await tx.societyOpeningBalance.createMany({ data: society.openingBalances, ...skip });
      await tx.societyOpeningBalanceLine.createMany({ data: society.openingLines, ...skip });
      // The books: the demo records posted to the society's journal, once (the database's own posting rules).
      await tx.$executeRaw`SELECT "society_books_post_records"(${society.society.id}) WHERE NOT EXISTS (SELECT 1 FROM "SocietyJournalEntry" WHERE "societyId" = ${society.society.id})`;

      await tx.auditLog.createMany({ data: [...backOffice.auditLogs, ...kyc.auditLogs], ...skip });
    },
    { timeout: 60_000, maxWait: 10_000 },
  );
}

/**
 * `npm run db:seed -- --reference`: only what every database needs (the four loan products), for a real
 * deployment. `npm run db:seed`: the demo data set, for development and tests only; it includes staff
 * accounts with a published password, so it refuses when NODE_ENV=production.
 */
async function main(): Promise<void> {
  // The same .env files, in the same order, as the server (Next.js, scripts/with-db.ts) and the other db scripts: the
  // demo staff's two-step secrets are sealed under the TOTP_ENCRYPTION_KEY the server will open them with.
  nextEnv.loadEnvConfig(path.resolve(import.meta.dirname, ".."), process.env.NODE_ENV !== "production");
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    console.error("DATABASE_URL is not set. Example: DATABASE_URL=postgresql://postgres:postgres@127.0.0.1:5432/rinbondhu npm run db:seed");
    process.exit(1);
  }
  const referenceOnly = process.argv.includes("--reference");
  if (!referenceOnly && process.env.NODE_ENV === "production") {
    console.error("Demo data (staff accounts with a published password) is not loaded with NODE_ENV=production. For a real database: npm run db:seed -- --reference");
    process.exit(1);
  }
  const prisma = createPrismaClient(connectionString);
  try {
    if (referenceOnly) {
      await prisma.$transaction((tx) => seedProducts(tx));
      console.log("Reference data seeded: the loan products (rows that already existed were left unchanged).");
    } else {
      await seedDemo(prisma);
      console.log("Demo data seeded (rows that already existed were left unchanged).");
      const keyId = totpKeyRing().current.id;
      console.log(
        isDevelopmentTotpKeyId(keyId)
          ? "Two-step secrets sealed with the development key (no TOTP_ENCRYPTION_KEY): a server started with a key will not open them."
          : `Two-step secrets sealed with TOTP_ENCRYPTION_KEY (key id ${keyId}): serve this database with the same key.`,
      );
    }
  } finally {
    await prisma.$disconnect();
  }
}

// Run only when executed directly, not when imported by tests.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
