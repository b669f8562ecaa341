-- CreateEnum
CREATE TYPE "SocietyLoanMethod" AS ENUM ('flat', 'declining');

-- CreateEnum
CREATE TYPE "SocietyLoanFrequency" AS ENUM ('daily', 'weekly', 'monthly');

-- CreateTable
CREATE TABLE "SocietyMemberLoan" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "principal" INTEGER NOT NULL,
    "serviceCharge" INTEGER NOT NULL,
    "ratePercent" INTEGER NOT NULL,
    "method" "SocietyLoanMethod" NOT NULL,
    "frequency" "SocietyLoanFrequency" NOT NULL,
    "instalmentCount" INTEGER NOT NULL,
    "instalmentAmount" INTEGER NOT NULL,
    "firstDueDate" DATE NOT NULL,
    "disbursedOn" DATE NOT NULL,
    "entryId" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SocietyMemberLoan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SocietyMemberLoan_entryId_key" ON "SocietyMemberLoan"("entryId");

-- CreateIndex
CREATE INDEX "SocietyMemberLoan_memberId_disbursedOn_idx" ON "SocietyMemberLoan"("memberId", "disbursedOn");

-- CreateIndex
CREATE INDEX "SocietyMemberLoan_societyId_disbursedOn_idx" ON "SocietyMemberLoan"("societyId", "disbursedOn");

-- AddForeignKey
ALTER TABLE "SocietyMemberLoan" ADD CONSTRAINT "SocietyMemberLoan_memberId_societyId_fkey" FOREIGN KEY ("memberId", "societyId") REFERENCES "SocietyMember"("id", "societyId") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A loan with an instalment plan paid out: the member owes the total (principal and the plan's charge) on their loan
-- account; the principal leaves cash in hand, the charge is the society's service charge income (docs/decisions.md).
CREATE FUNCTION "society_member_plan_loan_lines"(p_member text, p_principal int, p_charge int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'member_loans', 'member', p_member, 'amount', p_principal + p_charge),
    jsonb_build_object('kind', 'cash_in_hand', 'amount', -p_principal),
    jsonb_build_object('kind', 'service_charge_income', 'amount', -p_charge))
$$;

-- Every record that moves money, posted (after a restore): now with the members' planned loans too.
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
  FOR r IN SELECT "id", "memberId", "principal", "serviceCharge", "disbursedOn" FROM "SocietyMemberLoan" WHERE "societyId" = p_society ORDER BY "createdAt", "id" LOOP
    entry_id := "society_post"(p_society, r."disbursedOn", 'member_loan', 'SocietyMemberLoan', r."id", "society_member_plan_loan_lines"(r."memberId", r."principal", r."serviceCharge"), NULL);
    UPDATE "SocietyMemberLoan" SET "entryId" = entry_id WHERE "id" = r."id";
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
