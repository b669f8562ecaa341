-- AlterTable
ALTER TABLE "BorrowerSignInCode" ADD COLUMN     "challengeHash" TEXT,
ADD COLUMN     "deviceId" TEXT;

-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "sealedBody" TEXT;

-- CreateIndex
CREATE INDEX "BorrowerSignInCode_phone_challengeHash_idx" ON "BorrowerSignInCode"("phone", "challengeHash");

-- A message's secret (a sign-in code) lives in "sealedBody" only while the message waits to be sent: once it is sent
-- or given up, the database clears it, whatever the statement that changed the status (the app's role included).
CREATE OR REPLACE FUNCTION "OutboxMessage_unseal_once_done"() RETURNS trigger AS $$
BEGIN
  IF NEW."status" <> 'pending' THEN
    NEW."sealedBody" := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "OutboxMessage_unseal_once_done"
BEFORE INSERT OR UPDATE ON "OutboxMessage"
FOR EACH ROW EXECUTE FUNCTION "OutboxMessage_unseal_once_done"();

-- Codes queued before: a waiting one keeps its text sealed for the sender, and no stored body shows a code any more.
UPDATE "OutboxMessage"
SET "sealedBody" = CASE WHEN "status" = 'pending' THEN "body" END,
    "body" = regexp_replace("body", '[0-9]{6}', '••••••', 'g')
WHERE "template" = 'borrower.sign-in-code';
