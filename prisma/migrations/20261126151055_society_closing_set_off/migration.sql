-- AlterTable
ALTER TABLE "SocietyWithdrawal" ADD COLUMN     "appliedToLoan" INTEGER NOT NULL DEFAULT 0;


-- A withdrawal of which part is set against the member's loan (closing a membership): off their savings in full, the
-- set-off off their loan, the rest out of cash in hand.
CREATE FUNCTION "society_withdrawal_lines"(p_member text, p_amount int, p_applied_to_loan int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'member_savings', 'member', p_member, 'amount', p_amount),
    jsonb_build_object('kind', 'member_loans', 'member', p_member, 'amount', -p_applied_to_loan),
    jsonb_build_object('kind', 'cash_in_hand', 'amount', -(p_amount - p_applied_to_loan)))
$$;

-- Every record that moves money, posted (after a restore): withdrawals with their set-off.
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
  FOR r IN SELECT "id", "type", "category", "amount", "date", "workerSalaryId", "reversedAt", "reversedById" FROM "IncomeExpense" WHERE "societyId" = p_society AND "amount" > 0 LOOP
    entry_id := "society_post"(p_society, r."date", CASE WHEN r."workerSalaryId" IS NOT NULL THEN 'salary' WHEN r."type" = 'income' THEN 'income' ELSE 'expense' END::"SocietyJournalKind",
      'IncomeExpense', r."id", "society_income_expense_lines"(r."type", r."category", r."amount", r."workerSalaryId" IS NOT NULL), NULL);
    posted := posted + 1;
    IF r."reversedAt" IS NOT NULL THEN
      PERFORM "society_reverse"(entry_id, (r."reversedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date, r."reversedById");
      posted := posted + 1;
    END IF;
  END LOOP;
  FOR r IN SELECT "id", "workerId", "date", "counted" FROM "FieldCashHandover" WHERE "societyId" = p_society AND "status" = 'confirmed' AND "counted" > 0 LOOP
    PERFORM "society_post"(p_society, r."date", 'cash_handover', 'FieldCashHandover', r."id", "society_handover_lines"(r."workerId", r."counted"), NULL);
    posted := posted + 1;
  END LOOP;
  FOR r IN SELECT "id", "memberId", "amount", "appliedToLoan", ("decidedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date AS "day" FROM "SocietyWithdrawal"
           WHERE "societyId" = p_society AND "status" = 'paid' ORDER BY "decidedAt" LOOP
    entry_id := "society_post"(p_society, r."day", 'withdrawal', 'SocietyWithdrawal', r."id", "society_withdrawal_lines"(r."memberId", r."amount", r."appliedToLoan"), NULL);
    UPDATE "SocietyWithdrawal" SET "entryId" = entry_id WHERE "id" = r."id";
    posted := posted + 1;
  END LOOP;
  RETURN posted;
END $$;
