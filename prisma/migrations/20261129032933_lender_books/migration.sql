-- CreateEnum
CREATE TYPE "LenderAccountType" AS ENUM ('asset', 'liability', 'equity', 'income', 'expense');

-- CreateEnum
CREATE TYPE "LenderAccountKind" AS ENUM ('cash_in_hand', 'bkash', 'nagad', 'rocket', 'bank', 'card', 'loan_portfolio', 'interest_receivable', 'late_fee_receivable', 'loan_loss_reserve', 'interest_income', 'late_fee_income', 'recovery_income', 'provision_expense', 'inter_branch', 'capital', 'other');

-- CreateEnum
CREATE TYPE "LenderJournalKind" AS ENUM ('disbursement', 'repayment', 'branch_move', 'interest_accrual', 'provision', 'write_off', 'recovery', 'reversal');

-- AlterTable
ALTER TABLE "Office" ADD COLUMN     "booksClosedAt" TIMESTAMP(3),
ADD COLUMN     "booksClosedThrough" DATE;

-- AlterTable
ALTER TABLE "Loan" ADD COLUMN     "disbursementMethod" "PaymentMethod";

-- CreateTable
CREATE TABLE "LenderAccount" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "LenderAccountKind" NOT NULL,
    "type" "LenderAccountType" NOT NULL,
    "parentId" TEXT,
    "labelBn" TEXT,
    "labelEn" TEXT,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LenderAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LenderJournalEntry" (
    "id" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "kind" "LenderJournalKind" NOT NULL,
    "sourceType" TEXT,
    "sourceId" TEXT,
    "loanId" TEXT,
    "reversesId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,
    "voucher" SERIAL NOT NULL,

    CONSTRAINT "LenderJournalEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LenderJournalLine" (
    "id" TEXT NOT NULL,
    "entryId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "voucher" INTEGER NOT NULL,

    CONSTRAINT "LenderJournalLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LenderAccountDay" (
    "accountId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "debit" BIGINT NOT NULL DEFAULT 0,
    "credit" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "LenderAccountDay_pkey" PRIMARY KEY ("accountId","branchId","date")
);

-- CreateIndex
CREATE UNIQUE INDEX "LenderAccount_code_key" ON "LenderAccount"("code");

-- CreateIndex
CREATE UNIQUE INDEX "LenderAccount_one_default_per_kind" ON "LenderAccount"("kind") WHERE ("isDefault");

-- CreateIndex
CREATE UNIQUE INDEX "LenderJournalEntry_reversesId_key" ON "LenderJournalEntry"("reversesId");

-- CreateIndex
CREATE UNIQUE INDEX "LenderJournalEntry_voucher_key" ON "LenderJournalEntry"("voucher");

-- CreateIndex
CREATE INDEX "LenderJournalEntry_date_voucher_idx" ON "LenderJournalEntry"("date", "voucher");

-- CreateIndex
CREATE INDEX "LenderJournalEntry_loanId_date_idx" ON "LenderJournalEntry"("loanId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "LenderJournalEntry_sourceType_sourceId_kind_key" ON "LenderJournalEntry"("sourceType", "sourceId", "kind");

-- CreateIndex
CREATE INDEX "LenderJournalLine_entryId_idx" ON "LenderJournalLine"("entryId");

-- CreateIndex
CREATE INDEX "LenderJournalLine_accountId_date_voucher_id_idx" ON "LenderJournalLine"("accountId", "date", "voucher", "id");

-- CreateIndex
CREATE INDEX "LenderJournalLine_branchId_accountId_date_voucher_id_idx" ON "LenderJournalLine"("branchId", "accountId", "date", "voucher", "id");

-- CreateIndex
CREATE INDEX "LenderJournalLine_branchId_date_entryId_idx" ON "LenderJournalLine"("branchId", "date", "entryId");

-- CreateIndex
CREATE INDEX "LenderAccountDay_branchId_date_idx" ON "LenderAccountDay"("branchId", "date");

-- AddForeignKey
ALTER TABLE "LenderAccount" ADD CONSTRAINT "LenderAccount_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderJournalEntry" ADD CONSTRAINT "LenderJournalEntry_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderJournalEntry" ADD CONSTRAINT "LenderJournalEntry_reversesId_fkey" FOREIGN KEY ("reversesId") REFERENCES "LenderJournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderJournalLine" ADD CONSTRAINT "LenderJournalLine_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LenderJournalEntry"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderJournalLine" ADD CONSTRAINT "LenderJournalLine_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderJournalLine" ADD CONSTRAINT "LenderJournalLine_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LenderAccountDay" ADD CONSTRAINT "LenderAccountDay_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- =====================================================================================================================
-- One ledger mechanism under every book (decision 0263). The balance check, immutability, the period close, closing
-- forward only, and the daily running totals are each one function, used by a society's books and by the lender's
-- general ledger alike; a book's triggers name its own tables and constraint names in the trigger's arguments.

-- Every entry's lines add up to zero, at least two, all written in one statement (none added to an entry later).
-- AFTER INSERT … FOR EACH STATEMENT with the statement's lines as `new_lines`. Argument: the constraint name reported.
CREATE FUNCTION "ledger_lines_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  EXECUTE format($q$
    SELECT n."entryId", sum(l."amount") AS total, count(l.*) AS all_lines, max(n.lines) AS new_lines
    FROM (SELECT "entryId", count(*) AS lines FROM new_lines GROUP BY "entryId") n
    JOIN %I l ON l."entryId" = n."entryId"
    GROUP BY n."entryId"
    HAVING sum(l."amount") <> 0 OR count(l.*) <> max(n.lines) OR count(l.*) < 2
    LIMIT 1$q$, TG_TABLE_NAME) INTO bad;
  IF bad."entryId" IS NOT NULL THEN
    RAISE EXCEPTION 'journal entry % is not balanced (debits minus credits: %, lines: %, written together: %)', bad."entryId", bad.total, bad.all_lines, bad.new_lines
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;

-- Posted money is never edited or deleted. Arguments: the constraint name; optionally the column naming the book whose
-- restore may remove its whole journal (a society's: society_books_purging says whether one is under way).
CREATE FUNCTION "ledger_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_NARGS > 1 AND "society_books_purging"(to_jsonb(OLD) ->> TG_ARGV[1]) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'journal entries are never edited or deleted: post a reversal' USING ERRCODE = 'restrict_violation', CONSTRAINT = TG_ARGV[0];
END $$;

CREATE FUNCTION "ledger_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'journal entries are never deleted' USING ERRCODE = 'restrict_violation', CONSTRAINT = TG_ARGV[0];
END $$;

-- A closed period: a row dated on or before its book's closing day is refused. Arguments: the constraint name, the
-- table holding "booksClosedThrough", the row's column naming that table's row, and what the book is called in the
-- message ("society", "branch"). The book's row is read with a key-share lock: a closing in progress (FOR UPDATE) is
-- waited for and its new date seen. A society's restore reposting its records is let through.
CREATE FUNCTION "ledger_period_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  book text := to_jsonb(NEW) ->> TG_ARGV[2];
  closed_through date;
BEGIN
  EXECUTE format('SELECT "booksClosedThrough" FROM %I WHERE "id" = $1 FOR KEY SHARE', TG_ARGV[1]) INTO closed_through USING book;
  IF closed_through IS NOT NULL AND NEW."date" <= closed_through AND NOT "society_books_purging"(book) THEN
    RAISE EXCEPTION 'the books of % % are closed through %', TG_ARGV[3], book, closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NEW;
END $$;

-- Books are closed forward only. Argument: the constraint name. (A society's restore may set its closing day again.)
CREATE FUNCTION "ledger_close_forward"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."booksClosedThrough" IS NOT NULL AND (NEW."booksClosedThrough" IS NULL OR NEW."booksClosedThrough" < OLD."booksClosedThrough")
     AND NOT "society_books_purging"(OLD."id") THEN
    RAISE EXCEPTION 'a closed period is never opened again' USING ERRCODE = 'check_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NEW;
END $$;

-- The running totals per account, sub-key and day, added by each statement that posts lines (lines are never edited,
-- so adding is all there is). Arguments: the totals table and the lines' column that is its sub-key (a society's
-- worker, the lender's branch; an empty string for none). Runs as its owner: the runtime role only reads the totals.
CREATE FUNCTION "ledger_account_days_add"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
BEGIN
  -- Only the journals' own lines: a trigger on any other table (a temporary one made to look alike) adds nothing.
  IF TG_TABLE_NAME NOT IN ('SocietyJournalLine', 'LenderJournalLine') OR TG_TABLE_SCHEMA <> current_schema() THEN
    RAISE EXCEPTION 'the running totals are kept from the journals'' lines only' USING ERRCODE = 'insufficient_privilege';
  END IF;
  EXECUTE format($q$
    INSERT INTO %1$I ("accountId", %2$I, "date", "debit", "credit")
    SELECT "accountId", coalesce(%2$I, ''), "date", sum(GREATEST("amount", 0)), sum(GREATEST(-"amount", 0))
    FROM new_lines GROUP BY 1, 2, 3
    ON CONFLICT ("accountId", %2$I, "date") DO UPDATE
      SET "debit" = %1$I."debit" + EXCLUDED."debit", "credit" = %1$I."credit" + EXCLUDED."credit"$q$, TG_ARGV[0], TG_ARGV[1]);
  RETURN NULL;
END $$;

-- Nobody but the owner may attach it to a table of their own.
REVOKE EXECUTE ON FUNCTION "ledger_account_days_add"() FROM PUBLIC;

-- The running totals are written only by the lines' trigger above. Arguments: the constraint name; optionally the
-- accounts table and its column naming the book whose restore removes its totals with its journal (a society's).
CREATE FUNCTION "ledger_days_derived"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  book text;
BEGIN
  -- Inside another trigger: the lines' trigger adding its statement's lines, or a cascade from a deleted account.
  IF pg_trigger_depth() > 1 THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' AND TG_NARGS > 2 THEN
    EXECUTE format('SELECT %I FROM %I WHERE "id" = $1', TG_ARGV[2], TG_ARGV[1]) INTO book USING OLD."accountId";
    IF "society_books_purging"(book) THEN RETURN OLD; END IF;
  END IF;
  RAISE EXCEPTION '% is kept by the journal: post an entry (or a reversal) instead', TG_TABLE_NAME USING ERRCODE = 'restrict_violation', CONSTRAINT = TG_ARGV[0];
END $$;

-- ---------------------------------------------------------------------------------------------------------------------
-- A society's books move onto the shared functions (same trigger names, constraint names and refusals).
DROP TRIGGER "SocietyJournalLine_balanced" ON "SocietyJournalLine";
CREATE TRIGGER "SocietyJournalLine_balanced" AFTER INSERT ON "SocietyJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "ledger_lines_balanced"('SocietyJournalEntry_balanced');
DROP TRIGGER "SocietyJournalEntry_immutable" ON "SocietyJournalEntry";
CREATE TRIGGER "SocietyJournalEntry_immutable" BEFORE UPDATE OR DELETE ON "SocietyJournalEntry" FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"('SocietyJournal_immutable', 'societyId');
DROP TRIGGER "SocietyJournalLine_immutable" ON "SocietyJournalLine";
CREATE TRIGGER "SocietyJournalLine_immutable" BEFORE UPDATE OR DELETE ON "SocietyJournalLine" FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"('SocietyJournal_immutable', 'societyId');
DROP TRIGGER "SocietyJournalEntry_no_truncate" ON "SocietyJournalEntry";
CREATE TRIGGER "SocietyJournalEntry_no_truncate" BEFORE TRUNCATE ON "SocietyJournalEntry" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('SocietyJournal_immutable');
DROP TRIGGER "SocietyJournalLine_no_truncate" ON "SocietyJournalLine";
CREATE TRIGGER "SocietyJournalLine_no_truncate" BEFORE TRUNCATE ON "SocietyJournalLine" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('SocietyJournal_immutable');
DROP TRIGGER "SocietyAccountDay_no_truncate" ON "SocietyAccountDay";
CREATE TRIGGER "SocietyAccountDay_no_truncate" BEFORE TRUNCATE ON "SocietyAccountDay" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('SocietyAccountDay_derived');
DROP TRIGGER "SocietyJournalEntry_period_open" ON "SocietyJournalEntry";
CREATE TRIGGER "SocietyJournalEntry_period_open" BEFORE INSERT ON "SocietyJournalEntry" FOR EACH ROW EXECUTE FUNCTION "ledger_period_open"('SocietyJournalEntry_period_closed', 'Society', 'societyId', 'society');
DROP TRIGGER "Society_books_closed_forward" ON "Society";
CREATE TRIGGER "Society_books_closed_forward" BEFORE UPDATE OF "booksClosedThrough" ON "Society" FOR EACH ROW EXECUTE FUNCTION "ledger_close_forward"('Society_books_closed_forward');
DROP TRIGGER "SocietyJournalLine_account_days" ON "SocietyJournalLine";
CREATE TRIGGER "SocietyJournalLine_account_days" AFTER INSERT ON "SocietyJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_days_add"('SocietyAccountDay', 'workerId');
DROP TRIGGER "SocietyAccountDay_derived" ON "SocietyAccountDay";
CREATE TRIGGER "SocietyAccountDay_derived" BEFORE INSERT OR UPDATE OR DELETE ON "SocietyAccountDay" FOR EACH ROW EXECUTE FUNCTION "ledger_days_derived"('SocietyAccountDay_derived', 'SocietyAccount', 'societyId');
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_immutable";
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_no_truncate";
ALTER TABLE "SocietyJournalLine" ENABLE ALWAYS TRIGGER "SocietyJournalLine_immutable";
ALTER TABLE "SocietyJournalLine" ENABLE ALWAYS TRIGGER "SocietyJournalLine_no_truncate";
ALTER TABLE "SocietyAccountDay" ENABLE ALWAYS TRIGGER "SocietyAccountDay_derived";
ALTER TABLE "SocietyAccountDay" ENABLE ALWAYS TRIGGER "SocietyAccountDay_no_truncate";
DROP FUNCTION "society_journal_balanced"();
DROP FUNCTION "society_journal_immutable"();
DROP FUNCTION "society_journal_no_truncate"();
DROP FUNCTION "society_journal_period_open"();
DROP FUNCTION "society_books_close_forward"();
DROP FUNCTION "society_account_days_add"();
DROP FUNCTION "society_account_days_guard"();

-- ---------------------------------------------------------------------------------------------------------------------
-- The lender's general ledger on the same functions.
CREATE TRIGGER "LenderJournalLine_balanced" AFTER INSERT ON "LenderJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "ledger_lines_balanced"('LenderJournalEntry_balanced');
CREATE TRIGGER "LenderJournalEntry_immutable" BEFORE UPDATE OR DELETE ON "LenderJournalEntry" FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"('LenderJournal_immutable');
CREATE TRIGGER "LenderJournalLine_immutable" BEFORE UPDATE OR DELETE ON "LenderJournalLine" FOR EACH ROW EXECUTE FUNCTION "ledger_immutable"('LenderJournal_immutable');
CREATE TRIGGER "LenderJournalEntry_no_truncate" BEFORE TRUNCATE ON "LenderJournalEntry" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('LenderJournal_immutable');
CREATE TRIGGER "LenderJournalLine_no_truncate" BEFORE TRUNCATE ON "LenderJournalLine" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('LenderJournal_immutable');
CREATE TRIGGER "LenderAccountDay_no_truncate" BEFORE TRUNCATE ON "LenderAccountDay" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_no_truncate"('LenderAccountDay_derived');
-- The lender closes its books per branch (the screen closes every branch through one day): a line's branch decides.
CREATE TRIGGER "LenderJournalLine_period_open" BEFORE INSERT ON "LenderJournalLine" FOR EACH ROW EXECUTE FUNCTION "ledger_period_open"('LenderJournalLine_period_closed', 'Office', 'branchId', 'branch');
CREATE TRIGGER "Office_books_closed_forward" BEFORE UPDATE OF "booksClosedThrough" ON "Office" FOR EACH ROW EXECUTE FUNCTION "ledger_close_forward"('Office_books_closed_forward');
-- A branch opened after a closing starts closed through the same day as the others: a backdated payment of a loan
-- moved to it cannot reopen a period the head office closed.
CREATE FUNCTION "office_books_closed_like_the_others"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."level" = 'branch' AND NEW."booksClosedThrough" IS NULL THEN
    NEW."booksClosedThrough" := (SELECT max("booksClosedThrough") FROM "Office" WHERE "level" = 'branch');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Office_books_closed_like_the_others" BEFORE INSERT ON "Office" FOR EACH ROW EXECUTE FUNCTION "office_books_closed_like_the_others"();

-- Whether the running totals equal the lines, per account, branch and day: the rows that differ (none in sound books).
CREATE FUNCTION "lender_account_days_drift"() RETURNS TABLE ("accountId" text, "branchId" text, "date" date, "debit" bigint, "credit" bigint, "linesDebit" bigint, "linesCredit" bigint)
LANGUAGE sql STABLE AS $$
  WITH lines AS (
    SELECT l."accountId", l."branchId", l."date", sum(GREATEST(l."amount", 0))::bigint AS debit, sum(GREATEST(-l."amount", 0))::bigint AS credit
    FROM "LenderJournalLine" l GROUP BY 1, 2, 3
  )
  SELECT coalesce(d."accountId", l."accountId"), coalesce(d."branchId", l."branchId"), coalesce(d."date", l."date"), coalesce(d."debit", 0), coalesce(d."credit", 0), coalesce(l.debit, 0), coalesce(l.credit, 0)
  FROM "LenderAccountDay" d FULL JOIN lines l ON l."accountId" = d."accountId" AND l."branchId" = d."branchId" AND l."date" = d."date"
  WHERE coalesce(d."debit", 0) <> coalesce(l.debit, 0) OR coalesce(d."credit", 0) <> coalesce(l.credit, 0)
$$;
CREATE TRIGGER "LenderJournalLine_account_days" AFTER INSERT ON "LenderJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_days_add"('LenderAccountDay', 'branchId');
CREATE TRIGGER "LenderAccountDay_derived" BEFORE INSERT OR UPDATE OR DELETE ON "LenderAccountDay" FOR EACH ROW EXECUTE FUNCTION "ledger_days_derived"('LenderAccountDay_derived');
ALTER TABLE "LenderJournalEntry" ENABLE ALWAYS TRIGGER "LenderJournalEntry_immutable";
ALTER TABLE "LenderJournalEntry" ENABLE ALWAYS TRIGGER "LenderJournalEntry_no_truncate";
ALTER TABLE "LenderJournalLine" ENABLE ALWAYS TRIGGER "LenderJournalLine_immutable";
ALTER TABLE "LenderJournalLine" ENABLE ALWAYS TRIGGER "LenderJournalLine_no_truncate";
ALTER TABLE "LenderAccountDay" ENABLE ALWAYS TRIGGER "LenderAccountDay_derived";
ALTER TABLE "LenderAccountDay" ENABLE ALWAYS TRIGGER "LenderAccountDay_no_truncate";

-- A line of the lender's books: not zero, dated as its entry, in a branch of the office tree.
CREATE FUNCTION "lender_journal_line_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amount" = 0 THEN
    RAISE EXCEPTION 'a journal line cannot be zero' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderJournalLine_valid';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "LenderJournalEntry" WHERE "id" = NEW."entryId" AND "date" = NEW."date" AND "voucher" = NEW."voucher") THEN
    RAISE EXCEPTION 'a journal line carries its entry''s date and voucher' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderJournalLine_valid';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM "Office" WHERE "id" = NEW."branchId" AND "level" = 'branch') THEN
    RAISE EXCEPTION 'a line of the lender''s books is in a branch' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderJournalLine_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "LenderJournalLine_valid" BEFORE INSERT ON "LenderJournalLine" FOR EACH ROW EXECUTE FUNCTION "lender_journal_line_valid"();

-- A sub-account is of its parent's type; a system account's kind decides its type.
CREATE FUNCTION "lender_account_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."parentId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LenderAccount" WHERE "id" = NEW."parentId" AND "type" = NEW."type") THEN
    RAISE EXCEPTION 'a sub-account is of its parent''s type' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderAccount_valid';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW."kind" <> OLD."kind" OR NEW."type" <> OLD."type" OR NEW."isDefault" <> OLD."isDefault" OR NEW."code" <> OLD."code") THEN
    RAISE EXCEPTION 'an account''s code, kind and type never change (its lines keep their meaning)' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderAccount_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "LenderAccount_valid" BEFORE INSERT OR UPDATE ON "LenderAccount" FOR EACH ROW EXECUTE FUNCTION "lender_account_valid"();

-- The chart of accounts a lender starts with (configuration, not demo data): one default account per kind.
INSERT INTO "LenderAccount" ("id", "code", "kind", "type", "isDefault") VALUES
  ('la_cash_in_hand', '1000', 'cash_in_hand', 'asset', true),
  ('la_bkash', '1010', 'bkash', 'asset', true),
  ('la_nagad', '1020', 'nagad', 'asset', true),
  ('la_rocket', '1030', 'rocket', 'asset', true),
  ('la_card', '1040', 'card', 'asset', true),
  ('la_bank', '1100', 'bank', 'asset', true),
  ('la_loan_portfolio', '1200', 'loan_portfolio', 'asset', true),
  ('la_interest_receivable', '1210', 'interest_receivable', 'asset', true),
  ('la_late_fee_receivable', '1220', 'late_fee_receivable', 'asset', true),
  ('la_loan_loss_reserve', '1290', 'loan_loss_reserve', 'asset', true),
  ('la_inter_branch', '1900', 'inter_branch', 'asset', true),
  ('la_capital', '3000', 'capital', 'equity', true),
  ('la_interest_income', '4000', 'interest_income', 'income', true),
  ('la_late_fee_income', '4010', 'late_fee_income', 'income', true),
  ('la_recovery_income', '4020', 'recovery_income', 'income', true),
  ('la_provision_expense', '5000', 'provision_expense', 'expense', true);

-- ---------------------------------------------------------------------------------------------------------------------
-- Posting rules in one place: the database posts each loan transaction in the transaction that records it, whoever
-- records it (the app, the seed, an import), and this migration posts what was recorded before it.

-- The default account of a kind.
CREATE FUNCTION "lender_account"(p_kind "LenderAccountKind") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "LenderAccount" WHERE "kind" = p_kind AND "isDefault"
$$;

-- The fund account money moves through, by payment method (no method: cash).
CREATE FUNCTION "lender_channel_account"(p_method "PaymentMethod") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "lender_account"(CASE p_method
    WHEN 'bkash' THEN 'bkash' WHEN 'nagad' THEN 'nagad' WHEN 'rocket' THEN 'rocket'
    WHEN 'bank_transfer' THEN 'bank' WHEN 'card' THEN 'card' ELSE 'cash_in_hand' END::"LenderAccountKind")
$$;

-- One entry with its lines: [{"account": id, "branch": id, "amount": n}]; zero lines are left out, and nothing is
-- posted when none is left. Returns the entry's id (or NULL).
CREATE FUNCTION "lender_post"(p_date date, p_kind "LenderJournalKind", p_source_type text, p_source_id text, p_loan text,
                              p_lines jsonb, p_created_by text DEFAULT NULL, p_reverses text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  entry_id text;
  entry_voucher int;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p_lines) l WHERE (l ->> 'amount')::int <> 0) THEN RETURN NULL; END IF;
  entry_id := 'lj_' || replace(gen_random_uuid()::text, '-', '');
  INSERT INTO "LenderJournalEntry" ("id", "date", "kind", "sourceType", "sourceId", "loanId", "reversesId", "createdById")
    VALUES (entry_id, p_date, p_kind, p_source_type, p_source_id, p_loan, p_reverses, p_created_by)
    RETURNING "voucher" INTO entry_voucher;
  -- All the lines in one statement: the balance trigger checks them together.
  INSERT INTO "LenderJournalLine" ("id", "entryId", "accountId", "branchId", "amount", "date", "voucher")
    SELECT 'jl_' || replace(gen_random_uuid()::text, '-', ''), entry_id, l ->> 'account', l ->> 'branch', (l ->> 'amount')::int, p_date, entry_voucher
    FROM jsonb_array_elements(p_lines) l WHERE (l ->> 'amount')::int <> 0;
  RETURN entry_id;
END $$;

-- A disbursement: the loan portfolio takes the amount paid out through its channel (the loan's disbursementMethod;
-- loans disbursed before it was asked: the bank when a bank account was given, else cash), in the loan's branch (or the
-- one it had then, for the backfill below), on the day it went out (Asia/Dhaka).
CREATE FUNCTION "lender_post_disbursement"(p_loan text, p_branch text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  loan record;
  branch text;
BEGIN
  SELECT "id", "branchId", "disbursedAmount", "disbursedAt", "disbursedById", "disbursementBankAccount", "disbursementMethod" INTO loan FROM "Loan" WHERE "id" = p_loan;
  IF loan."disbursedAt" IS NULL THEN RETURN NULL; END IF;
  IF coalesce(loan."disbursedAmount", 0) <= 0 THEN
    RAISE EXCEPTION 'loan % is disbursed without an amount to post', p_loan USING ERRCODE = 'check_violation', CONSTRAINT = 'Loan_disbursement_posted';
  END IF;
  branch := coalesce(p_branch, loan."branchId");
  RETURN "lender_post"(((loan."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date, 'disbursement', 'Loan', loan."id", loan."id",
    jsonb_build_array(
      jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', branch, 'amount', loan."disbursedAmount"),
      jsonb_build_object('account', "lender_channel_account"(coalesce(loan."disbursementMethod",
                           CASE WHEN nullif(btrim(loan."disbursementBankAccount"), '') IS NOT NULL THEN 'bank_transfer'::"PaymentMethod" ELSE 'cash'::"PaymentMethod" END)),
                         'branch', branch, 'amount', -loan."disbursedAmount")),
    loan."disbursedById");
END $$;

-- A payment: its channel takes the amount; its allocation (fee, interest, principal, summed over the instalments it
-- paid) goes to late-fee income, interest income and the loan portfolio, in the branch that received it, on its day.
-- The amount must equal its allocation (the balance check refuses anything else).
CREATE FUNCTION "lender_post_payment"(p_payment text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  payment record;
  parts record;
BEGIN
  SELECT "id", "loanId", "amount", "method", "paymentDate", "receivedAtBranchId", "collectedById", "status" INTO payment FROM "LoanPayment" WHERE "id" = p_payment;
  IF payment."status" <> 'completed' THEN RETURN NULL; END IF;
  SELECT coalesce(sum("lateFee"), 0) AS fee, coalesce(sum("interest"), 0) AS interest, coalesce(sum("principal"), 0) AS principal INTO parts
    FROM "LoanPaymentAllocation" WHERE "paymentId" = p_payment;
  RETURN "lender_post"(payment."paymentDate", 'repayment', 'LoanPayment', payment."id", payment."loanId",
    jsonb_build_array(
      jsonb_build_object('account', "lender_channel_account"(payment."method"), 'branch', payment."receivedAtBranchId", 'amount', payment."amount"),
      jsonb_build_object('account', "lender_account"('late_fee_income'), 'branch', payment."receivedAtBranchId", 'amount', -parts.fee),
      jsonb_build_object('account', "lender_account"('interest_income'), 'branch', payment."receivedAtBranchId", 'amount', -parts.interest),
      jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', payment."receivedAtBranchId", 'amount', -parts.principal)),
    payment."collectedById");
END $$;

-- A disbursed loan moved to another branch takes its principal outstanding on the books with it: the old branch's
-- portfolio goes down and the new one's up, each against the inter-branch account (which adds up to zero lender-wide).
-- Dated today, or the move's day for the backfill below.
CREATE FUNCTION "lender_post_branch_move"(p_loan text, p_from text, p_to text, p_date date DEFAULT NULL, p_source text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  outstanding int;
BEGIN
  SELECT coalesce(sum(l."amount"), 0) INTO outstanding
    FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId"
    WHERE e."loanId" = p_loan AND l."accountId" = "lender_account"('loan_portfolio') AND l."branchId" = p_from;
  RETURN "lender_post"(coalesce(p_date, (now() AT TIME ZONE 'Asia/Dhaka')::date), 'branch_move', 'LoanBranchMove',
    coalesce(p_source, p_loan || ':' || p_from || ':' || p_to || ':' || txid_current()::text), p_loan,
    jsonb_build_array(
      jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', p_to, 'amount', outstanding),
      jsonb_build_object('account', "lender_account"('inter_branch'), 'branch', p_to, 'amount', -outstanding),
      jsonb_build_object('account', "lender_account"('inter_branch'), 'branch', p_from, 'amount', outstanding),
      jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', p_from, 'amount', -outstanding)));
END $$;

CREATE FUNCTION "loan_books_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."disbursedAt" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."disbursedAt" IS NULL) THEN
    PERFORM "lender_post_disbursement"(NEW."id");
  ELSIF TG_OP = 'UPDATE' AND NEW."branchId" IS DISTINCT FROM OLD."branchId" AND NEW."disbursedAt" IS NOT NULL THEN
    PERFORM "lender_post_branch_move"(NEW."id", OLD."branchId", NEW."branchId");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "Loan_books_post" AFTER INSERT OR UPDATE OF "disbursedAt", "branchId" ON "Loan" FOR EACH ROW EXECUTE FUNCTION "loan_books_post"();

-- A payment's allocation rows go in with one statement (lib/repayments/service.ts): that statement posts the payment.
-- A second statement adding allocations to a posted payment is refused (one posting per payment: the unique index).
CREATE FUNCTION "loan_payment_books_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  FOR p IN SELECT DISTINCT "paymentId" FROM new_allocations ORDER BY 1 LOOP
    PERFORM "lender_post_payment"(p."paymentId");
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER "LoanPaymentAllocation_books_post" AFTER INSERT ON "LoanPaymentAllocation"
  REFERENCING NEW TABLE AS new_allocations FOR EACH STATEMENT EXECUTE FUNCTION "loan_payment_books_post"();

-- What was recorded before the books existed, posted in the order it happened: each disbursement in the branch the
-- loan had then (before its first move after it, if any), each payment where it was received, and each move of a
-- disbursed loan between branches on its day, so every branch's portfolio is its loans' principal outstanding.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT 'disbursement' AS what, l."id", NULL::text AS "from", NULL::text AS "to",
           ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date AS day, l."disbursedAt" AS at,
           coalesce((SELECT m."fromBranchId" FROM "LoanBranchMove" m WHERE m."loanId" = l."id" AND m."movedAt" > l."disbursedAt" ORDER BY m."movedAt" LIMIT 1), l."branchId") AS branch
    FROM "Loan" l WHERE l."disbursedAt" IS NOT NULL
    UNION ALL
    SELECT 'payment', p."id", NULL, NULL, p."paymentDate", p."createdAt", NULL
    FROM "LoanPayment" p WHERE p."status" = 'completed' AND EXISTS (SELECT 1 FROM "LoanPaymentAllocation" a WHERE a."paymentId" = p."id")
    UNION ALL
    SELECT 'move', m."id", m."fromBranchId", m."toBranchId", ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date, m."movedAt", m."loanId"
    FROM "LoanBranchMove" m JOIN "Loan" l ON l."id" = m."loanId" WHERE l."disbursedAt" IS NOT NULL AND m."movedAt" > l."disbursedAt"
    ORDER BY at, id
  LOOP
    IF r.what = 'disbursement' THEN PERFORM "lender_post_disbursement"(r."id", r.branch);
    ELSIF r.what = 'payment' THEN PERFORM "lender_post_payment"(r."id");
    ELSE PERFORM "lender_post_branch_move"(r.branch, r."from", r."to", r.day, r."id");
    END IF;
  END LOOP;
END $$;

-- The channel a disbursement went out through is on the books: it never changes afterwards.
CREATE FUNCTION "loan_disbursement_method_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."disbursedAt" IS NOT NULL AND NEW."disbursementMethod" IS DISTINCT FROM OLD."disbursementMethod" THEN
    RAISE EXCEPTION 'a disbursement''s channel is on the books and never changes' USING ERRCODE = 'check_violation', CONSTRAINT = 'Loan_disbursement_method_kept';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Loan_disbursement_method_kept" BEFORE UPDATE OF "disbursementMethod" ON "Loan" FOR EACH ROW EXECUTE FUNCTION "loan_disbursement_method_kept"();
