-- CreateEnum
CREATE TYPE "FieldMovedEntryStatus" AS ENUM ('pending', 'approved', 'refused');

-- CreateTable
CREATE TABLE "FieldMovedEntry" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "clientId" UUID NOT NULL,
    "memberId" TEXT NOT NULL,
    "fromWorkerId" TEXT NOT NULL,
    "toWorkerId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "installment" INTEGER NOT NULL,
    "savings" INTEGER NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,
    "submittedById" TEXT NOT NULL,
    "submittedByRole" "SocietyRole" NOT NULL,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" "FieldMovedEntryStatus" NOT NULL DEFAULT 'pending',
    "decidedById" TEXT,
    "decidedAt" TIMESTAMP(3),
    "collectionCode" TEXT,

    CONSTRAINT "FieldMovedEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FieldMovedEntry_societyId_status_idx" ON "FieldMovedEntry"("societyId", "status");

-- CreateIndex
CREATE INDEX "FieldMovedEntry_memberId_idx" ON "FieldMovedEntry"("memberId");

-- CreateIndex
CREATE UNIQUE INDEX "FieldMovedEntry_societyId_clientId_key" ON "FieldMovedEntry"("societyId", "clientId");

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "SocietyMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_fromWorkerId_fkey" FOREIGN KEY ("fromWorkerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_toWorkerId_fkey" FOREIGN KEY ("toWorkerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_submittedById_fkey" FOREIGN KEY ("submittedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FieldMovedEntry" ADD CONSTRAINT "FieldMovedEntry_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "StaffUser"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- A moved member's entry keeps the figures the phone sent; only its one decision is written, once (pending → approved
-- with its collection's receipt, or → refused), by whom and when. Also for the app's own database role.
CREATE FUNCTION "field_moved_entry_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."societyId", NEW."clientId", NEW."memberId", NEW."fromWorkerId", NEW."toWorkerId", NEW."date", NEW."installment", NEW."savings",
      NEW."recordedAt", NEW."submittedById", NEW."submittedByRole", NEW."submittedAt")
     IS DISTINCT FROM (OLD."societyId", OLD."clientId", OLD."memberId", OLD."fromWorkerId", OLD."toWorkerId", OLD."date", OLD."installment", OLD."savings",
      OLD."recordedAt", OLD."submittedById", OLD."submittedByRole", OLD."submittedAt") THEN
    RAISE EXCEPTION 'a moved member''s field entry keeps its figures' USING ERRCODE = 'check_violation';
  END IF;
  IF OLD."status" <> 'pending' THEN
    RAISE EXCEPTION 'a moved member''s field entry is decided once' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."status" = 'pending' OR NEW."decidedById" IS NULL OR NEW."decidedAt" IS NULL
     OR (NEW."status" = 'approved') <> (NEW."collectionCode" IS NOT NULL) THEN
    RAISE EXCEPTION 'a decision names who decided, when, and (approved) the collection recorded' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "FieldMovedEntry_decided_once" BEFORE UPDATE ON "FieldMovedEntry"
  FOR EACH ROW EXECUTE FUNCTION "field_moved_entry_decided_once"();

CREATE FUNCTION "field_moved_entry_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."installment" < 0 OR NEW."savings" < 0 OR NEW."installment" + NEW."savings" <= 0 OR NEW."fromWorkerId" = NEW."toWorkerId"
     OR NEW."status" <> 'pending' OR NEW."decidedById" IS NOT NULL OR NEW."collectionCode" IS NOT NULL THEN
    RAISE EXCEPTION 'a moved member''s field entry starts pending, with taka and two workers' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "FieldMovedEntry_figures" BEFORE INSERT ON "FieldMovedEntry"
  FOR EACH ROW EXECUTE FUNCTION "field_moved_entry_figures"();
