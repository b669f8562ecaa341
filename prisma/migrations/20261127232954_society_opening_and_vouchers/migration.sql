-- The new values first, in their own migration: PostgreSQL uses an enum value only once the migration that added it
-- has committed (the next migration's index and functions use them).
CREATE TYPE "SocietyOpeningStatus" AS ENUM ('proposed', 'posted', 'rejected');
ALTER TYPE "SocietyCodeKind" ADD VALUE 'voucher';
ALTER TYPE "SocietyCodeKind" ADD VALUE 'withdrawal';
ALTER TYPE "SocietyJournalKind" ADD VALUE 'opening_balance';
