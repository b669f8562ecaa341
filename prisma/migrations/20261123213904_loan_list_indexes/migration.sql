-- CreateIndex
CREATE INDEX "Loan_submittedAt_idx" ON "Loan"("submittedAt");

-- CreateIndex
CREATE INDEX "Loan_status_requestedAmount_disbursedAmount_idx" ON "Loan"("status", "requestedAmount", "disbursedAmount");

-- CreateIndex
CREATE INDEX "Loan_disbursedAt_disbursedAmount_idx" ON "Loan"("disbursedAt", "disbursedAmount");
