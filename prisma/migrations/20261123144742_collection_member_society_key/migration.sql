-- DropForeignKey
ALTER TABLE "SocietyCollection" DROP CONSTRAINT "SocietyCollection_memberId_fkey";

-- DropForeignKey
ALTER TABLE "SocietyCollection" DROP CONSTRAINT "SocietyCollection_societyId_fkey";

-- DropIndex
DROP INDEX "SocietyCollection_sheetId_memberId_key";

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollection_sheetId_memberId_key" ON "SocietyCollection"("sheetId", "memberId") WHERE ("sheetId" IS NOT NULL);

-- CreateIndex
CREATE UNIQUE INDEX "SocietyMember_id_societyId_key" ON "SocietyMember"("id", "societyId");

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_memberId_societyId_fkey" FOREIGN KEY ("memberId", "societyId") REFERENCES "SocietyMember"("id", "societyId") ON DELETE CASCADE ON UPDATE CASCADE;
