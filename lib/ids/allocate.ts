import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { formatNumberedCode, nextNumberedCode } from "./sequence";

/** The columns that hold numbered codes; names are fixed here, never taken from input. */
const SEQUENCES = {
  kycCase: { table: "KycCase", column: "caseNumber", prefix: "KYC-" },
  loan: { table: "Loan", column: "loanNumber", prefix: "LN-" },
  customer: { table: "Customer", column: "userNumber", prefix: "U" },
} as const;

/**
 * The next code of a sequence. Takes a transaction-scoped advisory lock first, so two transactions never
 * pick the same number; the unique constraint still catches anything allocated outside this function.
 */
export async function allocateNumberedCode(tx: Prisma.TransactionClient, sequence: keyof typeof SEQUENCES): Promise<string> {
  const { table, column, prefix } = SEQUENCES[sequence];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${table}.${column}`}))`;
  const pattern = `^${prefix}[0-9]+$`;
  const rows = await tx.$queryRaw<{ code: string }[]>`
    SELECT ${Prisma.raw(`"${column}"`)} AS "code" FROM ${Prisma.raw(`"${table}"`)}
    WHERE ${Prisma.raw(`"${column}"`)} ~ ${pattern}
    ORDER BY length(${Prisma.raw(`"${column}"`)}) DESC, ${Prisma.raw(`"${column}"`)} DESC LIMIT 1`;
  return nextNumberedCode(prefix, rows[0]?.code ?? null);
}

/** Series numbered from a counter row (NumberCounter): allocated often, so no scan for the highest code. */
const COUNTERS = {
  payment: { table: "LoanPayment", column: "paymentNumber", prefix: "PAY-" },
} as const;

/**
 * The next code of a counted series ("PAY-000124"). The counter row stays locked until the transaction ends:
 * call it as late in the transaction as possible, so concurrent ones wait only for each other's last statements.
 */
export async function allocateCountedCode(tx: Prisma.TransactionClient, counter: keyof typeof COUNTERS): Promise<string> {
  const rows = await tx.$queryRaw<{ lastValue: number }[]>`
    INSERT INTO "NumberCounter" ("name", "lastValue") VALUES (${counter}, 1)
    ON CONFLICT ("name") DO UPDATE SET "lastValue" = "NumberCounter"."lastValue" + 1
    RETURNING "lastValue"`;
  return formatNumberedCode(COUNTERS[counter].prefix, rows[0]!.lastValue);
}

