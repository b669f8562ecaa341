-- DropIndex
DROP INDEX "FieldCashHandover_societyId_workerId_date_key";

-- AlterTable
ALTER TABLE "FieldCashHandover" ADD COLUMN     "round" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "FieldCashHandover_societyId_workerId_date_round_key" ON "FieldCashHandover"("societyId", "workerId", "date", "round");
