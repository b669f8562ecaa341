-- Collection activities keep facts, worded in the reader's language when shown, instead of an English sentence.
ALTER TABLE "CollectionActivity"
  ADD COLUMN "facts" JSONB NOT NULL DEFAULT '{}',
  ADD COLUMN "note" TEXT,
  ALTER COLUMN "performedByLabel" DROP NOT NULL;

-- The two sentences the app wrote (lib/repayments/collection-service.ts before this migration) become their facts.
UPDATE "CollectionActivity" SET "facts" = jsonb_build_object(
    'emiNumber', (m)[1]::int, 'tenure', (m)[2]::int, 'dueDate', (m)[3])
  FROM (SELECT "id" AS "rowId", regexp_match("description", '^Called the member about EMI (\d+) of (\d+) \(due (\d{4}-\d{2}-\d{2})\)\.$') AS m
        FROM "CollectionActivity") AS parsed
  WHERE "id" = parsed."rowId" AND parsed.m IS NOT NULL;

UPDATE "CollectionActivity" SET "facts" = jsonb_build_object(
    'language', CASE (m)[1] WHEN 'English' THEN 'en' ELSE 'bn' END,
    'emiNumber', (m)[2]::int, 'tenure', (m)[3]::int, 'amount', (m)[4]::int, 'dueDate', (m)[5])
  FROM (SELECT "id" AS "rowId", regexp_match("description", '^SMS reminder \((Bengali|English)\): EMI (\d+) of (\d+), ৳(\d+) due on (\d{4}-\d{2}-\d{2})\.$') AS m
        FROM "CollectionActivity") AS parsed
  WHERE "id" = parsed."rowId" AND parsed.m IS NOT NULL;

-- Any other text (typed by a person, or written by an older seed) stays, as a note.
UPDATE "CollectionActivity" SET "note" = "description" WHERE "facts" = '{}'::jsonb AND "description" <> '';

-- What an automatic activity was done by is named by the screen, in the reader's language.
UPDATE "CollectionActivity" SET "performedByLabel" = NULL WHERE "performedById" IS NULL;

ALTER TABLE "CollectionActivity" DROP COLUMN "description";
