-- CreateTable
CREATE TABLE "NumberCounter" (
    "name" TEXT NOT NULL,
    "lastValue" INTEGER NOT NULL,

    CONSTRAINT "NumberCounter_pkey" PRIMARY KEY ("name")
);

-- Receipt numbers continue after the highest one already issued (the demo data's, on a demo database).
INSERT INTO "NumberCounter" ("name", "lastValue")
SELECT 'payment', COALESCE(MAX(substring("paymentNumber" FROM 5)::int), 0)
FROM "LoanPayment" WHERE "paymentNumber" ~ '^PAY-[0-9]+$';
