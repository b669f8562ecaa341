-- CreateEnum
CREATE TYPE "SocietyAccountType" AS ENUM ('asset', 'liability', 'equity', 'income', 'expense');

-- CreateEnum
CREATE TYPE "SocietyAccountKind" AS ENUM ('cash_in_hand', 'worker_cash', 'bank', 'member_loans', 'member_savings', 'share_capital', 'reserve', 'service_charge_income', 'income_category', 'salaries', 'expense_category');

-- CreateEnum
CREATE TYPE "SocietyJournalKind" AS ENUM ('collection', 'collection_correction', 'income', 'expense', 'salary', 'cash_handover', 'member_loan', 'reversal');

-- AlterTable
ALTER TABLE "Society" ADD COLUMN     "booksClosedAt" TIMESTAMP(3),
ADD COLUMN     "booksClosedThrough" DATE;

-- CreateTable
CREATE TABLE "SocietyAccount" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "SocietyAccountKind" NOT NULL,
    "type" "SocietyAccountType" NOT NULL,
    "name" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SocietyAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SocietyJournalEntry" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "kind" "SocietyJournalKind" NOT NULL,
    "sourceType" TEXT,
    "sourceId" TEXT,
    "reversesId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,

    CONSTRAINT "SocietyJournalEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SocietyJournalLine" (
    "id" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "memberId" TEXT,
    "workerId" TEXT,
    "amount" INTEGER NOT NULL,
    "date" DATE NOT NULL,

    CONSTRAINT "SocietyJournalLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SocietyAccount_societyId_code_key" ON "SocietyAccount"("societyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyJournalEntry_reversesId_key" ON "SocietyJournalEntry"("reversesId");

-- CreateIndex
CREATE INDEX "SocietyJournalEntry_societyId_date_idx" ON "SocietyJournalEntry"("societyId", "date");

-- CreateIndex
CREATE INDEX "SocietyJournalEntry_sourceType_sourceId_idx" ON "SocietyJournalEntry"("sourceType", "sourceId");

-- CreateIndex
CREATE INDEX "SocietyJournalLine_entryId_idx" ON "SocietyJournalLine"("entryId");

-- CreateIndex
CREATE INDEX "SocietyJournalLine_accountId_date_idx" ON "SocietyJournalLine"("accountId", "date");

-- CreateIndex
CREATE INDEX "SocietyJournalLine_memberId_accountId_idx" ON "SocietyJournalLine"("memberId", "accountId");

-- CreateIndex
CREATE INDEX "SocietyJournalLine_workerId_date_idx" ON "SocietyJournalLine"("workerId", "date");

-- CreateIndex
CREATE INDEX "SocietyJournalLine_societyId_date_idx" ON "SocietyJournalLine"("societyId", "date");

-- AddForeignKey
ALTER TABLE "SocietyAccount" ADD CONSTRAINT "SocietyAccount_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalEntry" ADD CONSTRAINT "SocietyJournalEntry_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalEntry" ADD CONSTRAINT "SocietyJournalEntry_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "SocietyJournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalLine" ADD CONSTRAINT "SocietyJournalLine_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "SocietyJournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalLine" ADD CONSTRAINT "SocietyJournalLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "SocietyAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalLine" ADD CONSTRAINT "SocietyJournalLine_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "SocietyMember"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyJournalLine" ADD CONSTRAINT "SocietyJournalLine_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------------
-- What the database itself refuses (issue 28): an unbalanced entry, any edit or deletion of a posted entry or line,
-- a zero line, a line of another society's account, and an entry dated inside a closed period.

-- Every entry's lines add up to zero. An entry's lines go in with one statement (society_post below), checked after
-- it: the lines it wrote must be all the entry's lines (none added to an entry later) and add up to zero. (A statement
-- trigger with a transition table rather than a deferred constraint trigger: Prisma's schema engine cannot read the
-- latter back.)
CREATE FUNCTION "society_journal_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT n."entryId", sum(l."amount") AS total, count(l.*) AS all_lines, max(n.lines) AS new_lines INTO bad
  FROM (SELECT "entryId", count(*) AS lines FROM new_lines GROUP BY "entryId") n
  JOIN "SocietyJournalLine" l ON l."entryId" = n."entryId"
  GROUP BY n."entryId"
  HAVING sum(l."amount") <> 0 OR count(l.*) <> max(n.lines) OR count(l.*) < 2
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'society journal entry % is not balanced (debits minus credits: %, lines: %, written together: %)', bad."entryId", bad.total, bad.all_lines, bad.new_lines
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_balanced';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "SocietyJournalLine_balanced" AFTER INSERT ON "SocietyJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "society_journal_balanced"();

-- A line: not zero, its account, member and worker of the entry's society, its date the entry's.
CREATE FUNCTION "society_journal_line_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry_society text;
  entry_date date;
BEGIN
  IF NEW."amount" = 0 THEN
    RAISE EXCEPTION 'a society journal line cannot be zero' USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalLine_valid';
  END IF;
  SELECT "societyId", "date" INTO entry_society, entry_date FROM "SocietyJournalEntry" WHERE "id" = NEW."entryId";
  IF entry_society IS DISTINCT FROM NEW."societyId" OR entry_date IS DISTINCT FROM NEW."date"
     OR NOT EXISTS (SELECT 1 FROM "SocietyAccount" WHERE "id" = NEW."accountId" AND "societyId" = NEW."societyId")
     OR (NEW."memberId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SocietyMember" WHERE "id" = NEW."memberId" AND "societyId" = NEW."societyId"))
     OR (NEW."workerId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SocietyWorker" WHERE "id" = NEW."workerId" AND "societyId" = NEW."societyId")) THEN
    RAISE EXCEPTION 'society journal line does not belong to its entry''s society or date' USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalLine_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "SocietyJournalLine_valid" BEFORE INSERT ON "SocietyJournalLine" FOR EACH ROW EXECUTE FUNCTION "society_journal_line_valid"();

-- Posted money is never edited or deleted. The one exception is a restore replacing a society's records, which
-- names that society in a transaction-local setting (society_books_purge below) and then posts them again.
CREATE FUNCTION "society_journal_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('rinbondhu.books_purge', true) = OLD."societyId" THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'society journal entries are never edited or deleted: post a reversal' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'SocietyJournal_immutable';
END $$;
CREATE TRIGGER "SocietyJournalEntry_immutable" BEFORE UPDATE OR DELETE ON "SocietyJournalEntry" FOR EACH ROW EXECUTE FUNCTION "society_journal_immutable"();
CREATE TRIGGER "SocietyJournalLine_immutable" BEFORE UPDATE OR DELETE ON "SocietyJournalLine" FOR EACH ROW EXECUTE FUNCTION "society_journal_immutable"();
CREATE FUNCTION "society_journal_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'society journal entries are never deleted' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'SocietyJournal_immutable';
END $$;
CREATE TRIGGER "SocietyJournalEntry_no_truncate" BEFORE TRUNCATE ON "SocietyJournalEntry" FOR EACH STATEMENT EXECUTE FUNCTION "society_journal_no_truncate"();
CREATE TRIGGER "SocietyJournalLine_no_truncate" BEFORE TRUNCATE ON "SocietyJournalLine" FOR EACH STATEMENT EXECUTE FUNCTION "society_journal_no_truncate"();

-- A closed period: an entry dated on or before the closing day is refused (a restore reposting its records says so with
-- the purge setting; pg_restore loads data before it creates triggers). The society's row is read with a key-share
-- lock: a closing in progress (which holds it FOR UPDATE) is waited for and its new date seen.
CREATE FUNCTION "society_journal_period_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed_through date;
BEGIN
  SELECT "booksClosedThrough" INTO closed_through FROM "Society" WHERE "id" = NEW."societyId" FOR KEY SHARE;
  IF closed_through IS NOT NULL AND NEW."date" <= closed_through
     AND current_setting('rinbondhu.books_purge', true) IS DISTINCT FROM NEW."societyId" THEN
    RAISE EXCEPTION 'the books of society % are closed through %', NEW."societyId", closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_period_closed';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "SocietyJournalEntry_period_open" BEFORE INSERT ON "SocietyJournalEntry" FOR EACH ROW EXECUTE FUNCTION "society_journal_period_open"();

-- Books are closed forward only.
CREATE FUNCTION "society_books_close_forward"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."booksClosedThrough" IS NOT NULL AND (NEW."booksClosedThrough" IS NULL OR NEW."booksClosedThrough" < OLD."booksClosedThrough")
     AND current_setting('rinbondhu.books_purge', true) IS DISTINCT FROM OLD."id" THEN
    RAISE EXCEPTION 'a closed period is never opened again' USING ERRCODE = 'check_violation', CONSTRAINT = 'Society_books_closed_forward';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Society_books_closed_forward" BEFORE UPDATE OF "booksClosedThrough" ON "Society" FOR EACH ROW EXECUTE FUNCTION "society_books_close_forward"();

-- ---------------------------------------------------------------------------------------------------------------------
-- Posting rules in one place, used by the application (lib/society/books/posting.ts) and by this migration and a restore.

-- The system accounts of a society, created on first use; income and expense categories by their name.
CREATE FUNCTION "society_account"(p_society text, p_kind "SocietyAccountKind", p_name text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  found_id text;
  account_code text;
  account_type "SocietyAccountType";
BEGIN
  SELECT "id" INTO found_id FROM "SocietyAccount"
    WHERE "societyId" = p_society AND "kind" = p_kind AND "name" IS NOT DISTINCT FROM (CASE WHEN p_kind IN ('income_category', 'expense_category') THEN p_name END);
  IF found_id IS NOT NULL THEN RETURN found_id; END IF;
  -- One account of a kind (or category) per society even under concurrency.
  PERFORM pg_advisory_xact_lock(hashtextextended('society-account:' || p_society, 0));
  SELECT "id" INTO found_id FROM "SocietyAccount"
    WHERE "societyId" = p_society AND "kind" = p_kind AND "name" IS NOT DISTINCT FROM (CASE WHEN p_kind IN ('income_category', 'expense_category') THEN p_name END);
  IF found_id IS NOT NULL THEN RETURN found_id; END IF;
  account_type := CASE p_kind
    WHEN 'cash_in_hand' THEN 'asset' WHEN 'worker_cash' THEN 'asset' WHEN 'bank' THEN 'asset' WHEN 'member_loans' THEN 'asset'
    WHEN 'member_savings' THEN 'liability' WHEN 'share_capital' THEN 'equity' WHEN 'reserve' THEN 'equity'
    WHEN 'service_charge_income' THEN 'income' WHEN 'income_category' THEN 'income'
    ELSE 'expense' END;
  IF p_kind IN ('income_category', 'expense_category') THEN
    SELECT (CASE p_kind WHEN 'income_category' THEN '41' ELSE '51' END) || lpad((count(*) + 1)::text, 2, '0') INTO account_code
      FROM "SocietyAccount" WHERE "societyId" = p_society AND "kind" = p_kind;
  ELSE
    account_code := CASE p_kind
      WHEN 'cash_in_hand' THEN '1000' WHEN 'worker_cash' THEN '1010' WHEN 'bank' THEN '1100' WHEN 'member_loans' THEN '1200'
      WHEN 'member_savings' THEN '2000' WHEN 'share_capital' THEN '3000' WHEN 'reserve' THEN '3100'
      WHEN 'service_charge_income' THEN '4000' ELSE '5000' END;
  END IF;
  found_id := 'sa_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO "SocietyAccount" ("id", "societyId", "code", "kind", "type", "name")
    VALUES (found_id, p_society, account_code, p_kind, account_type,
            CASE WHEN p_kind IN ('income_category', 'expense_category') THEN p_name END);
  RETURN found_id;
END $$;

-- One entry with its lines: [{"kind": "...", "name": null|"...", "member": id|null, "worker": id|null, "amount": n}];
-- zero lines are left out, and nothing is posted when none is left. Returns the entry's id (or NULL).
CREATE FUNCTION "society_post"(p_society text, p_date date, p_kind "SocietyJournalKind", p_source_type text, p_source_id text,
                               p_lines jsonb, p_created_by text DEFAULT NULL, p_reverses text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  entry_id text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l WHERE (l ->> 'amount')::int <> 0) THEN RETURN NULL; END IF;
  entry_id := 'je_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO "SocietyJournalEntry" ("id", "societyId", "date", "kind", "sourceType", "sourceId", "reversesId", "createdById")
    VALUES (entry_id, p_society, p_date, p_kind, p_source_type, p_source_id, p_reverses, p_created_by);
  -- All the lines in one statement: the balance trigger checks them together.
  INSERT INTO "SocietyJournalLine" ("id", "entryId", "societyId", "accountId", "memberId", "workerId", "amount", "date")
    SELECT 'jl_' || replace(gen_random_uuid()::text, '-', ''), entry_id, p_society,
           "society_account"(p_society, (l ->> 'kind')::"SocietyAccountKind", l ->> 'name'),
           l ->> 'member', l ->> 'worker', (l ->> 'amount')::int, p_date
    FROM jsonb_array_elements(p_lines) l
    WHERE (l ->> 'amount')::int <> 0;
  RETURN entry_id;
END $$;

-- A member's collection: the worker holds the cash; the instalment lowers the member's loan, the savings raise theirs.
-- `p_sign` -1 takes a collection back (a sheet row removed or lowered).
CREATE FUNCTION "society_collection_lines"(p_member text, p_worker text, p_installment int, p_savings int, p_sign int DEFAULT 1) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'worker_cash', 'worker', p_worker, 'amount', p_sign * (p_installment + p_savings)),
    jsonb_build_object('kind', 'member_loans', 'member', p_member, 'amount', -p_sign * p_installment),
    jsonb_build_object('kind', 'member_savings', 'member', p_member, 'amount', -p_sign * p_savings))
$$;

-- Income into cash in hand from its category; an expense (salaries apart) out of it.
CREATE FUNCTION "society_income_expense_lines"(p_type "IncomeExpenseType", p_category text, p_amount int, p_is_salary boolean) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_type = 'income' THEN jsonb_build_array(
      jsonb_build_object('kind', 'cash_in_hand', 'amount', p_amount),
      jsonb_build_object('kind', 'income_category', 'name', p_category, 'amount', -p_amount))
    ELSE jsonb_build_array(
      jsonb_build_object('kind', CASE WHEN p_is_salary THEN 'salaries' ELSE 'expense_category' END, 'name', CASE WHEN p_is_salary THEN NULL ELSE p_category END, 'amount', p_amount),
      jsonb_build_object('kind', 'cash_in_hand', 'amount', -p_amount)) END
$$;

-- A loan given to a member from the society's cash.
CREATE FUNCTION "society_member_loan_lines"(p_member text, p_amount int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'member_loans', 'member', p_member, 'amount', p_amount),
    jsonb_build_object('kind', 'cash_in_hand', 'amount', -p_amount))
$$;

-- Cash a worker handed over: into cash in hand, out of the worker's.
CREATE FUNCTION "society_handover_lines"(p_worker text, p_amount int) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_array(
    jsonb_build_object('kind', 'cash_in_hand', 'amount', p_amount),
    jsonb_build_object('kind', 'worker_cash', 'worker', p_worker, 'amount', -p_amount))
$$;

-- Every record of a society that moves money, posted: members' loans, collections, income and expenses (salaries
-- among them), confirmed cash handovers. Run by this migration for today's societies and after a restore.
CREATE FUNCTION "society_books_post_records"(p_society text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  posted int := 0;
  r record;
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
  RETURN posted;
END $$;

-- A restore replacing a society's records: its journal goes (the one deletion the immutability trigger allows, named
-- for this society and this transaction only), to be posted again from the restored records.
CREATE FUNCTION "society_books_purge"(p_society text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('rinbondhu.books_purge', p_society, true);
  DELETE FROM "SocietyJournalLine" WHERE "societyId" = p_society;
  DELETE FROM "SocietyJournalEntry" WHERE "societyId" = p_society;
  PERFORM set_config('rinbondhu.books_purge', '', true);
END $$;

-- After a restore: the restored records posted again, closed periods included (they were posted before).
CREATE FUNCTION "society_books_repost"(p_society text) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  posted int;
BEGIN
  PERFORM set_config('rinbondhu.books_purge', p_society, true);
  posted := "society_books_post_records"(p_society);
  PERFORM set_config('rinbondhu.books_purge', '', true);
  RETURN posted;
END $$;

-- Today's societies open with their books.
SELECT "society_books_post_records"("id") FROM "Society";
