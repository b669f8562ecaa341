-- CreateIndex
CREATE INDEX "LoanInstallment_dueDate_loanId_emiAmount_lateFee_paidAmount_idx" ON "LoanInstallment"("dueDate", "loanId", "emiAmount", "lateFee", "paidAmount") WHERE ("status" <> 'paid');

-- CreateIndex
CREATE INDEX "LoanInstallment_status_paidAt_idx" ON "LoanInstallment"("status", "paidAt");
