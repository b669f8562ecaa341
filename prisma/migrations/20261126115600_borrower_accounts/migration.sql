-- CreateTable
CREATE TABLE "BorrowerSignInCode" (
    "id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "known" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "usedAt" TIMESTAMP(3),
    "identityTokenHash" TEXT,
    "identityFailedAttempts" INTEGER NOT NULL DEFAULT 0,
    "completedAt" TIMESTAMP(3),
    "ip" TEXT,

    CONSTRAINT "BorrowerSignInCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BorrowerDevice" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "nid" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "BorrowerDevice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BorrowerSession" (
    "id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "nid" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "deviceId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "ip" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "BorrowerSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "BorrowerSignInCode_identityTokenHash_key" ON "BorrowerSignInCode"("identityTokenHash");

-- CreateIndex
CREATE INDEX "BorrowerSignInCode_phone_createdAt_idx" ON "BorrowerSignInCode"("phone", "createdAt");

-- CreateIndex
CREATE INDEX "BorrowerSignInCode_createdAt_idx" ON "BorrowerSignInCode"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "BorrowerDevice_tokenHash_key" ON "BorrowerDevice"("tokenHash");

-- CreateIndex
CREATE INDEX "BorrowerDevice_nid_idx" ON "BorrowerDevice"("nid");

-- CreateIndex
CREATE UNIQUE INDEX "BorrowerSession_tokenHash_key" ON "BorrowerSession"("tokenHash");

-- CreateIndex
CREATE INDEX "BorrowerSession_nid_createdAt_idx" ON "BorrowerSession"("nid", "createdAt");

-- CreateIndex
CREATE INDEX "BorrowerSession_deviceId_idx" ON "BorrowerSession"("deviceId");

-- AddForeignKey
ALTER TABLE "BorrowerSession" ADD CONSTRAINT "BorrowerSession_deviceId_fkey" FOREIGN KEY ("deviceId") REFERENCES "BorrowerDevice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE INDEX "OutboxMessage_recipient_createdAt_idx" ON "OutboxMessage"("recipient", "createdAt");
