-- AlterTable
ALTER TABLE "LoanInstallment" ADD COLUMN     "interestAmount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "principalAmount" INTEGER NOT NULL DEFAULT 0;

-- Instalments written before this migration (demo data only: nothing disbursed loans through the app yet) get
-- the split lib/repayments/schedule.ts computes: declining balance at the loan's rate, the last instalment
-- taking what is left. round() on numeric rounds half away from zero, as Math.round does for these amounts.
WITH RECURSIVE loan_terms AS (
    SELECT l."id" AS loan_id, l."tenure", l."emi", l."interestRate" / 1200 AS monthly_rate,
           COALESCE(l."disbursedAmount", l."approvedAmount", l."requestedAmount") AS principal
    FROM "Loan" l
    WHERE EXISTS (SELECT 1 FROM "LoanInstallment" i WHERE i."loanId" = l."id")
), amortisation AS (
    SELECT t.loan_id, 1 AS n, t.tenure, t.emi, t.monthly_rate,
           round(t.principal * t.monthly_rate)::int AS interest,
           CASE WHEN t.tenure = 1 THEN t.principal
                ELSE LEAST(GREATEST(t.emi - round(t.principal * t.monthly_rate)::int, 0), t.principal) END AS principal_part,
           t.principal AS balance_before
    FROM loan_terms t
    UNION ALL
    SELECT a.loan_id, a.n + 1, a.tenure, a.emi, a.monthly_rate,
           round((a.balance_before - a.principal_part) * a.monthly_rate)::int,
           CASE WHEN a.n + 1 = a.tenure THEN a.balance_before - a.principal_part
                ELSE LEAST(GREATEST(a.emi - round((a.balance_before - a.principal_part) * a.monthly_rate)::int, 0),
                           a.balance_before - a.principal_part) END,
           a.balance_before - a.principal_part
    FROM amortisation a
    WHERE a.n < a.tenure
)
UPDATE "LoanInstallment" i
SET "principalAmount" = a.principal_part, "interestAmount" = a.interest, "emiAmount" = a.principal_part + a.interest
FROM amortisation a
WHERE i."loanId" = a.loan_id AND i."emiNumber" = a.n;

ALTER TABLE "LoanInstallment" ALTER COLUMN "interestAmount" DROP DEFAULT,
ALTER COLUMN "principalAmount" DROP DEFAULT;

-- AlterTable
ALTER TABLE "LoanProduct" ADD COLUMN     "lateFeeGraceDays" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN     "lateFeePercent" DECIMAL(5,2) NOT NULL DEFAULT 5;

-- CreateTable
CREATE TABLE "LoanPaymentAllocation" (
    "id" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "installmentId" TEXT NOT NULL,
    "lateFee" INTEGER NOT NULL,
    "interest" INTEGER NOT NULL,
    "principal" INTEGER NOT NULL,

    CONSTRAINT "LoanPaymentAllocation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LoanPaymentAllocation_paymentId_idx" ON "LoanPaymentAllocation"("paymentId");

-- CreateIndex
CREATE INDEX "LoanPaymentAllocation_installmentId_idx" ON "LoanPaymentAllocation"("installmentId");

-- CreateIndex
CREATE UNIQUE INDEX "LoanPayment_method_reference_key" ON "LoanPayment"("method", "reference");

-- AddForeignKey
ALTER TABLE "LoanPaymentAllocation" ADD CONSTRAINT "LoanPaymentAllocation_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "LoanPayment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanPaymentAllocation" ADD CONSTRAINT "LoanPaymentAllocation_installmentId_fkey" FOREIGN KEY ("installmentId") REFERENCES "LoanInstallment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
