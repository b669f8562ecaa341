/**
 * Bulk data for the back-office and backup benchmarks: one INSERT … SELECT over generate_series per table, so
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

/**
 * One society for the backup benchmarks: `workers` workers, `members` members and `collections` collections
 * (Bengali names), in three INSERT … SELECT statements.
 */
export async function seedBackupSocietyInBulk(databaseUrl: string, { societyId, workers, members, collections }: { societyId: string; workers: number; members: number; collections: number }): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ($1, 'বেঞ্চমার্ক সমিতি', now())`, [societyId]);
  await client.query(
    `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "totalMembers", "createdByRole")
     SELECT 'w' || w, $1, 'W' || lpad(w::text, 3, '0'), 'কর্মী ' || w, 'এলাকা ' || w, '+88018110' || lpad(w::text, 5, '0'), $2::int / $3::int, 'admin' FROM generate_series(1, $3::int) w`,
    [societyId, members, workers],
  );
  await client.query(
    `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
     SELECT 'm' || m, $1, 'M' || lpad(m::text, 5, '0'), 'BS-' || m, (ARRAY['রহিমা খাতুন','সালমা বেগম','নাসরিন আক্তার'])[1 + m % 3] || ' ' || m,
       lpad(m::text, 10, '1'), '+88017' || lpad(m::text, 8, '0'), 'w' || (1 + m % $3::int), 'এলাকা ' || (1 + m % $3::int), 100, 20, DATE '2025-01-01', 'admin'
     FROM generate_series(1, $2::int) m`,
    [societyId, members, workers],
  );
  await client.query(
    `INSERT INTO "SocietyCollection" ("id", "societyId", "code", "memberId", "workerId", "date", "installmentCollected", "savingsCollected", "createdAt", "createdByRole")
     SELECT 'c' || c, $1, 'C' || lpad(c::text, 6, '0'), 'm' || (1 + c % $2::int), 'w' || (1 + (1 + c % $2::int) % $3::int), DATE '2025-01-01' + (c / $2::int), 100, 20,
       timestamp '2025-01-01' + c * interval '1 second', 'user'
     FROM generate_series(1, $4::int) c`,
    [societyId, members, workers, collections],
  );
  await client.query("ANALYZE");
  await client.end();
}
