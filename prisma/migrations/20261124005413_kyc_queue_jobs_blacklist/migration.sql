-- CreateEnum
CREATE TYPE "JobStatus" AS ENUM ('queued', 'running', 'done', 'failed');

-- CreateEnum
CREATE TYPE "BlacklistKind" AS ENUM ('nid', 'phone');

-- AlterEnum
ALTER TYPE "VerificationCheckKind" ADD VALUE 'nid_match';

-- AlterTable
ALTER TABLE "KycCase" ADD COLUMN     "resubmissionExpiresAt" TIMESTAMP(3),
ADD COLUMN     "resubmissionTokenHash" TEXT;

-- AlterTable
ALTER TABLE "KycDocument" ADD COLUMN     "ocrReadAt" TIMESTAMP(3),
ADD COLUMN     "ocrText" TEXT;

-- AlterTable
ALTER TABLE "KycNote" ADD COLUMN     "decision" "KycCaseStatus";

-- AlterTable
ALTER TABLE "VerificationCheck" DROP COLUMN "explanation",
ADD COLUMN     "explanationKey" TEXT,
ADD COLUMN     "explanationValues" JSONB;

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "JobStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlacklistEntry" (
    "id" TEXT NOT NULL,
    "kind" "BlacklistKind" NOT NULL,
    "value" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "addedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BlacklistEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_kind_createdAt_idx" ON "Job"("kind", "createdAt");

-- CreateIndex
CREATE INDEX "BlacklistEntry_createdAt_idx" ON "BlacklistEntry"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BlacklistEntry_kind_value_key" ON "BlacklistEntry"("kind", "value");

-- CreateIndex
CREATE UNIQUE INDEX "KycCase_resubmissionTokenHash_key" ON "KycCase"("resubmissionTokenHash");

-- CreateIndex
CREATE INDEX "KycCase_priority_submittedAt_caseNumber_idx" ON "KycCase"("priority", "submittedAt", "caseNumber") WHERE ("status" < 'approved');

-- CreateIndex
CREATE INDEX "KycCase_submittedAt_caseNumber_idx" ON "KycCase"("submittedAt", "caseNumber");

-- CreateIndex
CREATE INDEX "KycCase_approvedAt_idx" ON "KycCase"("approvedAt");

-- CreateIndex
CREATE INDEX "KycCase_rejectedAt_idx" ON "KycCase"("rejectedAt");

-- CreateIndex
CREATE INDEX "LoanApplication_search_trgm_idx" ON "LoanApplication" USING GIN ("name" gin_trgm_ops, "email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "SocietyMember_nid_idx" ON "SocietyMember"("nid");

-- AddForeignKey
ALTER TABLE "BlacklistEntry" ADD CONSTRAINT "BlacklistEntry_addedById_fkey" FOREIGN KEY ("addedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;
