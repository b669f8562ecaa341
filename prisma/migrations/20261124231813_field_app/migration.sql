-- CreateEnum
CREATE TYPE "FieldCashHandoverStatus" AS ENUM ('submitted', 'confirmed');

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "dedupeKey" TEXT;

-- AlterTable
ALTER TABLE "SocietyCollection" ADD COLUMN     "clientId" UUID,
ADD COLUMN     "recordedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "SocietyWorker" ADD COLUMN     "staffUserId" TEXT;

-- CreateTable
CREATE TABLE "FieldDevice" (
    "id" UUID NOT NULL,
    "societyId" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "lastSyncAt" TIMESTAMP(3) NOT NULL,
    "pendingReported" INTEGER NOT NULL DEFAULT 0,
    "attentionReported" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FieldDevice_pkey" PRIMARY KEY ("societyId","id")
);

-- CreateTable
CREATE TABLE "FieldCashHandover" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "workerId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "expected" INTEGER NOT NULL,
    "counted" INTEGER NOT NULL,
    "note" TEXT,
    "status" "FieldCashHandoverStatus" NOT NULL DEFAULT 'submitted',
    "submittedById" TEXT NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedById" TEXT,
    "confirmedAt" TIMESTAMP(3),
    "confirmNote" TEXT,

    CONSTRAINT "FieldCashHandover_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FieldDevice_societyId_staffUserId_idx" ON "FieldDevice"("societyId", "staffUserId");

-- CreateIndex
CREATE INDEX "FieldCashHandover_societyId_status_idx" ON "FieldCashHandover"("societyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "FieldCashHandover_societyId_workerId_date_key" ON "FieldCashHandover"("societyId", "workerId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxMessage_dedupeKey_key" ON "OutboxMessage"("dedupeKey");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollection_societyId_clientId_key" ON "SocietyCollection"("societyId", "clientId");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyWorker_societyId_staffUserId_key" ON "SocietyWorker"("societyId", "staffUserId");

-- AddForeignKey
ALTER TABLE "SocietyWorker" ADD CONSTRAINT "SocietyWorker_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldDevice" ADD CONSTRAINT "FieldDevice_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldDevice" ADD CONSTRAINT "FieldDevice_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldCashHandover" ADD CONSTRAINT "FieldCashHandover_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldCashHandover" ADD CONSTRAINT "FieldCashHandover_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldCashHandover" ADD CONSTRAINT "FieldCashHandover_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldCashHandover" ADD CONSTRAINT "FieldCashHandover_confirmedById_fkey" FOREIGN KEY ("confirmedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;
