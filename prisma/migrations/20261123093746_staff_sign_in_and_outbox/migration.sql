-- CreateEnum
CREATE TYPE "OutboxChannel" AS ENUM ('email', 'sms');

-- CreateEnum
CREATE TYPE "OutboxStatus" AS ENUM ('pending', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "SignInChallengePurpose" AS ENUM ('verify_code', 'enrol');

-- AlterTable
ALTER TABLE "StaffUser" ADD COLUMN     "passwordChangedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL,
    "channel" "OutboxChannel" NOT NULL,
    "recipient" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "template" TEXT NOT NULL,
    "subject" TEXT,
    "body" TEXT NOT NULL,
    "status" "OutboxStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "entityType" TEXT,
    "entityId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffSignInChallenge" (
    "id" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "purpose" "SignInChallengePurpose" NOT NULL,
    "pendingSecret" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "ip" TEXT,

    CONSTRAINT "StaffSignInChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffRecoveryCode" (
    "id" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StaffRecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_entityType_entityId_idx" ON "OutboxMessage"("entityType", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "StaffSignInChallenge_tokenHash_key" ON "StaffSignInChallenge"("tokenHash");

-- CreateIndex
CREATE INDEX "StaffSignInChallenge_staffUserId_idx" ON "StaffSignInChallenge"("staffUserId");

-- CreateIndex
CREATE INDEX "StaffSignInChallenge_expiresAt_idx" ON "StaffSignInChallenge"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "StaffRecoveryCode_staffUserId_codeHash_key" ON "StaffRecoveryCode"("staffUserId", "codeHash");

-- CreateIndex
CREATE INDEX "KycCase_updatedAt_idx" ON "KycCase"("updatedAt");

-- CreateIndex
CREATE INDEX "Loan_updatedAt_idx" ON "Loan"("updatedAt");

-- CreateIndex
CREATE INDEX "LoanApplication_updatedAt_idx" ON "LoanApplication"("updatedAt");

-- CreateIndex
CREATE INDEX "LoanApplication_status_reviewedAt_idx" ON "LoanApplication"("status", "reviewedAt");

-- AddForeignKey
ALTER TABLE "StaffSignInChallenge" ADD CONSTRAINT "StaffSignInChallenge_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffRecoveryCode" ADD CONSTRAINT "StaffRecoveryCode_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;
