import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { societyCodes, type SocietyCodeKind } from "./codes";

type Tx = Prisma.TransactionClient;

/** Where a sequence starts when a society has none yet (imported or older data): its highest code. */
const CODE_SOURCES: Record<SocietyCodeKind, { table: string; prefix: string }> = {
  worker: { table: "SocietyWorker", prefix: "W" },
  member: { table: "SocietyMember", prefix: "M" },
  collection: { table: "SocietyCollection", prefix: "C" },
  incomeExpense: { table: "IncomeExpense", prefix: "IE" },
  salary: { table: "WorkerSalary", prefix: "WS" },
  withdrawal: { table: "SocietyWithdrawal", prefix: "WD" },
};

/**
 * The next `count` codes of a kind in a society. The sequence row is incremented in place, so
 * concurrent transactions queue on it and never share a number; deleting records never frees one.
 */
export async function allocateSocietyCodes(tx: Tx, societyId: string, kind: SocietyCodeKind, count: number): Promise<string[]> {
  if (count === 0) return [];
  const bumped = await tx.$queryRaw<{ lastNumber: number }[]>`
    UPDATE "SocietySequence" SET "lastNumber" = "lastNumber" + ${count}
    WHERE "societyId" = ${societyId} AND "kind" = ${kind}::"SocietyCodeKind" RETURNING "lastNumber"`;
  let last = bumped[0]?.lastNumber;
  if (last === undefined) {
    const { table, prefix } = CODE_SOURCES[kind];
    const pattern = `^${prefix}[0-9]+$`;
    // The position is cast: an untyped parameter makes substring(text from text), a regular expression match.
    const highest = await tx.$queryRaw<{ n: number | null }[]>`
      SELECT max(substring("code" from ${prefix.length + 1}::int)::int) AS "n" FROM ${Prisma.raw(`"${table}"`)}
      WHERE "societyId" = ${societyId} AND "code" ~ ${pattern}`;
    const inserted = await tx.$queryRaw<{ lastNumber: number }[]>`
      INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber")
      VALUES (${societyId}, ${kind}::"SocietyCodeKind", ${(highest[0]?.n ?? 0) + count})
      ON CONFLICT ("societyId", "kind") DO UPDATE SET "lastNumber" = "SocietySequence"."lastNumber" + ${count}
      RETURNING "lastNumber"`;
    last = inserted[0]!.lastNumber;
  }
  return societyCodes(kind, last - count, count);
}
