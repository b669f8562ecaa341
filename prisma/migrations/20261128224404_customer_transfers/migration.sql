-- CreateEnum
CREATE TYPE "CustomerTransferStatus" AS ENUM ('requested', 'completed', 'rejected');

-- CreateTable
CREATE TABLE "CustomerTransfer" (
    "id" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "fromBranchId" TEXT NOT NULL,
    "toBranchId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "CustomerTransferStatus" NOT NULL DEFAULT 'requested',
    "requestedById" TEXT NOT NULL,
    "fromApprovedById" TEXT,
    "toApprovedById" TEXT,
    "rejectedById" TEXT,
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "CustomerTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanBranchMove" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "fromBranchId" TEXT NOT NULL,
    "toBranchId" TEXT NOT NULL,
    "transferId" TEXT NOT NULL,
    "movedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoanBranchMove_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CustomerTransfer_customerId_idx" ON "CustomerTransfer"("customerId");

-- CreateIndex
CREATE INDEX "CustomerTransfer_fromBranchId_status_idx" ON "CustomerTransfer"("fromBranchId", "status");

-- CreateIndex
CREATE INDEX "CustomerTransfer_toBranchId_status_idx" ON "CustomerTransfer"("toBranchId", "status");

-- CreateIndex
CREATE INDEX "LoanBranchMove_loanId_movedAt_idx" ON "LoanBranchMove"("loanId", "movedAt");

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_fromBranchId_fkey" FOREIGN KEY ("fromBranchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_toBranchId_fkey" FOREIGN KEY ("toBranchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_fromApprovedById_fkey" FOREIGN KEY ("fromApprovedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_toApprovedById_fkey" FOREIGN KEY ("toApprovedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CustomerTransfer" ADD CONSTRAINT "CustomerTransfer_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanBranchMove" ADD CONSTRAINT "LoanBranchMove_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanBranchMove" ADD CONSTRAINT "LoanBranchMove_fromBranchId_fkey" FOREIGN KEY ("fromBranchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanBranchMove" ADD CONSTRAINT "LoanBranchMove_toBranchId_fkey" FOREIGN KEY ("toBranchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanBranchMove" ADD CONSTRAINT "LoanBranchMove_transferId_fkey" FOREIGN KEY ("transferId") REFERENCES "CustomerTransfer"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- One open transfer per customer: of concurrent requests, one is recorded (issue 41, decision 0258).
CREATE UNIQUE INDEX "CustomerTransfer_one_open" ON "CustomerTransfer"("customerId") WHERE "status" = 'requested';

-- A transfer is decided once and a loan's moves are history: never deleted, and a decided transfer never changes
-- (also for the app's own database role).
CREATE FUNCTION "customer_transfer_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'a transfer and a loan''s moves are history: never deleted' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_TABLE_NAME = 'LoanBranchMove' OR OLD."status" <> 'requested' THEN
    RAISE EXCEPTION 'a decided transfer and a loan''s moves never change' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."fromApprovedById" IS NOT NULL AND NEW."fromApprovedById" IN (NEW."requestedById", NEW."toApprovedById")
     OR NEW."toApprovedById" IS NOT NULL AND NEW."toApprovedById" = NEW."requestedById" THEN
    RAISE EXCEPTION 'a transfer is approved by two people other than its requester' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "CustomerTransfer_kept" BEFORE UPDATE OR DELETE ON "CustomerTransfer"
  FOR EACH ROW EXECUTE FUNCTION "customer_transfer_kept"();
CREATE TRIGGER "LoanBranchMove_kept" BEFORE UPDATE OR DELETE ON "LoanBranchMove"
  FOR EACH ROW EXECUTE FUNCTION "customer_transfer_kept"();
