-- The database itself keeps a sign-in code out of every readable column, whatever the statement (a server of an older
-- release during a rolling deploy, the app's role, a hand-written fix): while the message waits, its full text lives
-- only in "sealedBody" and "body" shows the code masked; once it is sent or given up, "sealedBody" is cleared and the
-- body stays masked. A gateway's refusal may echo the text: "lastError" is masked the same way.
DROP TRIGGER "OutboxMessage_unseal_once_done" ON "OutboxMessage";
DROP FUNCTION "OutboxMessage_unseal_once_done"();

CREATE FUNCTION "OutboxMessage_keep_secret_sealed"() RETURNS trigger AS $$
BEGIN
  IF NEW."template" = 'borrower.sign-in-code' THEN
    IF NEW."status" = 'pending' AND NEW."sealedBody" IS NULL AND NEW."body" ~ '[0-9]{6}' THEN
      NEW."sealedBody" := NEW."body";
    END IF;
    NEW."body" := regexp_replace(NEW."body", '[0-9]{6}', '••••••', 'g');
    NEW."lastError" := regexp_replace(NEW."lastError", '[0-9]{6}', '••••••', 'g');
  END IF;
  IF NEW."status" <> 'pending' THEN
    NEW."sealedBody" := NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "OutboxMessage_keep_secret_sealed"
BEFORE INSERT OR UPDATE ON "OutboxMessage"
FOR EACH ROW EXECUTE FUNCTION "OutboxMessage_keep_secret_sealed"();

UPDATE "OutboxMessage" SET "lastError" = regexp_replace("lastError", '[0-9]{6}', '••••••', 'g')
WHERE "template" = 'borrower.sign-in-code' AND "lastError" ~ '[0-9]{6}';
