-- The regulator's rules (issue 26): the lending rules row, the holiday calendar, and each instalment's date before
-- days off moved it. Rules the database keeps are triggers, not CHECK constraints: Prisma's WebAssembly schema engine
-- (scripts/db/schema-engine.ts) crashes when it reads a CHECK constraint back while diffing the schema.

-- Every existing instalment was scheduled on its due date (schedules ignored days off until now).
ALTER TABLE "LoanInstallment" ADD COLUMN "scheduledDate" DATE;
UPDATE "LoanInstallment" SET "scheduledDate" = "dueDate";

-- A row written without a scheduled date (a seed, a bulk import) was scheduled on its due date; none is left empty.
CREATE FUNCTION "loan_installment_scheduled_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."scheduledDate" IS NULL THEN
    NEW."scheduledDate" := NEW."dueDate";
  END IF;
  IF NEW."scheduledDate" IS NULL THEN
    RAISE EXCEPTION 'an instalment keeps its scheduled date' USING ERRCODE = 'not_null_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "LoanInstallment_scheduled_date" BEFORE INSERT OR UPDATE OF "scheduledDate" ON "LoanInstallment"
  FOR EACH ROW EXECUTE FUNCTION "loan_installment_scheduled_date"();

-- CreateTable
CREATE TABLE "LendingRules" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "rateCeilingPercent" DECIMAL(5,2) NOT NULL DEFAULT 24,
    "minFirstInstallmentDays" INTEGER NOT NULL DEFAULT 15,
    "weeklyDaysOff" INTEGER[] DEFAULT ARRAY[5, 6]::INTEGER[],
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LendingRules_pkey" PRIMARY KEY ("id")
);

-- One row of rules, within sensible bounds, and never a ceiling below a product's rate.
CREATE FUNCTION "lending_rules_valid"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" <> 1 THEN
    RAISE EXCEPTION 'there is one row of lending rules' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW."rateCeilingPercent" <= 0 OR NEW."minFirstInstallmentDays" NOT BETWEEN 0 AND 90
     OR NEW."weeklyDaysOff" IS NULL OR NOT (NEW."weeklyDaysOff" <@ ARRAY[0, 1, 2, 3, 4, 5, 6]) OR cardinality(NEW."weeklyDaysOff") >= 7 THEN
    RAISE EXCEPTION 'lending rules out of range' USING ERRCODE = 'check_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM "LoanProduct" WHERE "annualRate" > NEW."rateCeilingPercent") THEN
    RAISE EXCEPTION 'a product''s rate is above the ceiling %', NEW."rateCeilingPercent" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "LendingRules_valid" BEFORE INSERT OR UPDATE ON "LendingRules"
  FOR EACH ROW EXECUTE FUNCTION "lending_rules_valid"();
INSERT INTO "LendingRules" ("id") VALUES (1);

-- CreateTable
CREATE TABLE "Holiday" (
    "date" DATE NOT NULL,
    "nameBn" TEXT NOT NULL,
    "nameEn" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Holiday_pkey" PRIMARY KEY ("date")
);

-- The database refuses a product above the rate ceiling.
CREATE FUNCTION "loan_product_rate_within_ceiling"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ceiling DECIMAL(5,2);
BEGIN
  SELECT "rateCeilingPercent" INTO ceiling FROM "LendingRules" WHERE "id" = 1;
  IF ceiling IS NOT NULL AND NEW."annualRate" > ceiling THEN
    RAISE EXCEPTION 'annual rate % is above the ceiling %', NEW."annualRate", ceiling USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "LoanProduct_rate_within_ceiling" BEFORE INSERT OR UPDATE OF "annualRate" ON "LoanProduct"
  FOR EACH ROW EXECUTE FUNCTION "loan_product_rate_within_ceiling"();

-- Nothing is deducted from a disbursement: the amount paid out is the amount approved.
CREATE FUNCTION "loan_disbursed_equals_approved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."disbursedAmount" IS NOT NULL AND NEW."disbursedAmount" IS DISTINCT FROM NEW."approvedAmount" THEN
    RAISE EXCEPTION 'the amount disbursed (%) must be the amount approved (%)', NEW."disbursedAmount", NEW."approvedAmount" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "Loan_disbursed_equals_approved" BEFORE INSERT OR UPDATE OF "disbursedAmount", "approvedAmount" ON "Loan"
  FOR EACH ROW EXECUTE FUNCTION "loan_disbursed_equals_approved"();
