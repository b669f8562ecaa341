-- AlterTable
ALTER TABLE "IncomeExpense" ADD COLUMN     "reversedAt" TIMESTAMP(3),
ADD COLUMN     "reversedById" TEXT;

-- AlterTable
ALTER TABLE "SocietyAccount" ADD COLUMN     "label" TEXT;


-- A reversal: a new entry with every line of `p_entry` negated, pointing at it (reversesId is unique: an entry is
-- reversed once, whoever tries at the same time). Dated `p_date` (in the open period); nothing is edited or erased.
CREATE FUNCTION "society_reverse"(p_entry text, p_date date, p_created_by text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  original record;
  negated jsonb;
BEGIN
  SELECT "id", "societyId", "kind", "sourceType", "sourceId" INTO original FROM "SocietyJournalEntry" WHERE "id" = p_entry;
  IF original."id" IS NULL THEN RAISE EXCEPTION 'no journal entry %', p_entry USING ERRCODE = 'no_data_found'; END IF;
  IF original."kind" = 'reversal' THEN
    RAISE EXCEPTION 'a reversal is not reversed: post the entry again' USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_reversal';
  END IF;
  SELECT jsonb_agg(jsonb_build_object('kind', a."kind", 'name', a."name", 'member', l."memberId", 'worker', l."workerId", 'amount', -l."amount"))
    INTO negated
    FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId" WHERE l."entryId" = p_entry;
  RETURN "society_post"(original."societyId", p_date, 'reversal', original."sourceType", original."sourceId", negated, p_created_by, p_entry);
END $$;

-- Every record that moves money, posted (after a restore): income and expenses an admin reversed, reversed again.
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
  FOR r IN SELECT "id", "memberId", "amount", ("decidedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date AS "day" FROM "SocietyWithdrawal"
           WHERE "societyId" = p_society AND "status" = 'paid' ORDER BY "decidedAt" LOOP
    entry_id := "society_post"(p_society, r."day", 'withdrawal', 'SocietyWithdrawal', r."id", "society_withdrawal_lines"(r."memberId", r."amount"), NULL);
    UPDATE "SocietyWithdrawal" SET "entryId" = entry_id WHERE "id" = r."id";
    posted := posted + 1;
  END LOOP;
  RETURN posted;
END $$;
