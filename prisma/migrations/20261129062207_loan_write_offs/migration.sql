-- CreateEnum
CREATE TYPE "LoanWriteOffStatus" AS ENUM ('proposed', 'approved', 'rejected');

-- AlterEnum
ALTER TYPE "LoanStatus" ADD VALUE 'written_off';

-- CreateTable
CREATE TABLE "WriteOffPolicy" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "badForMonths" INTEGER NOT NULL DEFAULT 24,
    "requireFullyProvisioned" BOOLEAN NOT NULL DEFAULT true,
    "allowedDays" TEXT[] DEFAULT ARRAY['06-30', '12-31']::TEXT[],
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "WriteOffPolicy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanWriteOff" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "status" "LoanWriteOffStatus" NOT NULL DEFAULT 'proposed',
    "writeOffDate" DATE NOT NULL,
    "amount" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "boardResolution" TEXT,
    "proposedById" TEXT NOT NULL,
    "proposedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,

    CONSTRAINT "LoanWriteOff_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoanWriteOff_status_proposedAt_idx" ON "LoanWriteOff"("status", "proposedAt");

-- CreateIndex
CREATE UNIQUE INDEX "LoanWriteOff_one_per_loan" ON "LoanWriteOff"("loanId") WHERE ("status" <> 'rejected');

-- AddForeignKey
ALTER TABLE "LoanWriteOff" ADD CONSTRAINT "LoanWriteOff_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanWriteOff" ADD CONSTRAINT "LoanWriteOff_proposedById_fkey" FOREIGN KEY ("proposedById") REFERENCES "StaffUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanWriteOff" ADD CONSTRAINT "LoanWriteOff_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "StaffUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Issue 50, point 4 (decision 0267): write-off and recovery.

-- The policy's one row, with the regulator's defaults.
INSERT INTO "WriteOffPolicy" ("id", "updatedAt") VALUES (1, now());
-- One row; at least one day; the days as "MM-DD".
CREATE FUNCTION "write_off_policy_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" <> 1 OR NEW."badForMonths" < 0 OR coalesce(cardinality(NEW."allowedDays"), 0) = 0
     -- "MM-DD" of a day every year has (no 29 February, no 31 April).
     OR EXISTS (SELECT 1 FROM unnest(NEW."allowedDays") d
                WHERE d NOT IN (SELECT to_char(g, 'MM-DD') FROM generate_series('2001-01-01'::date, '2001-12-31'::date, interval '1 day') g)) THEN
    RAISE EXCEPTION 'the write-off policy is one row with at least one day' USING ERRCODE = 'check_violation', CONSTRAINT = 'WriteOffPolicy_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "WriteOffPolicy_valid" BEFORE INSERT OR UPDATE ON "WriteOffPolicy" FOR EACH ROW EXECUTE FUNCTION "write_off_policy_valid"();

-- A write-off is proposed, then approved (with the board resolution) or rejected by someone else; never deleted, and
-- what was proposed never changes.
CREATE FUNCTION "loan_write_off_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a write-off is never deleted' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'LoanWriteOff_guard';
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" <> 'proposed' OR NEW."decidedById" IS NOT NULL OR NEW."amount" <= 0 THEN
      RAISE EXCEPTION 'a write-off starts proposed' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_guard';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD."status" <> 'proposed' OR NEW."status" = 'proposed'
     OR NEW."loanId" <> OLD."loanId" OR NEW."amount" <> OLD."amount" OR NEW."writeOffDate" <> OLD."writeOffDate"
     OR NEW."proposedById" <> OLD."proposedById" OR NEW."reason" <> OLD."reason" THEN
    RAISE EXCEPTION 'a write-off is decided once, and what was proposed never changes' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_guard';
  END IF;
  IF NEW."decidedById" IS NULL OR NEW."decidedById" = OLD."proposedById" THEN
    RAISE EXCEPTION 'a write-off is decided by someone other than who proposed it' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_two_people';
  END IF;
  IF NEW."status" = 'approved' AND nullif(btrim(coalesce(NEW."boardResolution", '')), '') IS NULL THEN
    RAISE EXCEPTION 'a write-off is approved with the board resolution' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_guard';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "LoanWriteOff_guard" BEFORE INSERT OR UPDATE OR DELETE ON "LoanWriteOff" FOR EACH ROW EXECUTE FUNCTION "loan_write_off_guard"();

-- Approved: the principal written off leaves the loan portfolio against the loan-loss reserve, in the loan's branch, on
-- the write-off date (a closed period refuses it, as any entry).
CREATE FUNCTION "loan_write_off_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan record;
  on_books int;
BEGIN
  IF NEW."status" = 'approved' AND OLD."status" = 'proposed' THEN
    SELECT "id", "branchId", "status" INTO loan FROM "Loan" WHERE "id" = NEW."loanId";
    -- What is written off is exactly the loan's principal on the books, of a running loan that stayed in its branch
    -- since the write-off day (its reserve and portfolio are that branch's).
    SELECT coalesce(sum(l."amount"), 0) INTO on_books FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId"
      WHERE e."loanId" = NEW."loanId" AND l."accountId" = "lender_account"('loan_portfolio');
    IF loan."status" <> 'disbursed' OR on_books <> NEW."amount"
       OR EXISTS (SELECT 1 FROM "LoanBranchMove" m WHERE m."loanId" = NEW."loanId" AND ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > NEW."writeOffDate") THEN
      RAISE EXCEPTION 'a write-off takes a running loan''s principal on the books, in the branch it had on the write-off day'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_posted';
    END IF;
    PERFORM "lender_post"(NEW."writeOffDate", 'write_off', 'LoanWriteOff', NEW."id", NEW."loanId",
      jsonb_build_array(
        jsonb_build_object('account', "lender_account"('loan_loss_reserve'), 'branch', loan."branchId", 'amount', NEW."amount"),
        jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', loan."branchId", 'amount', -NEW."amount")),
      NEW."decidedById");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "LoanWriteOff_post" AFTER UPDATE OF "status" ON "LoanWriteOff" FOR EACH ROW EXECUTE FUNCTION "loan_write_off_post"();

-- A loan becomes written off only with an approved write-off, and never comes back (a mistake is a later recovery).
CREATE FUNCTION "loan_written_off_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'written_off' AND NEW."status" <> 'written_off' THEN
    RAISE EXCEPTION 'a written-off loan stays written off' USING ERRCODE = 'check_violation', CONSTRAINT = 'Loan_written_off';
  END IF;
  IF NEW."status" = 'written_off' AND OLD."status" <> 'written_off'
     AND NOT EXISTS (SELECT 1 FROM "LoanWriteOff" w WHERE w."loanId" = NEW."id" AND w."status" = 'approved') THEN
    RAISE EXCEPTION 'a loan is written off only with an approved write-off' USING ERRCODE = 'check_violation', CONSTRAINT = 'Loan_written_off';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "Loan_written_off_guard" BEFORE UPDATE OF "status" ON "Loan" FOR EACH ROW EXECUTE FUNCTION "loan_written_off_guard"();

CREATE OR REPLACE FUNCTION "lender_post_payment"(p_payment text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  payment record;
  parts record;
BEGIN
  SELECT "id", "loanId", "amount", "method", "paymentDate", "receivedAtBranchId", "collectedById", "status" INTO payment FROM "LoanPayment" WHERE "id" = p_payment;
  IF payment."status" <> 'completed' THEN RETURN NULL; END IF;
  -- A written-off loan's principal is off the books: whatever is paid on it is recovery income (never an overpayment).
  IF (SELECT "status" FROM "Loan" WHERE "id" = payment."loanId") = 'written_off' THEN
    IF payment."paymentDate" < (SELECT w."writeOffDate" FROM "LoanWriteOff" w WHERE w."loanId" = payment."loanId" AND w."status" = 'approved') THEN
      RAISE EXCEPTION 'a payment on a written-off loan is dated on or after its write-off day'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanPayment_recovery_after_write_off';
    END IF;
    RETURN "lender_post"(payment."paymentDate", 'recovery', 'LoanPayment', payment."id", payment."loanId",
      jsonb_build_array(
        jsonb_build_object('account', "lender_channel_account"(payment."method"), 'branch', payment."receivedAtBranchId", 'amount', payment."amount"),
        jsonb_build_object('account', "lender_account"('recovery_income'), 'branch', payment."receivedAtBranchId", 'amount', -payment."amount")),
      payment."collectedById");
  END IF;
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

CREATE OR REPLACE FUNCTION "lender_provisioning_run"(p_as_of date, p_by text) RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
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
      -- A loan written off by then is off the portfolio: nothing is kept against it (decision 0267).
      AND NOT EXISTS (SELECT 1 FROM "LoanWriteOff" w WHERE w."loanId" = l."id" AND w."status" = 'approved' AND w."writeOffDate" <= p_as_of)
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
REVOKE EXECUTE ON FUNCTION "lender_provisioning_run"(date, text) FROM PUBLIC;

-- A payment reversed: its entry (a repayment, or a recovery of a written-off loan) reversed today, by who approved it.
CREATE OR REPLACE FUNCTION "loan_payment_reversed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted text;
BEGIN
  SELECT "id" INTO posted FROM "LenderJournalEntry" WHERE "sourceType" = 'LoanPayment' AND "sourceId" = NEW."id" AND "kind" IN ('repayment', 'recovery');
  IF posted IS NOT NULL THEN
    PERFORM "lender_reverse"(posted, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'LoanPaymentReversal', NEW."id",
      (SELECT r."decidedById" FROM "PaymentReversal" r WHERE r."paymentId" = NEW."id" AND r."status" = 'approved'));
  END IF;
  RETURN NULL;
END $$;

-- The guards hold in every session, the restore's too (as the other books' guards).
ALTER TABLE "LoanWriteOff" ENABLE ALWAYS TRIGGER "LoanWriteOff_guard";
ALTER TABLE "Loan" ENABLE ALWAYS TRIGGER "Loan_written_off_guard";
ALTER TABLE "WriteOffPolicy" ENABLE ALWAYS TRIGGER "WriteOffPolicy_valid";
