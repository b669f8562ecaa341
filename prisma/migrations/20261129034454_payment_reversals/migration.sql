-- CreateEnum
CREATE TYPE "PaymentReversalStatus" AS ENUM ('requested', 'approved', 'rejected');

-- AlterTable
ALTER TABLE "LoanPayment" ADD COLUMN     "chargedFees" JSONB NOT NULL DEFAULT '[]';

-- DropIndex
DROP INDEX "LoanPayment_method_reference_key";

-- CreateTable
CREATE TABLE "PaymentReversal" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "PaymentReversalStatus" NOT NULL DEFAULT 'requested',
    "requestedById" TEXT NOT NULL,
    "requestedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,

    CONSTRAINT "PaymentReversal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PaymentReversal_status_requestedAt_idx" ON "PaymentReversal"("status", "requestedAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentReversal_one_open_per_payment" ON "PaymentReversal"("paymentId") WHERE ("status" <> 'rejected');

-- CreateIndex
CREATE UNIQUE INDEX "LoanPayment_method_reference_key" ON "LoanPayment"("method", "reference") WHERE ("status" <> 'reversed');

-- AddForeignKey
ALTER TABLE "PaymentReversal" ADD CONSTRAINT "PaymentReversal_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "LoanPayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentReversal" ADD CONSTRAINT "PaymentReversal_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "StaffUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PaymentReversal" ADD CONSTRAINT "PaymentReversal_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "StaffUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------------
-- A recorded payment is money received: its figures never change and it is never deleted. Its one change of state is
-- completed → reversed (decision 0264), which posts the reversal of its entry in the same transaction. (Where it was
-- received is kept by LoanPayment_branch_kept.)
CREATE FUNCTION "loan_payment_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a payment is never deleted: reverse it' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'LoanPayment_immutable';
  END IF;
  IF NEW."paymentNumber" <> OLD."paymentNumber" OR NEW."loanId" <> OLD."loanId" OR NEW."amount" <> OLD."amount"
     OR NEW."method" IS DISTINCT FROM OLD."method" OR NEW."reference" IS DISTINCT FROM OLD."reference"
     OR NEW."paymentDate" <> OLD."paymentDate" OR NEW."chargedFees" <> OLD."chargedFees" THEN
    RAISE EXCEPTION 'a payment''s figures never change: reverse it and record it again' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'LoanPayment_immutable';
  END IF;
  IF NEW."status" <> OLD."status" AND NOT (OLD."status" = 'completed' AND NEW."status" = 'reversed') AND NOT (OLD."status" = 'pending' AND NEW."status" IN ('completed', 'failed')) THEN
    RAISE EXCEPTION 'a payment goes from % to % never', OLD."status", NEW."status" USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanPayment_immutable';
  END IF;
  IF NEW."status" = 'reversed' AND OLD."status" = 'completed'
     AND NOT EXISTS (SELECT 1 FROM "PaymentReversal" r WHERE r."paymentId" = NEW."id" AND r."status" = 'approved') THEN
    RAISE EXCEPTION 'a payment is reversed only by an approved reversal' USING ERRCODE = 'check_violation', CONSTRAINT = 'LoanPayment_immutable';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "LoanPayment_guard" BEFORE UPDATE OR DELETE ON "LoanPayment" FOR EACH ROW EXECUTE FUNCTION "loan_payment_guard"();
ALTER TABLE "LoanPayment" ENABLE ALWAYS TRIGGER "LoanPayment_guard";

-- A reversal: asked by one person, decided by another; decided once.
CREATE FUNCTION "payment_reversal_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" <> 'requested' OR NEW."decidedById" IS NOT NULL THEN
      RAISE EXCEPTION 'a reversal starts as asked for' USING ERRCODE = 'check_violation', CONSTRAINT = 'PaymentReversal_valid';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' OR OLD."status" <> 'requested' OR NEW."paymentId" <> OLD."paymentId" OR NEW."requestedById" <> OLD."requestedById" OR NEW."reason" <> OLD."reason" THEN
    RAISE EXCEPTION 'a decided reversal never changes' USING ERRCODE = 'restrict_violation', CONSTRAINT = 'PaymentReversal_valid';
  END IF;
  IF NEW."status" <> 'requested' AND (NEW."decidedById" IS NULL OR NEW."decidedById" = NEW."requestedById") THEN
    RAISE EXCEPTION 'a reversal is decided by someone other than who asked for it' USING ERRCODE = 'check_violation', CONSTRAINT = 'PaymentReversal_valid';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "PaymentReversal_guard" BEFORE INSERT OR UPDATE OR DELETE ON "PaymentReversal" FOR EACH ROW EXECUTE FUNCTION "payment_reversal_guard"();
ALTER TABLE "PaymentReversal" ENABLE ALWAYS TRIGGER "PaymentReversal_guard";

-- An entry undone: every line the other way round, dated p_date (the open period), pointing at it (reversed once).
CREATE FUNCTION "lender_reverse"(p_entry text, p_date date, p_source_type text, p_source_id text, p_created_by text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  SELECT "id", "loanId" INTO original FROM "LenderJournalEntry" WHERE "id" = p_entry;
  RETURN "lender_post"(p_date, 'reversal', p_source_type, p_source_id, original."loanId",
    (SELECT jsonb_agg(jsonb_build_object('account', l."accountId", 'branch', l."branchId", 'amount', -l."amount") ORDER BY l."id")
       FROM "LenderJournalLine" l WHERE l."entryId" = p_entry),
    p_created_by, p_entry);
END $$;

-- A payment reversed: its entry reversed today (Asia/Dhaka), by who approved it.
CREATE FUNCTION "loan_payment_reversed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted text;
BEGIN
  SELECT "id" INTO posted FROM "LenderJournalEntry" WHERE "sourceType" = 'LoanPayment' AND "sourceId" = NEW."id" AND "kind" = 'repayment';
  IF posted IS NOT NULL THEN
    PERFORM "lender_reverse"(posted, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'LoanPaymentReversal', NEW."id",
      (SELECT r."decidedById" FROM "PaymentReversal" r WHERE r."paymentId" = NEW."id" AND r."status" = 'approved'));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "LoanPayment_reversed" AFTER UPDATE OF "status" ON "LoanPayment" FOR EACH ROW
  WHEN (OLD."status" = 'completed' AND NEW."status" = 'reversed') EXECUTE FUNCTION "loan_payment_reversed"();

-- A payment that completes later (a wallet's, once the provider confirms it) posts then, with its allocation.
CREATE FUNCTION "loan_payment_completed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "LoanPaymentAllocation" WHERE "paymentId" = NEW."id") THEN
    PERFORM "lender_post_payment"(NEW."id");
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "LoanPayment_completed" AFTER UPDATE OF "status" ON "LoanPayment" FOR EACH ROW
  WHEN (OLD."status" = 'pending' AND NEW."status" = 'completed') EXECUTE FUNCTION "loan_payment_completed"();
