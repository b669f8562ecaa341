-- Trigram indexes for substring searches: pg_trgm ships with PostgreSQL, and PGlite loads its build of it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "Customer_createdAt_userNumber_idx" ON "Customer"("createdAt", "userNumber");

-- CreateIndex
CREATE INDEX "Customer_search_trgm_idx" ON "Customer" USING GIN ("name" gin_trgm_ops, "email" gin_trgm_ops, "userNumber" gin_trgm_ops, "userCode" gin_trgm_ops);
