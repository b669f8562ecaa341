-- CreateEnum
CREATE TYPE "PrepaymentMode" AS ENUM ('lower_instalment', 'shorter_term');

-- CreateEnum
CREATE TYPE "LoanScheduleChangeKind" AS ENUM ('settlement', 'prepayment');

-- AlterTable
ALTER TABLE "LoanProduct" ADD COLUMN     "prepaymentMode" "PrepaymentMode" NOT NULL DEFAULT 'lower_instalment';

-- CreateTable
CREATE TABLE "LoanScheduleChange" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "paymentId" TEXT NOT NULL,
    "kind" "LoanScheduleChangeKind" NOT NULL,
    "onDate" DATE NOT NULL,
    "mode" "PrepaymentMode",
    "changes" JSONB NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoanScheduleChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LoanScheduleChange_paymentId_key" ON "LoanScheduleChange"("paymentId");

-- CreateIndex
CREATE INDEX "LoanScheduleChange_loanId_createdAt_idx" ON "LoanScheduleChange"("loanId", "createdAt");

-- AddForeignKey
ALTER TABLE "LoanScheduleChange" ADD CONSTRAINT "LoanScheduleChange_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanScheduleChange" ADD CONSTRAINT "LoanScheduleChange_paymentId_fkey" FOREIGN KEY ("paymentId") REFERENCES "LoanPayment"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanScheduleChange" ADD CONSTRAINT "LoanScheduleChange_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A schedule change is history (decision 0266): the app's role adds them, never edits or deletes one.
CREATE OR REPLACE FUNCTION "rinbondhu_grant_runtime"(p_role text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  append_only text[] := ARRAY['AuditLog', 'SocietyJournalEntry', 'SocietyJournalLine', 'LenderJournalEntry', 'LenderJournalLine', 'LoanScheduleChange'];
  read_only text[] := ARRAY['SocietyAccountDay', 'LenderAccountDay', 'ProvisioningRun', 'LoanClassification', '_prisma_migrations'];
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', current_schema(), p_role);
  FOR t IN SELECT c."relname" FROM pg_class c WHERE c."relnamespace" = current_schema()::regnamespace AND c."relkind" IN ('r', 'p') LOOP
    EXECUTE format('REVOKE ALL ON TABLE %I FROM %I', t."relname", p_role);
    IF t."relname" = ANY (read_only) THEN
      EXECUTE format('GRANT SELECT ON TABLE %I TO %I', t."relname", p_role);
    ELSIF t."relname" = ANY (append_only) THEN
      EXECUTE format('GRANT SELECT, INSERT ON TABLE %I TO %I', t."relname", p_role);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO %I', t."relname", p_role);
    END IF;
  END LOOP;
  EXECUTE format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA %I TO %I', current_schema(), p_role);
  -- Functions that run as their owner: only the runtime role (not every role) may call them.
  EXECUTE format('GRANT EXECUTE ON FUNCTION "society_books_purge"(text), "society_books_repost"(text), "lender_provisioning_run"(date, text) TO %I', p_role);
END $$;
