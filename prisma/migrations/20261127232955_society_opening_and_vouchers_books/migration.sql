-- Issue 48: every entry carries a voucher number, and a society moving from paper or another tool enters its opening
-- balances once, before anything else it posts.

-- Vouchers: 1, 2, 3 … per society in posting order, the entries already posted by day, then time. (A restore posts the
-- records again, one entry per record, and numbers them afresh in the same order.)
ALTER TABLE "SocietyJournalEntry" ADD COLUMN "voucher" INTEGER;
ALTER TABLE "SocietyJournalEntry" DISABLE TRIGGER "SocietyJournalEntry_immutable";
UPDATE "SocietyJournalEntry" e SET "voucher" = n."voucher"
  FROM (SELECT "id", row_number() OVER (PARTITION BY "societyId" ORDER BY "date", "createdAt", "id")::int AS "voucher" FROM "SocietyJournalEntry") n
  WHERE n."id" = e."id";
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_immutable";
ALTER TABLE "SocietyJournalEntry" ALTER COLUMN "voucher" SET NOT NULL;
CREATE UNIQUE INDEX "SocietyJournalEntry_societyId_voucher_key" ON "SocietyJournalEntry"("societyId", "voucher");
INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber")
  SELECT "societyId", 'voucher', max("voucher") FROM "SocietyJournalEntry" GROUP BY "societyId";

-- Withdrawals get codes like the society's other records (WD001 …, by when they were asked for): the passbook names
-- each one, so five equal withdrawals are told apart, and a backup carries the code (a restore keeps it).
ALTER TABLE "SocietyWithdrawal" ADD COLUMN "code" TEXT;
UPDATE "SocietyWithdrawal" w SET "code" = 'WD' || lpad(n."n"::text, 3, '0')
  FROM (SELECT "id", row_number() OVER (PARTITION BY "societyId" ORDER BY "requestedAt", "id") AS "n" FROM "SocietyWithdrawal") n
  WHERE n."id" = w."id";
ALTER TABLE "SocietyWithdrawal" ALTER COLUMN "code" SET NOT NULL;
CREATE UNIQUE INDEX "SocietyWithdrawal_societyId_code_key" ON "SocietyWithdrawal"("societyId", "code");
INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber")
  SELECT "societyId", 'withdrawal', count(*) FROM "SocietyWithdrawal" GROUP BY "societyId";

-- The opening balance and its figures.
CREATE TABLE "SocietyOpeningBalance" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "asOf" DATE NOT NULL,
    "status" "SocietyOpeningStatus" NOT NULL,
    "proposedById" TEXT,
    "proposedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "rejectionNote" TEXT,
    "entryId" TEXT,

    CONSTRAINT "SocietyOpeningBalance_pkey" PRIMARY KEY ("id")
);
CREATE TABLE "SocietyOpeningBalanceLine" (
    "id" TEXT NOT NULL,
    "openingId" TEXT NOT NULL,
    "kind" "SocietyAccountKind" NOT NULL,
    "memberId" TEXT,
    "amount" INTEGER NOT NULL,

    CONSTRAINT "SocietyOpeningBalanceLine_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "SocietyOpeningBalance_entryId_key" ON "SocietyOpeningBalance"("entryId");
CREATE INDEX "SocietyOpeningBalance_societyId_status_idx" ON "SocietyOpeningBalance"("societyId", "status");
-- One opening per society, waiting or posted (a refused one may be entered again).
CREATE UNIQUE INDEX "SocietyOpeningBalance_one_per_society" ON "SocietyOpeningBalance"("societyId") WHERE "status" <> 'rejected';
CREATE INDEX "SocietyOpeningBalanceLine_openingId_idx" ON "SocietyOpeningBalanceLine"("openingId");
CREATE INDEX "SocietyOpeningBalanceLine_memberId_idx" ON "SocietyOpeningBalanceLine"("memberId");
CREATE UNIQUE INDEX "SocietyOpeningBalanceLine_one_account_figure" ON "SocietyOpeningBalanceLine"("openingId", "kind") WHERE "memberId" IS NULL;
CREATE UNIQUE INDEX "SocietyOpeningBalanceLine_one_member_figure" ON "SocietyOpeningBalanceLine"("openingId", "kind", "memberId") WHERE "memberId" IS NOT NULL;
ALTER TABLE "SocietyOpeningBalance" ADD CONSTRAINT "SocietyOpeningBalance_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "SocietyOpeningBalanceLine" ADD CONSTRAINT "SocietyOpeningBalanceLine_openingId_fkey" FOREIGN KEY ("openingId") REFERENCES "SocietyOpeningBalance"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- What an opening balance holds: cash, bank and share capital for the society, savings and loans per member; whole
-- taka, more than zero (the reserve is what they leave over, never typed). A trigger, not a CHECK: the schema engine
-- cannot read a CHECK constraint.
CREATE FUNCTION "society_opening_line_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amount" <= 0 OR NOT ((NEW."kind" IN ('cash_in_hand', 'bank', 'share_capital') AND NEW."memberId" IS NULL)
                               OR (NEW."kind" IN ('member_savings', 'member_loans') AND NEW."memberId" IS NOT NULL)) THEN
    RAISE EXCEPTION 'an opening figure is a positive amount of cash, bank, share capital, or a member''s savings or loan'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyOpeningBalanceLine_figure';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "SocietyOpeningBalanceLine_figure" BEFORE INSERT OR UPDATE ON "SocietyOpeningBalanceLine" FOR EACH ROW EXECUTE FUNCTION "society_opening_line_valid"();
ALTER TABLE "SocietyOpeningBalanceLine" ADD CONSTRAINT "SocietyOpeningBalanceLine_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "SocietyMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One opening entry per society in the journal.
CREATE UNIQUE INDEX "SocietyJournalEntry_one_opening" ON "SocietyJournalEntry"("societyId") WHERE "kind" = 'opening_balance';

-- The opening comes first: it is refused once anything is posted on or before its day, and after it nothing may be
-- posted on or before that day (the balances it carries are as they stood at the end of it). society_post takes the
-- society's row (key share) before any entry, and an opening takes it for update: a posting and an opening are never
-- checked against each other's uncommitted state.
CREATE FUNCTION "society_journal_opening_first"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  opening_day date;
BEGIN
  IF NEW."kind" = 'opening_balance' THEN
    -- Under the society's row lock: a posting waiting on it sees the opening, or the opening sees the posting.
    PERFORM 1 FROM "Society" WHERE "id" = NEW."societyId" FOR UPDATE;
    IF EXISTS (SELECT 1 FROM "SocietyJournalEntry" WHERE "societyId" = NEW."societyId" AND "date" <= NEW."date") THEN
      RAISE EXCEPTION 'society % has entries on or before %: the opening balance comes first', NEW."societyId", NEW."date"
        USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_opening_first';
    END IF;
    RETURN NEW;
  END IF;
  SELECT "date" INTO opening_day FROM "SocietyJournalEntry" WHERE "societyId" = NEW."societyId" AND "kind" = 'opening_balance';
  IF opening_day IS NOT NULL AND NEW."date" <= opening_day THEN
    RAISE EXCEPTION 'the books of society % open after %', NEW."societyId", opening_day
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_before_opening';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "SocietyJournalEntry_opening_first" BEFORE INSERT ON "SocietyJournalEntry" FOR EACH ROW EXECUTE FUNCTION "society_journal_opening_first"();
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_opening_first";

-- The opening entry's lines: assets debited, savings and share capital credited, the difference to the reserve.
CREATE FUNCTION "society_opening_lines"(p_opening text) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  WITH figures AS (
    SELECT l."kind", l."memberId",
           CASE WHEN l."kind" IN ('cash_in_hand', 'bank', 'member_loans') THEN l."amount" ELSE -l."amount" END AS "signed"
    FROM "SocietyOpeningBalanceLine" l WHERE l."openingId" = p_opening
  )
  SELECT coalesce(jsonb_agg(x.line), '[]'::jsonb) FROM (
    SELECT jsonb_build_object('kind', f."kind", 'member', f."memberId", 'amount', f."signed") AS line FROM figures f
    UNION ALL
    SELECT jsonb_build_object('kind', 'reserve', 'amount', -coalesce(sum(f."signed"), 0)) FROM figures f
  ) x
$$;

-- Posting: each entry takes the society's next voucher number.
DROP FUNCTION "society_post"(text, date, "SocietyJournalKind", text, text, jsonb, text, text, timestamp);
CREATE FUNCTION "society_post"(p_society text, p_date date, p_kind "SocietyJournalKind", p_source_type text, p_source_id text,
                               p_lines jsonb, p_created_by text DEFAULT NULL, p_reverses text DEFAULT NULL, p_created_at timestamp DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  entry_id text;
  voucher_number int;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l WHERE (l ->> 'amount')::int <> 0) THEN RETURN NULL; END IF;
  entry_id := 'je_' || replace(gen_random_uuid()::text, '-', '');
  -- The society's row first, then its voucher counter, in every posting: the order an opening's approval and a restore
  -- take them in too (the society's row for update), so two of them never wait on each other crosswise.
  PERFORM 1 FROM "Society" WHERE "id" = p_society FOR KEY SHARE;
  INSERT INTO "SocietySequence" ("societyId", "kind", "lastNumber") VALUES (p_society, 'voucher', 1)
    ON CONFLICT ("societyId", "kind") DO UPDATE SET "lastNumber" = "SocietySequence"."lastNumber" + 1
    RETURNING "lastNumber" INTO voucher_number;
  INSERT INTO "SocietyJournalEntry" ("id", "societyId", "date", "kind", "sourceType", "sourceId", "reversesId", "createdById", "createdAt", "voucher")
    VALUES (entry_id, p_society, p_date, p_kind, p_source_type, p_source_id, p_reverses, p_created_by, coalesce(p_created_at, CURRENT_TIMESTAMP), voucher_number);
  -- All the lines in one statement: the balance trigger checks them together.
  INSERT INTO "SocietyJournalLine" ("id", "entryId", "societyId", "accountId", "memberId", "workerId", "amount", "date")
    SELECT 'jl_' || replace(gen_random_uuid()::text, '-', ''), entry_id, p_society,
           "society_account"(p_society, (l ->> 'kind')::"SocietyAccountKind", l ->> 'name'),
           l ->> 'member', l ->> 'worker', (l ->> 'amount')::int, p_date
    FROM jsonb_array_elements(p_lines) l
    WHERE (l ->> 'amount')::int <> 0;
  RETURN entry_id;
END $$;

-- A purge starts the voucher numbers again: the repost numbers its entries from 1 in the records' order.
CREATE OR REPLACE FUNCTION "society_books_purge"(p_society text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  removed record;
BEGIN
  PERFORM 1 FROM "Society" WHERE "id" = p_society FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION 'no society %', p_society USING ERRCODE = 'no_data_found'; END IF;
  SELECT count(DISTINCT "entryId") AS entries, count(*) AS lines, coalesce(sum(GREATEST("amount", 0)), 0) AS debits INTO removed
    FROM "SocietyJournalLine" WHERE "societyId" = p_society;
  PERFORM set_config('rinbondhu.books_purge', p_society, true);
  DELETE FROM "SocietyJournalLine" WHERE "societyId" = p_society;
  DELETE FROM "SocietyJournalEntry" WHERE "societyId" = p_society;
  DELETE FROM "SocietyAccountDay" d USING "SocietyAccount" a WHERE a."id" = d."accountId" AND a."societyId" = p_society;
  DELETE FROM "SocietySequence" WHERE "societyId" = p_society AND "kind" = 'voucher';
  PERFORM set_config('rinbondhu.books_purge', '', true);
  INSERT INTO "AuditLog" ("id", "actorLabel", "action", "entityType", "entityId", "before", "after")
    VALUES ('al_' || replace(gen_random_uuid()::text, '-', ''), 'System', 'society.books.purge', 'Society', p_society,
            jsonb_build_object('entries', removed.entries, 'lines', removed.lines, 'debits', removed.debits),
            jsonb_build_object('societyId', p_society, 'by', session_user::text));
END $$;

-- A restore posts the opening balance first (on its day, before anything else can be).
CREATE OR REPLACE FUNCTION "society_books_post_records"(p_society text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  posted int := 0;
  r record;
  entry_id text;
BEGIN
  FOR r IN
    SELECT * FROM (
      SELECT 0 AS rank, 'opening' AS what, o."id", o."asOf" AS day, o."decidedAt" AS at FROM "SocietyOpeningBalance" o
        WHERE o."societyId" = p_society AND o."status" = 'posted'
      UNION ALL
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
    ORDER BY records.day, records.rank = 0 DESC, records.at, records.rank, records."id"
  LOOP
    IF r.what = 'opening' THEN
      entry_id := "society_post"(p_society, r.day, 'opening_balance', 'SocietyOpeningBalance', r."id", "society_opening_lines"(r."id"),
        (SELECT o."decidedById" FROM "SocietyOpeningBalance" o WHERE o."id" = r."id"), NULL, r.at);
      UPDATE "SocietyOpeningBalance" SET "entryId" = entry_id WHERE "id" = r."id";
    ELSIF r.what = 'legacyLoan' THEN
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
REVOKE EXECUTE ON FUNCTION "society_books_purge"(text) FROM PUBLIC;
-- Posting every record again is the restore's (society_books_repost, run as its owner), never the app's own call: over
-- books that are not empty it would count every taka twice.
REVOKE EXECUTE ON FUNCTION "society_books_post_records"(text) FROM PUBLIC;

-- Whom an entry is with, for the ledgers and the cash book: its one member and its one worker (null where it names none,
-- or several, as a whole sheet of collections does).
CREATE FUNCTION "society_entry_counterparty"(p_entry text) RETURNS TABLE ("memberId" text, "workerId" text)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(DISTINCT l."memberId") = 1 THEN min(l."memberId") END,
         CASE WHEN count(DISTINCT l."workerId") = 1 THEN min(l."workerId") END
  FROM "SocietyJournalLine" l WHERE l."entryId" = p_entry
$$;
