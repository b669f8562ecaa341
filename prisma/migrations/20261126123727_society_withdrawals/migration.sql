-- CreateEnum
CREATE TYPE "SocietyWithdrawalStatus" AS ENUM ('requested', 'paid', 'rejected');

-- AlterEnum
ALTER TYPE "SocietyJournalKind" ADD VALUE 'withdrawal';

-- AlterTable
ALTER TABLE "Society" ADD COLUMN     "minimumSavingsBalance" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "withdrawalApprovalLimit" INTEGER NOT NULL DEFAULT 5000;

-- CreateTable
CREATE TABLE "SocietyWithdrawal" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "status" "SocietyWithdrawalStatus" NOT NULL,
    "requestedById" TEXT,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "rejectionNote" TEXT,
    "entryId" TEXT,

    CONSTRAINT "SocietyWithdrawal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SocietyWithdrawal_entryId_key" ON "SocietyWithdrawal"("entryId");

-- CreateIndex
CREATE INDEX "SocietyWithdrawal_societyId_status_idx" ON "SocietyWithdrawal"("societyId", "status");

-- CreateIndex
CREATE INDEX "SocietyWithdrawal_memberId_idx" ON "SocietyWithdrawal"("memberId");

-- AddForeignKey
ALTER TABLE "SocietyWithdrawal" ADD CONSTRAINT "SocietyWithdrawal_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "SocietyMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------------
-- A member's savings never go below zero on the books, whatever posts the line (a withdrawal, a sheet corrected after
-- a withdrawal): checked after each statement that writes savings lines.
CREATE FUNCTION "society_savings_not_negative"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  short record;
BEGIN
  -- Members whose savings this statement lowers are checked one transaction at a time (in id order, so two statements
  -- never wait on each other crosswise): two corrections of one member on different days cannot pass together.
  PERFORM pg_advisory_xact_lock(hashtextextended('society-savings:' || x."memberId", 0))
  FROM (SELECT DISTINCT nl."memberId" FROM new_lines nl JOIN "SocietyAccount" a ON a."id" = nl."accountId"
        WHERE a."kind" = 'member_savings' AND nl."memberId" IS NOT NULL AND nl."amount" > 0 ORDER BY 1) x;
  SELECT m."memberId", -sum(l."amount") AS balance INTO short
  FROM (SELECT DISTINCT nl."memberId" FROM new_lines nl JOIN "SocietyAccount" a ON a."id" = nl."accountId"
        WHERE a."kind" = 'member_savings' AND nl."memberId" IS NOT NULL) m
  JOIN "SocietyJournalLine" l ON l."memberId" = m."memberId"
  JOIN "SocietyAccount" a ON a."id" = l."accountId" AND a."kind" = 'member_savings'
  GROUP BY m."memberId"
  HAVING sum(l."amount") > 0
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the savings of member % would go below zero (%)', short."memberId", short.balance
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyMember_savings_not_negative';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "SocietyJournalLine_savings_not_negative" AFTER INSERT ON "SocietyJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "society_savings_not_negative"();

-- Savings paid out: off the member's savings, out of cash in hand.
CREATE FUNCTION "society_withdrawal_lines"(p_member text, p_amount int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'member_savings', 'member', p_member, 'amount', p_amount),
    jsonb_build_object('kind', 'cash_in_hand', 'amount', -p_amount))
$$;

-- The records posted again after a restore now include paid withdrawals (after the collections they draw on), each
-- pointed at its new entry.
CREATE OR REPLACE FUNCTION "society_books_post_records"(p_society text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  posted int := 0;
  r record;
  entry_id text;
BEGIN
  FOR r IN SELECT "id", "loanAmount", "joinDate" FROM "SocietyMember" WHERE "societyId" = p_society AND coalesce("loanAmount", 0) > 0 LOOP
    PERFORM "society_post"(p_society, r."joinDate", 'member_loan', 'SocietyMember', r."id", "society_member_loan_lines"(r."id", r."loanAmount"), NULL);
    posted := posted + 1;
  END LOOP;
  FOR r IN SELECT "id", "memberId", "workerId", "date", "installmentCollected", "savingsCollected" FROM "SocietyCollection"
           WHERE "societyId" = p_society AND "status" = 'collected' AND "installmentCollected" + "savingsCollected" > 0 LOOP
    PERFORM "society_post"(p_society, r."date", 'collection', 'SocietyCollection', r."id",
      "society_collection_lines"(r."memberId", r."workerId", r."installmentCollected", r."savingsCollected"), NULL);
    posted := posted + 1;
  END LOOP;
  FOR r IN SELECT "id", "type", "category", "amount", "date", "workerSalaryId" FROM "IncomeExpense" WHERE "societyId" = p_society AND "amount" > 0 LOOP
    PERFORM "society_post"(p_society, r."date", CASE WHEN r."workerSalaryId" IS NOT NULL THEN 'salary' WHEN r."type" = 'income' THEN 'income' ELSE 'expense' END::"SocietyJournalKind",
      'IncomeExpense', r."id", "society_income_expense_lines"(r."type", r."category", r."amount", r."workerSalaryId" IS NOT NULL), NULL);
    posted := posted + 1;
  END LOOP;
  FOR r IN SELECT "id", "workerId", "date", "counted" FROM "FieldCashHandover" WHERE "societyId" = p_society AND "status" = 'confirmed' AND "counted" > 0 LOOP
    PERFORM "society_post"(p_society, r."date", 'cash_handover', 'FieldCashHandover', r."id", "society_handover_lines"(r."workerId", r."counted"), NULL);
    posted := posted + 1;
  END LOOP;
  FOR r IN SELECT "id", "memberId", "amount", ("decidedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date AS "day" FROM "SocietyWithdrawal"
           WHERE "societyId" = p_society AND "status" = 'paid' ORDER BY "decidedAt" LOOP
    entry_id := "society_post"(p_society, r."day", 'withdrawal', 'SocietyWithdrawal', r."id", "society_withdrawal_lines"(r."memberId", r."amount"), NULL);
    UPDATE "SocietyWithdrawal" SET "entryId" = entry_id WHERE "id" = r."id";
    posted := posted + 1;
  END LOOP;
  RETURN posted;
END $$;
