-- CreateTable
CREATE TABLE "UnknownStaffPhone" (
    "phone" TEXT NOT NULL,
    "failedSignInCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UnknownStaffPhone_pkey" PRIMARY KEY ("phone")
);

-- CreateIndex
CREATE INDEX "UnknownStaffPhone_updatedAt_idx" ON "UnknownStaffPhone"("updatedAt");
