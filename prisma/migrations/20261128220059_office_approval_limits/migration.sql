-- AlterTable
ALTER TABLE "Office" ADD COLUMN     "approvalLimit" INTEGER;

-- A limit is a positive number of taka (a trigger, not a CHECK: Prisma's schema engine does not read CHECKs).
CREATE FUNCTION "office_approval_limit_positive"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."approvalLimit" IS NOT NULL AND NEW."approvalLimit" < 1 THEN
    RAISE EXCEPTION 'an approval limit is at least 1 taka' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Office_approval_limit_positive" BEFORE INSERT OR UPDATE OF "approvalLimit" ON "Office"
  FOR EACH ROW EXECUTE FUNCTION "office_approval_limit_positive"();

-- A loan is approved only within the approver's office's limit (issue 41, decision 0256), also for the app's own
-- database role: a loan above it waits for someone of an office higher up. The office is read FOR SHARE, so a limit
-- lowered at the same moment waits for this approval (or this approval sees the new limit).
CREATE FUNCTION "loan_approval_within_limit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  approval_limit integer;
BEGIN
  IF NEW."status" <> 'approved' OR NEW."approvedById" IS NULL THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."status" = 'approved' AND NEW."approvedAmount" IS NOT DISTINCT FROM OLD."approvedAmount"
     AND NEW."approvedById" IS NOT DISTINCT FROM OLD."approvedById" THEN
    RETURN NEW;
  END IF;
  SELECT o."approvalLimit" INTO approval_limit
    FROM "StaffUser" s JOIN "Office" o ON o."id" = s."officeId"
   WHERE s."id" = NEW."approvedById"
     FOR SHARE OF o;
  IF approval_limit IS NOT NULL AND COALESCE(NEW."approvedAmount", NEW."requestedAmount") > approval_limit THEN
    RAISE EXCEPTION 'a loan above the approver''s office''s approval limit is approved higher up' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "Loan_approval_within_limit" BEFORE INSERT OR UPDATE OF "status", "approvedAmount", "approvedById" ON "Loan"
  FOR EACH ROW EXECUTE FUNCTION "loan_approval_within_limit"();
