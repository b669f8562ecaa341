-- CreateEnum
CREATE TYPE "OfficeLevel" AS ENUM ('head_office', 'zone', 'region', 'area', 'branch');

-- CreateEnum
CREATE TYPE "OfficeStatus" AS ENUM ('open', 'closed');

-- CreateTable
CREATE TABLE "Office" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "nameBn" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "level" "OfficeLevel" NOT NULL,
    "parentId" TEXT,
    "path" TEXT NOT NULL DEFAULT '',
    "division" TEXT,
    "district" TEXT,
    "upazila" TEXT,
    "openedOn" DATE NOT NULL,
    "status" "OfficeStatus" NOT NULL DEFAULT 'open',
    "closedOn" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Office_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Office_code_key" ON "Office"("code");

-- CreateIndex
CREATE UNIQUE INDEX "Office_path_key" ON "Office"("path");

-- CreateIndex
CREATE INDEX "Office_parentId_idx" ON "Office"("parentId");

-- The office tree keeps each office's path from its parent's ("/<root id>/…/<own id>/"): a subtree is a prefix.
-- A child is at a deeper level than its parent, a branch has no children, the head office is the one root, an
-- office keeps its level, is never deleted and never moves under itself. Also for the app's own database role.
CREATE FUNCTION "office_tree_path"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent_row "Office"%ROWTYPE;
BEGIN
  -- Changes to the tree take turns (they are rare): two moves at once could otherwise each build a path from the
  -- other's old one, and two roots could each see none.
  PERFORM pg_advisory_xact_lock(hashtext('rinbondhu.office_tree'));
  IF TG_OP = 'UPDATE' AND NEW."level" <> OLD."level" THEN
    RAISE EXCEPTION 'an office keeps its level' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."parentId" IS NULL THEN
    IF NEW."level" <> 'head_office' OR EXISTS (SELECT 1 FROM "Office" WHERE "parentId" IS NULL AND "id" <> NEW."id") THEN
      RAISE EXCEPTION 'only the head office has no parent office, and there is one head office' USING ERRCODE = 'check_violation';
    END IF;
    NEW."path" := '/' || NEW."id" || '/';
    RETURN NEW;
  END IF;
  SELECT * INTO parent_row FROM "Office" WHERE "id" = NEW."parentId" FOR SHARE;
  IF parent_row."level" = 'branch' OR parent_row."level" >= NEW."level" THEN
    RAISE EXCEPTION 'an office sits under an office of a higher level, never under a branch' USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'UPDATE' AND parent_row."path" LIKE OLD."path" || '%' THEN
    RAISE EXCEPTION 'an office cannot move under itself' USING ERRCODE = 'check_violation';
  END IF;
  IF (TG_OP = 'INSERT' OR NEW."parentId" IS DISTINCT FROM OLD."parentId" OR (NEW."status" = 'open' AND OLD."status" <> 'open'))
     AND parent_row."status" <> 'open' THEN
    RAISE EXCEPTION 'a closed office takes no new offices' USING ERRCODE = 'check_violation';
  END IF;
  NEW."path" := parent_row."path" || NEW."id" || '/';
  RETURN NEW;
END $$;

CREATE TRIGGER "Office_tree_path" BEFORE INSERT OR UPDATE ON "Office"
  FOR EACH ROW EXECUTE FUNCTION "office_tree_path"();

-- A move rewrites the children's paths, which rewrite theirs in turn.
CREATE FUNCTION "office_tree_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."path" IS DISTINCT FROM OLD."path" THEN
    UPDATE "Office" SET "path" = '' WHERE "parentId" = NEW."id";
  END IF;
  IF NEW."status" = 'closed' AND OLD."status" = 'open'
     AND EXISTS (SELECT 1 FROM "Office" WHERE "parentId" = NEW."id" AND "status" = 'open') THEN
    RAISE EXCEPTION 'an office closes after the offices under it' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "Office_tree_moved" AFTER UPDATE ON "Office"
  FOR EACH ROW EXECUTE FUNCTION "office_tree_moved"();

CREATE FUNCTION "office_never_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an office is closed, never deleted' USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER "Office_never_deleted" BEFORE DELETE ON "Office"
  FOR EACH ROW EXECUTE FUNCTION "office_never_deleted"();

-- Every existing record goes into one branch of a head office, so nothing changes for a single-branch lender.
INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
VALUES ('office-head', 'HO', 'প্রধান কার্যালয়', 'Head office', 'head_office', NULL, (now() AT TIME ZONE 'Asia/Dhaka')::date, now());
INSERT INTO "Office" ("id", "code", "nameBn", "nameEn", "level", "parentId", "openedOn", "updatedAt")
VALUES ('office-main-branch', 'B0001', 'প্রধান শাখা', 'Main branch', 'branch', 'office-head', (now() AT TIME ZONE 'Asia/Dhaka')::date, now());

-- The branch a record gets when the code names none: the one open branch, or none (then the insert fails on the
-- NOT NULL, and an application waits in the head office's queue) once a lender has several.
CREATE FUNCTION default_branch_id() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) = 1 THEN min("id") END FROM "Office" WHERE "level" = 'branch' AND "status" = 'open'
$$;

ALTER TABLE "CollectionActivity" ADD COLUMN "branchId" TEXT NOT NULL DEFAULT default_branch_id();
ALTER TABLE "Customer" ADD COLUMN "branchId" TEXT NOT NULL DEFAULT default_branch_id();
ALTER TABLE "KycCase" ADD COLUMN "branchId" TEXT DEFAULT default_branch_id();
ALTER TABLE "Loan" ADD COLUMN "branchId" TEXT NOT NULL DEFAULT default_branch_id();
ALTER TABLE "LoanApplication" ADD COLUMN "branchId" TEXT DEFAULT default_branch_id();
ALTER TABLE "LoanPayment" ADD COLUMN "receivedAtBranchId" TEXT NOT NULL DEFAULT default_branch_id();
-- Staff created without an office work at the head office, as every member of staff did before offices existed.
CREATE FUNCTION head_office_id() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT "id" FROM "Office" WHERE "parentId" IS NULL
$$;

ALTER TABLE "StaffUser" ADD COLUMN "officeId" TEXT NOT NULL DEFAULT head_office_id();

-- CreateIndex
CREATE INDEX "CollectionActivity_branchId_createdAt_idx" ON "CollectionActivity"("branchId", "createdAt");

-- CreateIndex
CREATE INDEX "Customer_branchId_idx" ON "Customer"("branchId");

-- CreateIndex
CREATE INDEX "KycCase_branchId_status_idx" ON "KycCase"("branchId", "status");

-- CreateIndex
CREATE INDEX "Loan_branchId_status_idx" ON "Loan"("branchId", "status");

-- CreateIndex
CREATE INDEX "LoanApplication_branchId_status_idx" ON "LoanApplication"("branchId", "status");

-- CreateIndex
CREATE INDEX "LoanPayment_receivedAtBranchId_paymentDate_idx" ON "LoanPayment"("receivedAtBranchId", "paymentDate");

-- CreateIndex
CREATE INDEX "StaffUser_officeId_idx" ON "StaffUser"("officeId");

-- AddForeignKey
ALTER TABLE "LoanApplication" ADD CONSTRAINT "LoanApplication_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Office" ADD CONSTRAINT "Office_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanPayment" ADD CONSTRAINT "LoanPayment_receivedAtBranchId_fkey" FOREIGN KEY ("receivedAtBranchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionActivity" ADD CONSTRAINT "CollectionActivity_branchId_fkey" FOREIGN KEY ("branchId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffUser" ADD CONSTRAINT "StaffUser_officeId_fkey" FOREIGN KEY ("officeId") REFERENCES "Office"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- A record of the lending business belongs to a branch (not an area or the head office), and a closed branch takes no
-- new records; staff belong to an open office. Also for the app's own database role.
CREATE FUNCTION "record_in_open_branch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  office_id text := to_jsonb(NEW) ->> TG_ARGV[0];
  office_row "Office"%ROWTYPE;
BEGIN
  IF office_id IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND office_id IS NOT DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[0]) THEN
    RETURN NEW;
  END IF;
  -- FOR SHARE: a close of this office (which locks it FOR UPDATE and counts what is still open there) waits for this
  -- record, or this record waits for the close and then sees it.
  SELECT * INTO office_row FROM "Office" WHERE "id" = office_id FOR SHARE;
  IF office_row."status" <> 'open' OR (TG_ARGV[1] = 'branch' AND office_row."level" <> 'branch') THEN
    RAISE EXCEPTION 'a record belongs to an open branch (staff to an open office)' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "LoanApplication_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "LoanApplication"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
CREATE TRIGGER "Customer_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "Customer"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
CREATE TRIGGER "Loan_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "Loan"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
CREATE TRIGGER "KycCase_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "KycCase"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
CREATE TRIGGER "CollectionActivity_in_open_branch" BEFORE INSERT OR UPDATE OF "branchId" ON "CollectionActivity"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('branchId', 'branch');
CREATE TRIGGER "LoanPayment_in_open_branch" BEFORE INSERT OR UPDATE OF "receivedAtBranchId" ON "LoanPayment"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('receivedAtBranchId', 'branch');
CREATE TRIGGER "StaffUser_in_open_office" BEFORE INSERT OR UPDATE OF "officeId" ON "StaffUser"
  FOR EACH ROW EXECUTE FUNCTION "record_in_open_branch"('officeId', 'any');

-- Where a payment was received never changes (a transfer moves the loan, not its history).
CREATE FUNCTION "payment_branch_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."receivedAtBranchId" IS DISTINCT FROM OLD."receivedAtBranchId" THEN
    RAISE EXCEPTION 'a payment keeps the branch where it was received' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "LoanPayment_branch_kept" BEFORE UPDATE OF "receivedAtBranchId" ON "LoanPayment"
  FOR EACH ROW EXECUTE FUNCTION "payment_branch_kept"();
