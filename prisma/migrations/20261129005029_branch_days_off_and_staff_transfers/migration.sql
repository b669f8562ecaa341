-- CreateEnum
CREATE TYPE "StaffTransferStatus" AS ENUM ('requested', 'completed', 'rejected');

-- AlterTable
ALTER TABLE "Office" ADD COLUMN     "weeklyDaysOff" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- CreateTable
CREATE TABLE "OfficeHoliday" (
    "officeId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "nameBn" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OfficeHoliday_pkey" PRIMARY KEY ("officeId","date")
);

-- CreateTable
CREATE TABLE "StaffTransfer" (
    "id" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "fromOfficeId" TEXT NOT NULL,
    "toOfficeId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "StaffTransferStatus" NOT NULL DEFAULT 'requested',
    "requestedById" TEXT NOT NULL,
    "fromApprovedById" TEXT,
    "toApprovedById" TEXT,
    "rejectedById" TEXT,
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "StaffTransfer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OfficeHoliday_date_idx" ON "OfficeHoliday"("date");

-- CreateIndex
CREATE INDEX "StaffTransfer_staffUserId_idx" ON "StaffTransfer"("staffUserId");

-- CreateIndex
CREATE INDEX "StaffTransfer_fromOfficeId_status_idx" ON "StaffTransfer"("fromOfficeId", "status");

-- CreateIndex
CREATE INDEX "StaffTransfer_toOfficeId_status_idx" ON "StaffTransfer"("toOfficeId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "StaffTransfer_one_open" ON "StaffTransfer"("staffUserId") WHERE ("status" = 'requested');

-- AddForeignKey
ALTER TABLE "OfficeHoliday" ADD CONSTRAINT "OfficeHoliday_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_fromOfficeId_fkey" FOREIGN KEY ("fromOfficeId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_toOfficeId_fkey" FOREIGN KEY ("toOfficeId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_requestedById_fkey" FOREIGN KEY ("requestedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_fromApprovedById_fkey" FOREIGN KEY ("fromApprovedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_toApprovedById_fkey" FOREIGN KEY ("toApprovedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffTransfer" ADD CONSTRAINT "StaffTransfer_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- An office's weekly days off are weekdays (0 = Sunday … 6 = Saturday), each once, fewer than seven: a branch with
-- every day off would leave a schedule no due date (decision 0259). Also for the app's own database role.
CREATE FUNCTION "office_days_off_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."weeklyDaysOff" IS NULL THEN
    NEW."weeklyDaysOff" := ARRAY[]::INTEGER[];
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(NEW."weeklyDaysOff") AS d WHERE d IS NULL OR d < 0 OR d > 6)
     OR cardinality(NEW."weeklyDaysOff") <> (SELECT count(DISTINCT d) FROM unnest(NEW."weeklyDaysOff") AS d)
     OR cardinality(NEW."weeklyDaysOff") >= 7 THEN
    RAISE EXCEPTION 'an office''s weekly days off are distinct weekdays, fewer than seven' USING ERRCODE = 'check_violation';
  END IF;
  -- The head office's are the lender's (LendingRules.weeklyDaysOff): none of its own, or every branch would follow it.
  IF NEW."parentId" IS NULL AND cardinality(NEW."weeklyDaysOff") > 0 THEN
    RAISE EXCEPTION 'the head office''s weekly days off are the lender''s rules' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Office_days_off_valid" BEFORE INSERT OR UPDATE OF "weeklyDaysOff", "parentId" ON "Office"
  FOR EACH ROW EXECUTE FUNCTION "office_days_off_valid"();

-- A staff transfer is decided once, never deleted, and approved by two people other than its requester: the customer
-- transfer's rule (decision 0258), reused.
CREATE TRIGGER "StaffTransfer_kept" BEFORE UPDATE OR DELETE ON "StaffTransfer"
  FOR EACH ROW EXECUTE FUNCTION "customer_transfer_kept"();

-- A local holiday is an office's below the head office (the head office's are the government's, in "Holiday").
CREATE FUNCTION "office_holiday_below_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "Office" WHERE "id" = NEW."officeId" AND "parentId" IS NULL) THEN
    RAISE EXCEPTION 'the head office''s holidays are the lender''s calendar, not a local holiday' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "OfficeHoliday_below_head" BEFORE INSERT OR UPDATE ON "OfficeHoliday"
  FOR EACH ROW EXECUTE FUNCTION "office_holiday_below_head"();

-- A staff move starts as a request of someone other than the person moved, with no approval yet.
CREATE FUNCTION "staff_transfer_requested"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" <> 'requested' OR NEW."fromApprovedById" IS NOT NULL OR NEW."toApprovedById" IS NOT NULL OR NEW."rejectedById" IS NOT NULL THEN
    RAISE EXCEPTION 'a staff move starts as a request, undecided' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."requestedById" = NEW."staffUserId" THEN
    RAISE EXCEPTION 'nobody asks for their own move' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "StaffTransfer_requested" BEFORE INSERT ON "StaffTransfer"
  FOR EACH ROW EXECUTE FUNCTION "staff_transfer_requested"();
