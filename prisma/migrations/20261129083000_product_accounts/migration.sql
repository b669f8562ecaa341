-- AlterTable
ALTER TABLE "LoanProduct" ADD COLUMN     "interestIncomeAccountId" TEXT,
ADD COLUMN     "lateFeeIncomeAccountId" TEXT,
ADD COLUMN     "portfolioAccountId" TEXT;

-- AddForeignKey
ALTER TABLE "LoanProduct" ADD CONSTRAINT "LoanProduct_portfolioAccountId_fkey" FOREIGN KEY ("portfolioAccountId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanProduct" ADD CONSTRAINT "LoanProduct_interestIncomeAccountId_fkey" FOREIGN KEY ("interestIncomeAccountId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanProduct" ADD CONSTRAINT "LoanProduct_lateFeeIncomeAccountId_fkey" FOREIGN KEY ("lateFeeIncomeAccountId") REFERENCES "LenderAccount"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Issue 50, point 1 (decision 0269): a super admin's sub-accounts and each product's own accounts.

-- A sub-account is of its parent's type and kind, and never a kind's default (postings of a kind go to its default
-- account unless a product names a sub-account); code, kind, type and default never change.
CREATE OR REPLACE FUNCTION "lender_account_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."parentId" IS NOT NULL AND (NEW."isDefault"
     OR NOT EXISTS (SELECT 1 FROM "LenderAccount" WHERE "id" = NEW."parentId" AND "type" = NEW."type" AND "kind" = NEW."kind")) THEN
    RAISE EXCEPTION 'a sub-account is of its parent''s type and kind, and no kind''s default' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderAccount_valid';
  END IF;
  -- Every account is a kind's own (the chart's top level) or a sub-account of one: no loose account of a kind and type
  -- that do not go together.
  IF NEW."parentId" IS NULL AND NOT NEW."isDefault" THEN
    RAISE EXCEPTION 'an account is a kind''s own or a sub-account' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderAccount_valid';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW."kind" <> OLD."kind" OR NEW."type" <> OLD."type" OR NEW."isDefault" <> OLD."isDefault" OR NEW."code" <> OLD."code") THEN
    RAISE EXCEPTION 'an account''s code, kind and type never change (its lines keep their meaning)' USING ERRCODE = 'check_violation', CONSTRAINT = 'LenderAccount_valid';
  END IF;
  RETURN NEW;
END $$;

-- A product's accounts are of the kind they stand for.
CREATE FUNCTION "loan_product_accounts_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."portfolioAccountId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LenderAccount" WHERE "id" = NEW."portfolioAccountId" AND "kind" = 'loan_portfolio'))
     OR (NEW."interestIncomeAccountId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LenderAccount" WHERE "id" = NEW."interestIncomeAccountId" AND "kind" = 'interest_income'))
     OR (NEW."lateFeeIncomeAccountId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LenderAccount" WHERE "id" = NEW."lateFeeIncomeAccountId" AND "kind" = 'late_fee_income')) THEN
    RAISE EXCEPTION 'a product''s account is one of the kind it stands for' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanProduct_accounts_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "LoanProduct_accounts_valid" BEFORE INSERT OR UPDATE ON "LoanProduct" FOR EACH ROW EXECUTE FUNCTION "loan_product_accounts_valid"();
ALTER TABLE "LoanProduct" ENABLE ALWAYS TRIGGER "LoanProduct_accounts_valid";

-- The account a loan's postings of a kind go to: its portfolio is where its disbursement went (a loan keeps it whatever
-- its product says later), before that its product's; its income accounts are its product's now; else the kind's own.
CREATE FUNCTION "lender_loan_account"(p_loan text, p_kind "LenderAccountKind") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    CASE WHEN p_kind = 'loan_portfolio' THEN
      (SELECT l."accountId" FROM "LenderJournalEntry" e JOIN "LenderJournalLine" l ON l."entryId" = e."id"
         JOIN "LenderAccount" a ON a."id" = l."accountId" AND a."kind" = 'loan_portfolio'
       WHERE e."sourceType" = 'Loan' AND e."sourceId" = p_loan AND e."kind" = 'disbursement' AND l."amount" > 0 LIMIT 1) END,
    (SELECT CASE p_kind WHEN 'loan_portfolio' THEN p."portfolioAccountId" WHEN 'interest_income' THEN p."interestIncomeAccountId"
                        WHEN 'late_fee_income' THEN p."lateFeeIncomeAccountId" END
     FROM "Loan" ln JOIN "LoanProduct" p ON p."key" = ln."loanType" WHERE ln."id" = p_loan),
    "lender_account"(p_kind))
$$;

CREATE OR REPLACE FUNCTION "lender_post_disbursement"(p_loan text, p_branch text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
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
      jsonb_build_object('account', "lender_loan_account"(loan."id", 'loan_portfolio'), 'branch', branch, 'amount', loan."disbursedAmount"),
      jsonb_build_object('account', "lender_channel_account"(coalesce(loan."disbursementMethod",
                           CASE WHEN nullif(btrim(loan."disbursementBankAccount"), '') IS NOT NULL THEN 'bank_transfer'::"PaymentMethod" ELSE 'cash'::"PaymentMethod" END)),
                         'branch', branch, 'amount', -loan."disbursedAmount")),
    loan."disbursedById");
END $$;

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
      jsonb_build_object('account', "lender_loan_account"(payment."loanId", 'late_fee_income'), 'branch', payment."receivedAtBranchId", 'amount', -parts.fee),
      jsonb_build_object('account', "lender_loan_account"(payment."loanId", 'interest_income'), 'branch', payment."receivedAtBranchId", 'amount', -parts.interest),
      jsonb_build_object('account', "lender_loan_account"(payment."loanId", 'loan_portfolio'), 'branch', payment."receivedAtBranchId", 'amount', -parts.principal)),
    payment."collectedById");
END $$;

CREATE OR REPLACE FUNCTION "lender_post_branch_move"(p_loan text, p_from text, p_to text, p_date date DEFAULT NULL, p_source text DEFAULT NULL) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  outstanding int;
  portfolio text := "lender_loan_account"(p_loan, 'loan_portfolio');
BEGIN
  SELECT coalesce(sum(l."amount"), 0) INTO outstanding
    FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId"
    WHERE e."loanId" = p_loan AND l."accountId" = portfolio AND l."branchId" = p_from;
  RETURN "lender_post"(coalesce(p_date, (now() AT TIME ZONE 'Asia/Dhaka')::date), 'branch_move', 'LoanBranchMove',
    coalesce(p_source, p_loan || ':' || p_from || ':' || p_to || ':' || txid_current()::text), p_loan,
    jsonb_build_array(
      jsonb_build_object('account', portfolio, 'branch', p_to, 'amount', outstanding),
      jsonb_build_object('account', "lender_account"('inter_branch'), 'branch', p_to, 'amount', -outstanding),
      jsonb_build_object('account', "lender_account"('inter_branch'), 'branch', p_from, 'amount', outstanding),
      jsonb_build_object('account', portfolio, 'branch', p_from, 'amount', -outstanding)));
END $$;

CREATE OR REPLACE FUNCTION "loan_write_off_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  loan record;
  on_books int;
  portfolio text;
BEGIN
  IF NEW."status" = 'approved' AND OLD."status" = 'proposed' THEN
    SELECT "id", "branchId", "status" INTO loan FROM "Loan" WHERE "id" = NEW."loanId";
    portfolio := "lender_loan_account"(NEW."loanId", 'loan_portfolio');
    -- What is written off is exactly the loan's principal on the books, of a running loan that stayed in its branch
    -- since the write-off day (its reserve and portfolio are that branch's).
    SELECT coalesce(sum(l."amount"), 0) INTO on_books FROM "LenderJournalLine" l JOIN "LenderJournalEntry" e ON e."id" = l."entryId"
      WHERE e."loanId" = NEW."loanId" AND l."accountId" = portfolio;
    IF loan."status" <> 'disbursed' OR on_books <> NEW."amount"
       OR EXISTS (SELECT 1 FROM "LoanBranchMove" m WHERE m."loanId" = NEW."loanId" AND ((m."movedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'Asia/Dhaka')::date > NEW."writeOffDate") THEN
      RAISE EXCEPTION 'a write-off takes a running loan''s principal on the books, in the branch it had on the write-off day'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanWriteOff_posted';
    END IF;
    PERFORM "lender_post"(NEW."writeOffDate", 'write_off', 'LoanWriteOff', NEW."id", NEW."loanId",
      jsonb_build_array(
        jsonb_build_object('account', "lender_account"('loan_loss_reserve'), 'branch', loan."branchId", 'amount', NEW."amount"),
        jsonb_build_object('account', portfolio, 'branch', loan."branchId", 'amount', -NEW."amount")),
      NEW."decidedById");
  END IF;
  RETURN NULL;
END $$;
