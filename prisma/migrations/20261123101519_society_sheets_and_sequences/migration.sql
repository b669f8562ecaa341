-- CreateEnum
CREATE TYPE "SocietyCodeKind" AS ENUM ('worker', 'member', 'collection', 'incomeExpense', 'salary');

-- DropIndex
DROP INDEX "SocietyCollection_memberId_date_key";

-- DropIndex
DROP INDEX "SocietyCollection_societyId_date_idx";

-- AlterTable
ALTER TABLE "SocietyCollection" ADD COLUMN     "sheetId" TEXT;

-- CreateTable
CREATE TABLE "SocietySequence" (
    "societyId" TEXT NOT NULL,
    "kind" "SocietyCodeKind" NOT NULL,
    "lastNumber" INTEGER NOT NULL,

    CONSTRAINT "SocietySequence_pkey" PRIMARY KEY ("societyId","kind")
);

-- CreateTable
CREATE TABLE "SocietyCollectionSheet" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "workerId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "SocietyCollectionSheet_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollectionSheet_societyId_workerId_date_key" ON "SocietyCollectionSheet"("societyId", "workerId", "date");

-- CreateIndex
CREATE INDEX "SocietyCollection_memberId_date_idx" ON "SocietyCollection"("memberId", "date");

-- CreateIndex
CREATE INDEX "SocietyCollection_societyId_date_createdAt_idx" ON "SocietyCollection"("societyId", "date", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollection_sheetId_memberId_key" ON "SocietyCollection"("sheetId", "memberId");

-- AddForeignKey
ALTER TABLE "SocietySequence" ADD CONSTRAINT "SocietySequence_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollectionSheet" ADD CONSTRAINT "SocietyCollectionSheet_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollectionSheet" ADD CONSTRAINT "SocietyCollectionSheet_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollectionSheet" ADD CONSTRAINT "SocietyCollectionSheet_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_sheetId_fkey" FOREIGN KEY ("sheetId") REFERENCES "SocietyCollectionSheet"("id") ON DELETE SET NULL ON UPDATE CASCADE;
