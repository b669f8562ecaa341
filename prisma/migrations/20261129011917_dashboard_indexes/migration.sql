-- CreateIndex
CREATE INDEX "LoanInstallment_unpaid_loanId_dueDate_idx" ON "LoanInstallment"("loanId", "dueDate") WHERE ("paidAmount" < "emiAmount");

-- CreateIndex
CREATE INDEX "LoanInstallment_dueDate_loanId_emiAmount_paidAmount_idx" ON "LoanInstallment"("dueDate", "loanId", "emiAmount", "paidAmount");

-- CreateIndex
CREATE INDEX "LoanPayment_loanId_createdAt_amount_completed_idx" ON "LoanPayment"("loanId", "createdAt", "amount") WHERE ("status" = 'completed');
