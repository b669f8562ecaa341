-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "branchId" TEXT;

-- CreateIndex
CREATE INDEX "OutboxMessage_branchId_createdAt_idx" ON "OutboxMessage"("branchId", "createdAt");

-- AddForeignKey
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- The messages already queued take the branch of the record they are about (decision 0254: every record of the lending
-- business, and the messages about them, in a branch).
UPDATE "OutboxMessage" m SET "branchId" = a."branchId" FROM "LoanApplication" a
 WHERE m."entityType" = 'LoanApplication' AND a."id" = m."entityId" AND a."branchId" IS NOT NULL;
UPDATE "OutboxMessage" m SET "branchId" = c."branchId" FROM "KycCase" c
 WHERE m."entityType" = 'KycCase' AND c."id" = m."entityId" AND c."branchId" IS NOT NULL;
UPDATE "OutboxMessage" m SET "branchId" = l."branchId" FROM "LoanInstallment" i JOIN "Loan" l ON l."id" = i."loanId"
 WHERE m."entityType" = 'LoanInstallment' AND i."id" = m."entityId";
