-- CreateEnum
CREATE TYPE "LoanClassificationCategory" AS ENUM ('regular', 'watchful', 'substandard', 'doubtful', 'bad');

-- CreateTable
CREATE TABLE "ProvisioningRule" (
    "category" "LoanClassificationCategory" NOT NULL,
    "minDays" INTEGER NOT NULL,
    "maxDays" INTEGER,
    "percent" DECIMAL(5,2) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "ProvisioningRule_pkey" PRIMARY KEY ("category")
);

-- CreateTable
CREATE TABLE "ProvisioningRun" (
    "id" TEXT NOT NULL,
    "asOf" DATE NOT NULL,
    "ranAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ranById" TEXT,
    "rules" JSONB NOT NULL,
    "entryId" TEXT,

    CONSTRAINT "ProvisioningRun_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanClassification" (
    "runId" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "category" "LoanClassificationCategory" NOT NULL,
    "daysOverdue" INTEGER NOT NULL,
    "base" INTEGER NOT NULL,
    "required" INTEGER NOT NULL,

    CONSTRAINT "LoanClassification_pkey" PRIMARY KEY ("runId","loanId")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProvisioningRun_asOf_key" ON "ProvisioningRun"("asOf");

-- CreateIndex
CREATE UNIQUE INDEX "ProvisioningRun_entryId_key" ON "ProvisioningRun"("entryId");

-- CreateIndex
CREATE INDEX "LoanClassification_loanId_idx" ON "LoanClassification"("loanId");

-- CreateIndex
CREATE INDEX "LoanClassification_runId_branchId_category_idx" ON "LoanClassification"("runId", "branchId", "category");

-- AddForeignKey
ALTER TABLE "LoanClassification" ADD CONSTRAINT "LoanClassification_runId_fkey" FOREIGN KEY ("runId") REFERENCES "ProvisioningRun"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanClassification" ADD CONSTRAINT "LoanClassification_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------------
-- The categories as configuration (decision 0265), seeded with the figures commonly cited for MFIs: regular (not
-- overdue) 1%, watchful (1–30 days) 5%, substandard (31–180) 25%, doubtful (181–365) 75%, bad (over 365) 100%.
INSERT INTO "ProvisioningRule" ("category", "minDays", "maxDays", "percent", "updatedAt") VALUES
  ('regular', 0, 0, 1, CURRENT_TIMESTAMP),
  ('watchful', 1, 30, 5, CURRENT_TIMESTAMP),
  ('substandard', 31, 180, 25, CURRENT_TIMESTAMP),
  ('doubtful', 181, 365, 75, CURRENT_TIMESTAMP),
  ('bad', 366, NULL, 100, CURRENT_TIMESTAMP);

-- The rules cover every day from 0 without a gap or an overlap, in the categories' order, at most 100%: a loan is never
-- skipped by the run nor counted twice.
CREATE FUNCTION "provisioning_rules_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad text;
BEGIN
  SELECT r."category"::text INTO bad FROM (
    SELECT *, lag("maxDays") OVER (ORDER BY "category") AS previous_max, lead("minDays") OVER (ORDER BY "category") AS next_min,
           row_number() OVER (ORDER BY "category") AS n, count(*) OVER () AS total
    FROM "ProvisioningRule"
  ) r
  WHERE r."percent" < 0 OR r."percent" > 100 OR (r."maxDays" IS NOT NULL AND r."maxDays" < r."minDays")
     OR (r.n = 1 AND r."minDays" <> 0) OR (r.n > 1 AND r."minDays" <> r.previous_max + 1)
     OR (r.n = r.total AND r."maxDays" IS NOT NULL) OR (r.n < r.total AND r."maxDays" IS NULL)
  LIMIT 1;
  IF bad IS NOT NULL OR (SELECT count(*) FROM "ProvisioningRule") <> 5 THEN
    RAISE EXCEPTION 'the provisioning rules must cover every day overdue from 0, in order, without a gap or overlap, each at most 100%% (at %)', bad
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ProvisioningRule_valid';
  END IF;
  RETURN NULL;
END $$;
-- Checked after each statement (Prisma's schema engine cannot read a deferred constraint trigger back): a change of the
-- rules is written as one statement.
CREATE TRIGGER "ProvisioningRule_valid" AFTER INSERT OR UPDATE OR DELETE ON "ProvisioningRule"
  FOR EACH STATEMENT EXECUTE FUNCTION "provisioning_rules_valid"();

-- A run and its classifications are history: never changed (a run takes its entry once) nor deleted.
CREATE FUNCTION "provisioning_history_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- (Nested: PL/pgSQL does not promise to stop at the first false condition, and a classification has no entryId.)
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'ProvisioningRun' THEN
    IF OLD."entryId" IS NULL AND NEW."id" = OLD."id" AND NEW."asOf" = OLD."asOf" AND NEW."ranAt" = OLD."ranAt"
       AND NEW."ranById" IS NOT DISTINCT FROM OLD."ranById" AND NEW."rules" = OLD."rules" THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'provisioning runs and loan classifications are history: never changed or deleted' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'Provisioning_immutable';
END $$;
CREATE TRIGGER "ProvisioningRun_immutable" BEFORE UPDATE OR DELETE ON "ProvisioningRun" FOR EACH ROW EXECUTE FUNCTION "provisioning_history_immutable"();
CREATE TRIGGER "LoanClassification_immutable" BEFORE UPDATE OR DELETE ON "LoanClassification" FOR EACH ROW EXECUTE FUNCTION "provisioning_history_immutable"();
ALTER TABLE "ProvisioningRun" ENABLE ALWAYS TRIGGER "ProvisioningRun_immutable";
ALTER TABLE "LoanClassification" ENABLE ALWAYS TRIGGER "LoanClassification_immutable";

-- The month's run (issue 50, point 3), in the caller's transaction: as of a month's last day, months in order, once per
-- month (the unique day: a second run at the same moment waits for the first and is refused). Each disbursed loan with
-- principal outstanding that day is classified by the days overdue of its oldest instalment not covered by payments
-- received by then, and kept as history with the provision its category requires (of the principal outstanding). One
-- entry then brings each branch's loan-loss reserve, as it stood that day, to what its loans require: provision expense
-- against the reserve, or a release the other way round. Returns the run's id.
CREATE FUNCTION "lender_provisioning_run"(p_as_of date, p_by text) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  run_id text := 'pr_' || replace(gen_random_uuid()::text, '-', '');
  lines jsonb;
  entry_id text;
BEGIN
  IF p_as_of <> (date_trunc('month', p_as_of) + interval '1 month - 1 day')::date THEN
    RAISE EXCEPTION 'a provisioning run is as of a month''s last day, not %', p_as_of USING ERRCODE = 'check_violation', CONSTRAINT = 'ProvisioningRun_valid';
  END IF;
  IF p_as_of >= (now() AT TIME ZONE 'Asia/Dhaka')::date THEN
    RAISE EXCEPTION 'a provisioning run is for a month that has ended, not %', p_as_of USING ERRCODE = 'check_violation', CONSTRAINT = 'ProvisioningRun_valid';
  END IF;
  -- One run at a time, whatever its month (two months at once would both start from the same reserve), and the rules
  -- as they are while it runs.
  PERFORM pg_advisory_xact_lock(hashtextextended('lender-provisioning-run', 0));
  PERFORM 1 FROM "ProvisioningRule" FOR SHARE;
  IF EXISTS (SELECT 1 FROM "ProvisioningRun" WHERE "asOf" > p_as_of) THEN
    RAISE EXCEPTION 'provisioning runs go forward: a later month is already run' USING ERRCODE = 'check_violation', CONSTRAINT = 'ProvisioningRun_forward';
  END IF;
  INSERT INTO "ProvisioningRun" ("id", "asOf", "ranById", "rules")
    SELECT run_id, p_as_of, p_by, jsonb_agg(jsonb_build_object('category', "category", 'minDays', "minDays", 'maxDays', "maxDays", 'percent', "percent") ORDER BY "category")
    FROM "ProvisioningRule";

  -- A loan no rule takes leaves its category empty (refused: NOT NULL), one two rules take comes twice (refused: the key).
  INSERT INTO "LoanClassification" ("runId", "loanId", "branchId", "customerId", "category", "daysOverdue", "base", "required")
  WITH covered AS (
    SELECT a."installmentId", sum(a."interest" + a."principal") AS "covered", sum(a."principal") AS "principal"
    FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId"
    -- The payments standing on the day: received by then, and not reversed by then (a reversal approved later counts
    -- from its own day, as the books do).
    WHERE p."paymentDate" <= p_as_of
      AND (p."status" = 'completed'
           OR (p."status" = 'reversed' AND EXISTS (SELECT 1 FROM "PaymentReversal" r WHERE r."paymentId" = p."id" AND r."status" = 'approved'
                                                  AND ((r."decidedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > p_as_of)))
    GROUP BY a."installmentId"
  ), standing AS (
    -- The loan's branch on the day: the one it left by its first move after it, else where it is.
    SELECT l."id",
           coalesce((SELECT m."fromBranchId" FROM "LoanBranchMove" m WHERE m."loanId" = l."id" AND ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > p_as_of
                     ORDER BY m."movedAt" LIMIT 1), l."branchId") AS "branchId",
           l."customerId",
           l."disbursedAmount" - coalesce(sum(c."principal"), 0)::int AS "base",
           coalesce(p_as_of - min(i."dueDate") FILTER (WHERE i."dueDate" <= p_as_of AND coalesce(c."covered", 0) < i."emiAmount"), 0) AS "days"
    FROM "Loan" l
    JOIN "LoanInstallment" i ON i."loanId" = l."id"
    LEFT JOIN covered c ON c."installmentId" = i."id"
    WHERE l."disbursedAt" IS NOT NULL AND ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date <= p_as_of
    GROUP BY l."id", l."branchId", l."customerId"
  )
  SELECT run_id, x."id", x."branchId", x."customerId", r."category", x."days", x."base", round(x."base" * r."percent" / 100)::int
  FROM standing x
  LEFT JOIN "ProvisioningRule" r ON x."days" >= r."minDays" AND (r."maxDays" IS NULL OR x."days" <= r."maxDays")
  WHERE x."base" > 0;

  -- Each branch's change: what its loans require less its reserve as it stood that day; two lines per branch.
  WITH deltas AS (
    SELECT coalesce(req."branchId", kept."branchId") AS "branchId", coalesce(req."required", 0) - coalesce(kept."kept", 0) AS "delta"
    FROM (SELECT "branchId", sum("required")::int AS "required" FROM "LoanClassification" WHERE "runId" = run_id GROUP BY 1) req
    FULL JOIN (SELECT "branchId", (-sum("amount"))::int AS "kept" FROM "LenderJournalLine" WHERE "accountId" = "lender_account"('loan_loss_reserve') AND "date" <= p_as_of GROUP BY 1) kept
      ON kept."branchId" = req."branchId"
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('account', side."account", 'branch', d."branchId", 'amount', side."sign" * d."delta")), '[]'::jsonb) INTO lines
  FROM deltas d
  CROSS JOIN (VALUES ("lender_account"('provision_expense'), 1), ("lender_account"('loan_loss_reserve'), -1)) AS side("account", "sign")
  WHERE d."delta" <> 0;
  entry_id := "lender_post"(p_as_of, 'provision', 'ProvisioningRun', run_id, NULL, lines, p_by);
  IF entry_id IS NOT NULL THEN
    UPDATE "ProvisioningRun" SET "entryId" = entry_id WHERE "id" = run_id;
  END IF;
  RETURN run_id;
END $$;

-- Only the run writes the runs and their classifications (it runs as its owner): the app's role reads them and calls it.
REVOKE EXECUTE ON FUNCTION "lender_provisioning_run"(date, text) FROM PUBLIC;
CREATE OR REPLACE FUNCTION "rinbondhu_grant_runtime"(p_role text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  append_only text[] := ARRAY['AuditLog', 'SocietyJournalEntry', 'SocietyJournalLine', 'LenderJournalEntry', 'LenderJournalLine'];
  read_only text[] := ARRAY['SocietyAccountDay', 'LenderAccountDay', 'ProvisioningRun', 'LoanClassification', '_prisma_migrations'];
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
  -- Functions that run as their owner: only the runtime role (not every role) may call them.
  EXECUTE format('GRANT EXECUTE ON FUNCTION "society_books_purge"(text), "society_books_repost"(text), "lender_provisioning_run"(date, text) TO %I', p_role);
END $$;
