import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { nextNumberedCode } from "./sequence";

/** The columns that hold numbered codes; names are fixed here, never taken from input. */
const SEQUENCES = {
  kycCase: { table: "KycCase", column: "caseNumber", prefix: "KYC-" },
  loan: { table: "Loan", column: "loanNumber", prefix: "LN-" },
  customer: { table: "Customer", column: "userNumber", prefix: "U" },
  payment: { table: "LoanPayment", column: "paymentNumber", prefix: "PAY-" },
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
