-- CreateEnum
CREATE TYPE "ProvisioningBase" AS ENUM ('principal', 'principal_and_accrued_interest');

-- CreateTable
CREATE TABLE "ProvisioningSetting" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "base" "ProvisioningBase" NOT NULL DEFAULT 'principal',
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedById" TEXT,

    CONSTRAINT "ProvisioningSetting_pkey" PRIMARY KEY ("id")
);

-- The one row, with the regulator's usual base (decision 0265).
INSERT INTO "ProvisioningSetting" ("id", "base", "updatedAt") VALUES (1, 'principal', now());
CREATE FUNCTION "provisioning_setting_one_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NEW."id" <> 1 THEN
    RAISE EXCEPTION 'the provisioning settings are one row' USING ERRCODE = 'check_violation', CONSTRAINT = 'ProvisioningSetting_one_row';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "ProvisioningSetting_one_row" BEFORE INSERT OR UPDATE OR DELETE ON "ProvisioningSetting" FOR EACH ROW EXECUTE FUNCTION "provisioning_setting_one_row"();
ALTER TABLE "ProvisioningSetting" ENABLE ALWAYS TRIGGER "ProvisioningSetting_one_row";

-- Each run keeps the base it applied.
ALTER TABLE "ProvisioningRun" ADD COLUMN "base" "ProvisioningBase" NOT NULL DEFAULT 'principal';
