/**
 * Bulk data for the back-office benchmarks: one INSERT … SELECT over generate_series per table, so
 * 100,000 applications take seconds, not one round trip each. Deterministic (no random()), spread over
 * the last `days` days, in every status, loan type and a mix of Bengali and English names.
 */
import pg from "pg";

export async function seedApplicationsInBulk(databaseUrl: string, count: number, days = 120): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "LoanApplication" (
         "id", "applicationId", "status", "language", "loanType", "amount", "tenure", "purpose",
         "name", "phone", "email", "dob", "nid", "address", "employmentType", "employer", "monthlyIncome",
         "existingLoans", "principal", "interestRate", "months", "emi", "totalPayable", "totalInterest",
         "nidVerified", "nidVerificationStatus", "submittedAt", "createdAt", "updatedAt", "reviewedAt", "rejectionReason")
       SELECT
         'bulk' || lpad(i::text, 10, '0'),
         'LB' || (1700000000000 + i)::text || '000',
         (ARRAY['pending','under_review','approved','rejected']::"ApplicationStatus"[])[1 + i % 4],
         (ARRAY['bn','en']::"Language"[])[1 + i % 2],
         (ARRAY['instant','salary','consumer','business']::"LoanType"[])[1 + (i / 4) % 4],
         10000 + (i % 90) * 5000, 12, 'Business stock',
         (ARRAY['রহিমা খাতুন','Karim Uddin','সালমা বেগম','Jamal Hossain','নাসরিন আক্তার','Rafiq Islam'])[1 + i % 6] || ' ' || i,
         '+8801' || (3 + i % 7)::text || lpad((i % 100000000)::text, 8, '0'),
         CASE WHEN i % 3 = 0 THEN 'user' || i || '@example.com' END,
         DATE '1990-01-01' + (i % 7000), lpad(i::text, 10, '0'), 'Mirpur, Dhaka',
         'salaried', 'Square Textiles', 30000 + (i % 50) * 1000, NULL,
         10000 + (i % 90) * 5000, 18.00, 12, 1000 + (i % 90) * 460, 12000 + (i % 90) * 5520, 2000 + (i % 90) * 520,
         i % 5 = 0, 'pending_staff_verification',
         now() - make_interval(secs => (i::double precision / $1) * $2 * 86400),
         now() - make_interval(secs => (i::double precision / $1) * $2 * 86400),
         now() - make_interval(secs => (i::double precision / $1) * $2 * 86400),
         CASE WHEN i % 4 >= 2 THEN now() - make_interval(secs => (i::double precision / $1) * $2 * 86400) + interval '2 hours' END,
         CASE WHEN i % 4 = 3 THEN 'Income could not be verified' END
       FROM generate_series(1, $1::int) AS s(i)`,
      [count, days],
    );
    // As autovacuum would after a bulk load: statistics, and the visibility map that index-only scans need.
    await client.query(`VACUUM ANALYZE "LoanApplication"`);
  } finally {
    await client.end();
  }
}
