-- AlterTable
ALTER TABLE "LoanApplication" ADD COLUMN     "upazilaCode" TEXT;

-- CreateTable
CREATE TABLE "UpazilaBranch" (
    "upazilaCode" TEXT NOT NULL,
    "branchId" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UpazilaBranch_pkey" PRIMARY KEY ("upazilaCode")
);

-- CreateIndex
CREATE INDEX "UpazilaBranch_branchId_idx" ON "UpazilaBranch"("branchId");

-- AddForeignKey
ALTER TABLE "UpazilaBranch" ADD CONSTRAINT "UpazilaBranch_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- An upazila routes to an open branch only (the offices' own check: not an area, not a closed branch).
CREATE TRIGGER "UpazilaBranch_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "UpazilaBranch"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
