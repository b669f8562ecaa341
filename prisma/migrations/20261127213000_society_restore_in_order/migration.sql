-- A restore posts a society's records again in the order and at the times they were first posted (issue 48): the
-- passbook, ordered by day and posting time, reads the same after a restore as before it. Confirmed cash hand-overs
-- are in the backup now and posted again with the rest.

-- An entry may be posted with the time of the record it posts (a restore); otherwise now.
DROP FUNCTION "society_post"(text, date, "SocietyJournalKind", text, text, jsonb, text, text);
CREATE FUNCTION "society_post"(p_society text, p_date date, p_kind "SocietyJournalKind", p_source_type text, p_source_id text,
                               p_lines jsonb, p_created_by text DEFAULT NULL, p_reverses text DEFAULT NULL, p_created_at timestamp DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  entry_id text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l WHERE (l ->> 'amount')::int <> 0) THEN RETURN NULL; END IF;
  entry_id := 'je_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO "SocietyJournalEntry" ("id", "societyId", "date", "kind", "sourceType", "sourceId", "reversesId", "createdById", "createdAt")
    VALUES (entry_id, p_society, p_date, p_kind, p_source_type, p_source_id, p_reverses, p_created_by, coalesce(p_created_at, CURRENT_TIMESTAMP));
  -- All the lines in one statement: the balance trigger checks them together.
  INSERT INTO "SocietyJournalLine" ("id", "entryId", "societyId", "accountId", "memberId", "workerId", "amount", "date")
    SELECT 'jl_' || replace(gen_random_uuid()::text, '-', ''), entry_id, p_society,
           "society_account"(p_society, (l ->> 'kind')::"SocietyAccountKind", l ->> 'name'),
           l ->> 'member', l ->> 'worker', (l ->> 'amount')::int, p_date
    FROM jsonb_array_elements(p_lines) l
    WHERE (l ->> 'amount')::int <> 0;
  RETURN entry_id;
END $$;

DROP FUNCTION "society_reverse"(text, date, text);
CREATE FUNCTION "society_reverse"(p_entry text, p_date date, p_created_by text, p_created_at timestamp DEFAULT NULL) RETURNS text
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
  RETURN "society_post"(original."societyId", p_date, 'reversal', original."sourceType", original."sourceId", negated, p_created_by, p_entry, p_created_at);
END $$;

-- Every record of a society that moves money, posted in the order it was first posted: by day, then by the time the
-- record was made (a withdrawal when it was paid, a hand-over when it was confirmed, a reversal when it was made), each
-- entry carrying that time. Loans before what repays them on the same instant; withdrawals after what they draw on.
CREATE OR REPLACE FUNCTION "society_books_post_records"(p_society text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  posted int := 0;
  r record;
  entry_id text;
BEGIN
  FOR r IN
    SELECT * FROM (
      SELECT 1 AS rank, 'legacyLoan' AS what, m."id", m."joinDate" AS day, m."createdAt" AS at FROM "SocietyMember" m
        WHERE m."societyId" = p_society AND coalesce(m."loanAmount", 0) > 0
      UNION ALL
      SELECT 2, 'planLoan', l."id", l."disbursedOn", l."createdAt" FROM "SocietyMemberLoan" l WHERE l."societyId" = p_society
      UNION ALL
      SELECT 3, 'collection', c."id", c."date", c."createdAt" FROM "SocietyCollection" c
        WHERE c."societyId" = p_society AND c."status" = 'collected' AND c."installmentCollected" + c."savingsCollected" > 0
      UNION ALL
      SELECT 4, 'incomeExpense', e."id", e."date", e."createdAt" FROM "IncomeExpense" e WHERE e."societyId" = p_society AND e."amount" > 0
      UNION ALL
      SELECT 5, 'handover', h."id", h."date", coalesce(h."confirmedAt", h."submittedAt") FROM "FieldCashHandover" h
        WHERE h."societyId" = p_society AND h."status" = 'confirmed' AND h."counted" > 0
      UNION ALL
      SELECT 6, 'withdrawal', w."id", (w."decidedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date, w."decidedAt" FROM "SocietyWithdrawal" w
        WHERE w."societyId" = p_society AND w."status" = 'paid'
      UNION ALL
      SELECT 7, 'reversal', e."id", (e."reversedAt" AT TIME ZONE 'UTC' AT TIME ZONE 'Asia/Dhaka')::date, e."reversedAt" FROM "IncomeExpense" e
        WHERE e."societyId" = p_society AND e."amount" > 0 AND e."reversedAt" IS NOT NULL
    ) records
    ORDER BY records.day, records.at, records.rank, records."id"
  LOOP
    IF r.what = 'legacyLoan' THEN
      PERFORM "society_post"(p_society, r.day, 'member_loan', 'SocietyMember', r."id",
        (SELECT "society_member_loan_lines"(m."id", m."loanAmount") FROM "SocietyMember" m WHERE m."id" = r."id"), NULL, NULL, r.at);
    ELSIF r.what = 'planLoan' THEN
      entry_id := "society_post"(p_society, r.day, 'member_loan', 'SocietyMemberLoan', r."id",
        (SELECT "society_member_plan_loan_lines"(l."memberId", l."principal", l."serviceCharge") FROM "SocietyMemberLoan" l WHERE l."id" = r."id"), NULL, NULL, r.at);
      UPDATE "SocietyMemberLoan" SET "entryId" = entry_id WHERE "id" = r."id";
    ELSIF r.what = 'collection' THEN
      PERFORM "society_post"(p_society, r.day, 'collection', 'SocietyCollection', r."id",
        (SELECT "society_collection_lines"(c."memberId", c."workerId", c."installmentCollected", c."savingsCollected") FROM "SocietyCollection" c WHERE c."id" = r."id"), NULL, NULL, r.at);
    ELSIF r.what = 'incomeExpense' THEN
      PERFORM "society_post"(p_society, r.day,
        (SELECT CASE WHEN e."workerSalaryId" IS NOT NULL THEN 'salary' WHEN e."type" = 'income' THEN 'income' ELSE 'expense' END::"SocietyJournalKind" FROM "IncomeExpense" e WHERE e."id" = r."id"),
        'IncomeExpense', r."id",
        (SELECT "society_income_expense_lines"(e."type", e."category", e."amount", e."workerSalaryId" IS NOT NULL) FROM "IncomeExpense" e WHERE e."id" = r."id"), NULL, NULL, r.at);
    ELSIF r.what = 'handover' THEN
      PERFORM "society_post"(p_society, r.day, 'cash_handover', 'FieldCashHandover', r."id",
        (SELECT "society_handover_lines"(h."workerId", h."counted") FROM "FieldCashHandover" h WHERE h."id" = r."id"), NULL, NULL, r.at);
    ELSIF r.what = 'withdrawal' THEN
      entry_id := "society_post"(p_society, r.day, 'withdrawal', 'SocietyWithdrawal', r."id",
        (SELECT "society_withdrawal_lines"(w."memberId", w."amount", w."appliedToLoan") FROM "SocietyWithdrawal" w WHERE w."id" = r."id"), NULL, NULL, r.at);
      UPDATE "SocietyWithdrawal" SET "entryId" = entry_id WHERE "id" = r."id";
    ELSE
      PERFORM "society_reverse"(
        (SELECT j."id" FROM "SocietyJournalEntry" j WHERE j."sourceType" = 'IncomeExpense' AND j."sourceId" = r."id" AND j."kind" <> 'reversal' AND j."societyId" = p_society),
        r.day, (SELECT e."reversedById" FROM "IncomeExpense" e WHERE e."id" = r."id"), r.at);
    END IF;
    posted := posted + 1;
  END LOOP;
  RETURN posted;
END $$;

-- Savings never below zero: checked after each statement, except while a restore posts a society's records again in
-- their first order with their final figures (a sheet lowered after a withdrawal would dip in between); the repost then
-- checks every member's final savings once, with the same refusal.
CREATE OR REPLACE FUNCTION "society_savings_not_negative"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  short record;
BEGIN
  IF "society_books_purging"((SELECT nl."societyId" FROM new_lines nl LIMIT 1)) THEN RETURN NULL; END IF;
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

CREATE OR REPLACE FUNCTION "society_books_repost"(p_society text) RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  posted int;
  short record;
BEGIN
  -- Only over an empty journal (after a purge, or a society never posted): posting the records again over their own
  -- entries would count every taka twice.
  IF EXISTS (SELECT 1 FROM "SocietyJournalEntry" WHERE "societyId" = p_society) THEN
    RAISE EXCEPTION 'the books of society % are not empty: purge them before posting the records again', p_society
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournal_repost_empty';
  END IF;
  PERFORM set_config('rinbondhu.books_purge', p_society, true);
  posted := "society_books_post_records"(p_society);
  PERFORM set_config('rinbondhu.books_purge', '', true);
  SELECT l."memberId", -sum(l."amount") AS balance INTO short
  FROM "SocietyJournalLine" l JOIN "SocietyAccount" a ON a."id" = l."accountId" AND a."kind" = 'member_savings'
  WHERE l."societyId" = p_society AND l."memberId" IS NOT NULL
  GROUP BY l."memberId" HAVING sum(l."amount") > 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'the savings of member % would go below zero (%)', short."memberId", short.balance
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyMember_savings_not_negative';
  END IF;
  RETURN posted;
END $$;

-- The restore's functions are the runtime role's (granted by rinbondhu_grant_runtime), not every role's.
REVOKE EXECUTE ON FUNCTION "society_books_purge"(text) FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION "society_books_repost"(text) FROM PUBLIC;
