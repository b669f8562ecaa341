-- The society books' guards that do not depend on who connects (issue 48), and the privileges of the role the running
-- app connects as (docs/deployment: the owner migrates, the runtime role only reads and writes rows).

-- Whether a restore's purge or repost of this society's books is under way: named in the transaction's setting, and
-- running as the owner of the purge function. society_books_purge and society_books_repost run as their owner (SECURITY
-- DEFINER), so a restore through them works for the runtime role, while the runtime role's own DELETE is refused,
-- setting or not. (The functions' owner, not the tables': on a managed server the migrating role may not own a table.)
CREATE FUNCTION "society_books_purging"(p_society text) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('rinbondhu.books_purge', true) = p_society, false)
     AND current_user = (SELECT pg_get_userbyid(p."proowner") FROM pg_proc p WHERE p."oid" = '"society_books_purge"(text)'::regprocedure)
$$;

CREATE OR REPLACE FUNCTION "society_journal_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND "society_books_purging"(OLD."societyId") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'society journal entries are never edited or deleted: post a reversal' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'SocietyJournal_immutable';
END $$;

CREATE OR REPLACE FUNCTION "society_journal_period_open"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed_through date;
BEGIN
  SELECT "booksClosedThrough" INTO closed_through FROM "Society" WHERE "id" = NEW."societyId" FOR KEY SHARE;
  IF closed_through IS NOT NULL AND NEW."date" <= closed_through AND NOT "society_books_purging"(NEW."societyId") THEN
    RAISE EXCEPTION 'the books of society % are closed through %', NEW."societyId", closed_through
      USING ERRCODE = 'check_violation', CONSTRAINT = 'SocietyJournalEntry_period_closed';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION "society_books_close_forward"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."booksClosedThrough" IS NOT NULL AND (NEW."booksClosedThrough" IS NULL OR NEW."booksClosedThrough" < OLD."booksClosedThrough")
     AND NOT "society_books_purging"(OLD."id") THEN
    RAISE EXCEPTION 'a closed period is never opened again' USING ERRCODE = 'check_violation', CONSTRAINT = 'Society_books_closed_forward';
  END IF;
  RETURN NEW;
END $$;

-- A restore replaces a society's records and posts them again: the whole society's journal at once, never an entry,
-- under the society's row lock, and recorded in the audit log by the database itself (what it removed, and as whom).
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
  PERFORM set_config('rinbondhu.books_purge', '', true);
  INSERT INTO "AuditLog" ("id", "actorLabel", "action", "entityType", "entityId", "before", "after")
    VALUES ('al_' || replace(gen_random_uuid()::text, '-', ''), 'System', 'society.books.purge', 'Society', p_society,
            jsonb_build_object('entries', removed.entries, 'lines', removed.lines, 'debits', removed.debits),
            jsonb_build_object('societyId', p_society, 'by', session_user::text));
END $$;
ALTER FUNCTION "society_books_repost"(text) SECURITY DEFINER SET search_path FROM CURRENT;

-- SocietyAccountDay is the journal's running totals: written only by the lines' trigger (which runs as the owner, the
-- runtime role has no write on the table), removed only with the society's journal by a purge. A direct change, by
-- anyone, is refused: the reports read it, so it must never differ from the lines.
ALTER FUNCTION "society_account_days_add"() SECURITY DEFINER SET search_path FROM CURRENT;
CREATE FUNCTION "society_account_days_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Inside another trigger: the lines' trigger adding its statement's lines, or a cascade from a deleted account.
  IF pg_trigger_depth() > 1 THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' AND "society_books_purging"((SELECT "societyId" FROM "SocietyAccount" WHERE "id" = OLD."accountId")) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'SocietyAccountDay is kept by the journal: post an entry (or a reversal) instead' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'SocietyAccountDay_derived';
END $$;
CREATE TRIGGER "SocietyAccountDay_derived" BEFORE INSERT OR UPDATE OR DELETE ON "SocietyAccountDay" FOR EACH ROW EXECUTE FUNCTION "society_account_days_guard"();
CREATE TRIGGER "SocietyAccountDay_no_truncate" BEFORE TRUNCATE ON "SocietyAccountDay" FOR EACH STATEMENT EXECUTE FUNCTION "society_journal_no_truncate"();

-- A session in replica mode (a superuser's) does not switch the books' guards off.
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_immutable";
ALTER TABLE "SocietyJournalEntry" ENABLE ALWAYS TRIGGER "SocietyJournalEntry_no_truncate";
ALTER TABLE "SocietyJournalLine" ENABLE ALWAYS TRIGGER "SocietyJournalLine_immutable";
ALTER TABLE "SocietyJournalLine" ENABLE ALWAYS TRIGGER "SocietyJournalLine_no_truncate";
ALTER TABLE "SocietyAccountDay" ENABLE ALWAYS TRIGGER "SocietyAccountDay_derived";
ALTER TABLE "SocietyAccountDay" ENABLE ALWAYS TRIGGER "SocietyAccountDay_no_truncate";

-- Whether the running totals equal the lines, per account, worker and day: the rows that differ (none in sound books).
-- The readiness check and the society's Books tab ask it.
CREATE FUNCTION "society_account_days_drift"(p_society text DEFAULT NULL) RETURNS TABLE ("accountId" text, "workerId" text, "date" date, "debit" bigint, "credit" bigint, "linesDebit" bigint, "linesCredit" bigint)
LANGUAGE sql STABLE AS $$
  WITH lines AS (
    SELECT l."accountId", coalesce(l."workerId", '') AS "workerId", l."date", sum(GREATEST(l."amount", 0))::bigint AS debit, sum(GREATEST(-l."amount", 0))::bigint AS credit
    FROM "SocietyJournalLine" l WHERE p_society IS NULL OR l."societyId" = p_society
    GROUP BY 1, 2, 3
  ), days AS (
    SELECT d.* FROM "SocietyAccountDay" d JOIN "SocietyAccount" a ON a."id" = d."accountId" WHERE p_society IS NULL OR a."societyId" = p_society
  )
  SELECT coalesce(d."accountId", l."accountId"), coalesce(d."workerId", l."workerId"), coalesce(d."date", l."date"), coalesce(d."debit", 0), coalesce(d."credit", 0), coalesce(l.debit, 0), coalesce(l.credit, 0)
  FROM days d FULL JOIN lines l ON l."accountId" = d."accountId" AND l."workerId" = d."workerId" AND l."date" = d."date"
  WHERE coalesce(d."debit", 0) <> coalesce(l.debit, 0) OR coalesce(d."credit", 0) <> coalesce(l.credit, 0)
$$;

-- The privileges of the role the running app connects as (scripts/db/migrate.ts calls this after every migration run
-- with DATABASE_RUNTIME_ROLE): rows of every table read and written, except what is append-only (the audit log and the
-- journal: read and insert) or derived (the running totals, the migrations' record: read). No TRUNCATE, no DDL (it
-- owns nothing), no way into the purge but the owner's functions.
CREATE FUNCTION "rinbondhu_grant_runtime"(p_role text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  append_only text[] := ARRAY['AuditLog', 'SocietyJournalEntry', 'SocietyJournalLine'];
  read_only text[] := ARRAY['SocietyAccountDay', '_prisma_migrations'];
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), p_role);
  FOR t IN SELECT c."relname" FROM pg_class c WHERE c."relnamespace" = current_schema()::regnamespace AND c."relkind" IN ('r', 'p') LOOP
    EXECUTE format('REVOKE ALL ON TABLE %I FROM %I', t."relname", p_role);
    IF t."relname" = ANY (read_only) THEN
      EXECUTE format('GRANT SELECT ON TABLE %I TO %I', t."relname", p_role);
    ELSIF t."relname" = ANY (append_only) THEN
      EXECUTE format('GRANT SELECT, INSERT ON TABLE %I TO %I', t."relname", p_role);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO %I', t."relname", p_role);
    END IF;
  END LOOP;
  EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', current_schema(), p_role);
  -- The restore's two functions run as their owner: only the runtime role (not every role) may call them.
  EXECUTE format('GRANT EXECUTE ON FUNCTION "society_books_purge"(text), "society_books_repost"(text) TO %I', p_role);
END $$;
