-- AlterTable
ALTER TABLE "LoanClassification" ADD COLUMN     "accruedInterest" INTEGER NOT NULL DEFAULT 0;

-- Month-end interest accrual (issue 50, point 2; decision 0268), in the month's run: each performing loan's (regular or
-- watchful) interest earned by the run's day and not yet paid is kept on its classification row, and each branch's sum
-- is posted on that day as interest receivable / interest income, reversed the next day (an auto-reversing accrual: a
-- payment keeps posting its interest as income, so the month's income is what was paid plus what was earned and still
-- owed at its end less what was owed at the start). Earned to the day as the early settlement computes it
-- (lib/repayments/early-repayment.ts): instalments due by then, whole; the current one's scheduled interest for the
-- days of its period that have passed (each instalment's interest as it stood that day: before a settlement or
-- prepayment dated later); less the interest paid on each by payments standing on the day. A classified loan
-- (substandard and worse) accrues nothing: its interest is income when paid.
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
  PERFORM 1 FROM "ProvisioningSetting" FOR SHARE;
  INSERT INTO "ProvisioningRun" ("id", "asOf", "ranById", "rules", "base")
    SELECT run_id, p_as_of, p_by, jsonb_agg(jsonb_build_object('category', "category", 'minDays', "minDays", 'maxDays', "maxDays", 'percent', "percent") ORDER BY "category"),
           (SELECT "base" FROM "ProvisioningSetting" WHERE "id" = 1)
    FROM "ProvisioningRule";

  -- A loan no rule takes leaves its category empty (refused: NOT NULL), one two rules take comes twice (refused: the key).
  INSERT INTO "LoanClassification" ("runId", "loanId", "branchId", "customerId", "category", "daysOverdue", "base", "required", "accruedInterest")
  WITH covered AS (
    SELECT a."installmentId", sum(a."interest" + a."principal") AS "covered", sum(a."principal") AS "principal", sum(a."interest") AS "interest"
    FROM "LoanPaymentAllocation" a JOIN "LoanPayment" p ON p."id" = a."paymentId"
    -- The payments standing on the day: received by then, and not reversed by then (a reversal approved later counts
    -- from its own day, as the books do).
    WHERE p."paymentDate" <= p_as_of
      AND (p."status" = 'completed'
           OR (p."status" = 'reversed' AND EXISTS (SELECT 1 FROM "PaymentReversal" r WHERE r."paymentId" = p."id" AND r."status" = 'approved'
                                                  AND ((r."decidedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > p_as_of)))
    GROUP BY a."installmentId"
  ), loans AS (
    SELECT l."id", l."branchId", l."customerId", l."disbursedAmount", ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date AS "disbursedOn"
    FROM "Loan" l
    WHERE l."disbursedAt" IS NOT NULL AND ((l."disbursedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date <= p_as_of
      -- A loan written off by then is off the portfolio: nothing is kept against it (decision 0267).
      AND NOT EXISTS (SELECT 1 FROM "LoanWriteOff" w WHERE w."loanId" = l."id" AND w."status" = 'approved' AND w."writeOffDate" <= p_as_of)
  ), changed_later AS (
    -- An early settlement or prepayment dated after the day changed instalments' interest since: the day's interest is
    -- what it was before the first of them (LoanScheduleChange keeps each instalment's amounts before and after).
    SELECT DISTINCT ON (sc."loanId", (x ->> 'emiNumber')::int) sc."loanId", (x ->> 'emiNumber')::int AS "emiNumber",
           (x -> 'before' ->> 'interestAmount')::int AS "interestAmount"
    FROM "LoanScheduleChange" sc CROSS JOIN jsonb_array_elements(sc."changes" -> 'instalments') x
    WHERE sc."onDate" > p_as_of
    ORDER BY sc."loanId", (x ->> 'emiNumber')::int, sc."onDate", sc."createdAt"
  ), instalments AS (
    -- Each instalment's period: from the previous one's due date (the first's: the disbursement) to its own.
    SELECT i."id", i."loanId", i."dueDate", i."emiAmount", coalesce(ch."interestAmount", i."interestAmount") AS "interestAmount",
           coalesce(lag(i."dueDate") OVER (PARTITION BY i."loanId" ORDER BY i."emiNumber"), l."disbursedOn") AS "periodStart"
    FROM loans l JOIN "LoanInstallment" i ON i."loanId" = l."id"
    LEFT JOIN changed_later ch ON ch."loanId" = i."loanId" AND ch."emiNumber" = i."emiNumber"
  ), standing AS (
    -- The loan's branch on the day: the one it left by its first move after it, else where it is.
    SELECT l."id",
           coalesce((SELECT m."fromBranchId" FROM "LoanBranchMove" m WHERE m."loanId" = l."id" AND ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > p_as_of
                     ORDER BY m."movedAt" LIMIT 1), l."branchId") AS "branchId",
           l."customerId",
           l."disbursedAmount" - coalesce(sum(c."principal"), 0)::int AS "base",
           coalesce(p_as_of - min(i."dueDate") FILTER (WHERE i."dueDate" <= p_as_of AND coalesce(c."covered", 0) < i."emiAmount"), 0) AS "days",
           coalesce(sum(CASE
             WHEN i."dueDate" <= p_as_of THEN greatest(0, i."interestAmount" - coalesce(c."interest", 0))
             WHEN i."periodStart" <= p_as_of THEN greatest(0, round(i."interestAmount"::numeric * least(greatest(1, i."dueDate" - i."periodStart"), p_as_of - i."periodStart")
                                                                  / greatest(1, i."dueDate" - i."periodStart"))::int - coalesce(c."interest", 0))
             ELSE 0 END), 0)::int AS "accrued"
    FROM loans l
    JOIN instalments i ON i."loanId" = l."id"
    LEFT JOIN covered c ON c."installmentId" = i."id"
    GROUP BY l."id", l."branchId", l."customerId", l."disbursedAmount"
  )
  SELECT run_id, y."id", y."branchId", y."customerId", y."category", y."days", y."base", round(y."base" * y."percent" / 100)::int, y."accrued"
  FROM (
    SELECT x."id", x."branchId", x."customerId", r."category", x."days", r."percent", a."accrued",
           -- The provision's base (decision 0265, configuration): the principal outstanding, with the interest accrued
           -- when the setting says so.
           x."base" + CASE WHEN s."base" = 'principal_and_accrued_interest' THEN a."accrued" ELSE 0 END AS "base"
    FROM standing x
    LEFT JOIN "ProvisioningRule" r ON x."days" >= r."minDays" AND (r."maxDays" IS NULL OR x."days" <= r."maxDays")
    CROSS JOIN (SELECT "base" FROM "ProvisioningSetting" WHERE "id" = 1) s
    CROSS JOIN LATERAL (SELECT CASE WHEN r."category" IN ('regular', 'watchful') THEN x."accrued" ELSE 0 END AS "accrued") a
    WHERE x."base" > 0
  ) y;

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

  -- The interest earned and unpaid on the day, per branch and the interest income account of the loans' product
  -- (decision 0269); reversed the next day.
  WITH a AS (
    SELECT c."branchId", coalesce(p."interestIncomeAccountId", "lender_account"('interest_income')) AS "income", sum(c."accruedInterest")::int AS "accrued"
    FROM "LoanClassification" c JOIN "Loan" ln ON ln."id" = c."loanId" LEFT JOIN "LoanProduct" p ON p."key" = ln."loanType"
    WHERE c."runId" = run_id GROUP BY 1, 2 HAVING sum(c."accruedInterest") <> 0
  ), lines_of AS (
    SELECT jsonb_build_object('account', "lender_account"('interest_receivable'), 'branch', "branchId", 'amount', sum("accrued")) AS "line" FROM a GROUP BY "branchId"
    UNION ALL
    SELECT jsonb_build_object('account', "income", 'branch', "branchId", 'amount', -"accrued") FROM a
  )
  SELECT coalesce(jsonb_agg("line"), '[]'::jsonb) INTO lines FROM lines_of;
  entry_id := "lender_post"(p_as_of, 'interest_accrual', 'ProvisioningRun', run_id, NULL, lines, p_by);
  IF entry_id IS NOT NULL THEN
    PERFORM "lender_reverse"(entry_id, p_as_of + 1, 'ProvisioningRun', run_id, p_by);
  END IF;
  RETURN run_id;
END $$;
