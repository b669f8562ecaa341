-- CreateTable
CREATE TABLE "SocietyAccountDay" (
    "accountId" TEXT NOT NULL,
    "workerId" TEXT NOT NULL DEFAULT '',
    "date" DATE NOT NULL,
    "debit" BIGINT NOT NULL DEFAULT 0,
    "credit" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "SocietyAccountDay_pkey" PRIMARY KEY ("accountId","workerId","date")
);

-- AddForeignKey
ALTER TABLE "SocietyAccountDay" ADD CONSTRAINT "SocietyAccountDay_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "SocietyAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Kept by the database: each statement that posts lines adds them to their account's day (one row per account, worker
-- and day), in the same transaction. Lines are never edited or deleted, so adding is all there is to do.
CREATE FUNCTION "society_account_days_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SocietyAccountDay" ("accountId", "workerId", "date", "debit", "credit")
  SELECT "accountId", coalesce("workerId", ''), "date", sum(GREATEST("amount", 0)), sum(GREATEST(-"amount", 0))
  FROM new_lines GROUP BY "accountId", coalesce("workerId", ''), "date"
  ON CONFLICT ("accountId", "workerId", "date") DO UPDATE
    SET "debit" = "SocietyAccountDay"."debit" + EXCLUDED."debit", "credit" = "SocietyAccountDay"."credit" + EXCLUDED."credit";
  RETURN NULL;
END $$;
CREATE TRIGGER "SocietyJournalLine_account_days" AFTER INSERT ON "SocietyJournalLine"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "society_account_days_add"();

-- A restore's purge takes the society's days with its journal.
CREATE OR REPLACE FUNCTION "society_books_purge"(p_society text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('rinbondhu.books_purge', p_society, true);
  DELETE FROM "SocietyJournalLine" WHERE "societyId" = p_society;
  DELETE FROM "SocietyJournalEntry" WHERE "societyId" = p_society;
  DELETE FROM "SocietyAccountDay" d USING "SocietyAccount" a WHERE a."id" = d."accountId" AND a."societyId" = p_society;
  PERFORM set_config('rinbondhu.books_purge', '', true);
END $$;

-- What was posted before this migration.
INSERT INTO "SocietyAccountDay" ("accountId", "workerId", "date", "debit", "credit")
SELECT "accountId", coalesce("workerId", ''), "date", sum(GREATEST("amount", 0)), sum(GREATEST(-"amount", 0))
FROM "SocietyJournalLine" GROUP BY "accountId", coalesce("workerId", ''), "date";
