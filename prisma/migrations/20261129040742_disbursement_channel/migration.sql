-- AlterTable
ALTER TABLE "Loan" ADD COLUMN     "disbursementMethod" "PaymentMethod";

-- A disbursement leaves through the channel it was paid by (the loan's disbursementMethod), else as before.
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
      jsonb_build_object('account', "lender_account"('loan_portfolio'), 'branch', branch, 'amount', loan."disbursedAmount"),
      jsonb_build_object('account', "lender_channel_account"(coalesce(loan."disbursementMethod",
                           CASE WHEN nullif(btrim(loan."disbursementBankAccount"), '') IS NOT NULL THEN 'bank_transfer'::"PaymentMethod" ELSE 'cash'::"PaymentMethod" END)),
                         'branch', branch, 'amount', -loan."disbursedAmount")),
    loan."disbursedById");
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
