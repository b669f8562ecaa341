-- DropIndex
DROP INDEX "SocietyCollection_memberId_date_idx";

-- CreateIndex
CREATE INDEX "SocietyCollection_memberId_date_savingsCollected_idx" ON "SocietyCollection"("memberId", "date", "savingsCollected");
