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
     SELECT 'c' || c, $1, 'C' || lpad(c::text, greatest(6, length(c::text)), '0'), 'm' || (1 + c % $2::int), 'w' || (1 + (1 + c % $2::int) % $3::int), DATE '2025-01-01' + (c / $2::int), 100, 20,
       timestamp '2025-01-01' + c * interval '1 second', 'user'
     FROM generate_series(1, $4::int) c`,
    [societyId, members, workers, collections],
  );
  await client.query("ANALYZE");
  await client.end();
}

/**
 * Loan management and repayments at scale: `loans` loans of `loans / 2` customers, 80% of them disbursed or
 * closed with a schedule (tenures 6, 12, 12 and 20 months: 12.5 instalments a loan, so 100,000 loans give about
 * 1,000,000 instalments), disbursed over the last two years so instalments fall due in the past, today and the
 * future. Instalments that fell due more than 5 days ago are paid (one payment each), except on every tenth
 * loan, which is behind; closed loans are paid up; one collection activity per disbursed loan. Deterministic.
 * `customers` (half the loans unless given) hold them round-robin.
 */
export async function seedLoansInBulk(databaseUrl: string, loans: number, customers = Math.max(1, Math.floor(loans / 2))): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Customer" ("id", "userNumber", "userCode", "name", "email", "phone", "nid", "address", "employmentType",
         "monthlyIncome", "joinDate", "kycStatus", "updatedAt")
       SELECT 'bc' || c, 'U' || lpad(c::text, 7, '0'), 'BK-' || lpad(c::text, 7, '0'),
         (ARRAY['রহিমা খাতুন','Karim Uddin','সালমা বেগম','Jamal Hossain','নাসরিন আক্তার','Rafiq Islam'])[1 + c % 6] || ' ' || c,
         CASE WHEN c % 3 = 0 THEN 'borrower' || c || '@example.com' END,
         '+8801' || (3 + c % 7)::text || lpad(c::text, 8, '0'), '5' || lpad(c::text, 12, '0'), 'Mirpur, Dhaka',
         (ARRAY['salaried','business','freelancer']::"EmploymentType"[])[1 + c % 3], 30000 + (c % 50) * 1000,
         DATE '2024-01-01' + (c % 700), (ARRAY['verified','pending','verified']::"KycStatus"[])[1 + c % 3], now()
       FROM generate_series(1, $1::int) c`,
      [customers],
    );
    await client.query(
      `INSERT INTO "Loan" ("id", "loanNumber", "customerId", "loanType", "requestedAmount", "approvedAmount", "tenure", "interestRate",
         "emi", "purpose", "status", "riskLevel", "monthlyIncome", "submittedAt", "approvedAt", "disbursedAt", "disbursedAmount",
         "scheduledDisbursementAt", "disbursementBankName", "disbursementBankAccount", "closedAt", "updatedAt")
       SELECT 'bl' || i, 'LN-' || lpad((100000 + i)::text, 7, '0'), 'bc' || (1 + i % $2::int),
         (ARRAY['instant','salary','consumer','business']::"LoanType"[])[1 + i % 4],
         amount, CASE WHEN status IN ('approved','disbursed','closed') THEN amount END, tenure, 18.00,
         round(amount * 1.1 / tenure)::int, 'Business stock', status,
         (ARRAY['low','medium','high','low']::"RiskLevel"[])[1 + (i / 3) % 4], 30000 + (i % 50) * 1000,
         disbursed - interval '5 days',
         CASE WHEN status IN ('approved','disbursed','closed') THEN disbursed - interval '2 days' END,
         CASE WHEN status IN ('disbursed','closed') THEN disbursed END,
         CASE WHEN status IN ('disbursed','closed') THEN amount END,
         CASE WHEN status IN ('disbursed','closed') THEN disbursed::date END,
         CASE WHEN status IN ('disbursed','closed') THEN 'Sonali Bank' END,
         CASE WHEN status IN ('disbursed','closed') THEN lpad(i::text, 12, '0') END,
         CASE WHEN status = 'closed' THEN now() - interval '1 day' END,
         now()
       FROM (
         SELECT i, 10000 + (i % 90) * 5000 AS amount, (ARRAY[6, 12, 12, 20])[1 + (i / 4) % 4] AS tenure,
           (ARRAY['pending_approval','pending_approval','approved','rejected','closed','closed',
                  'disbursed','disbursed','disbursed','disbursed','disbursed','disbursed','disbursed','disbursed','disbursed',
                  'disbursed','disbursed','disbursed','disbursed','disbursed']::"LoanStatus"[])[1 + i % 20] AS status,
           now() - make_interval(days => (i * 7919) % 700) AS disbursed
         FROM generate_series(1, $1::int) AS s(i)
       ) AS l`,
      [loans, customers],
    );
    await client.query(
      `INSERT INTO "LoanInstallment" ("id", "loanId", "emiNumber", "dueDate", "emiAmount", "principalAmount", "interestAmount",
         "status", "lateFee", "paidAmount", "paidAt")
       SELECT l."id" || '-' || k, l."id", k, due, l."emi", l."emi" - l."emi" / 10, l."emi" / 10,
         CASE WHEN paid THEN 'paid'::"InstallmentStatus" WHEN due < current_date THEN 'overdue' WHEN due = current_date THEN 'due_today' ELSE 'upcoming' END,
         CASE WHEN NOT paid AND due < current_date - 3 THEN round(l."emi" * 0.05)::int ELSE 0 END,
         CASE WHEN paid THEN l."emi" ELSE 0 END,
         CASE WHEN paid THEN due::timestamp + interval '10 hours' END
       FROM "Loan" l
       CROSS JOIN LATERAL generate_series(1, l."tenure") AS k
       CROSS JOIN LATERAL (SELECT (l."disbursedAt" + make_interval(months => k))::date AS due) d
       CROSS JOIN LATERAL (SELECT l."status" = 'closed' OR (due < current_date - 5 AND substr(l."id", 3)::int % 10 <> 7) AS paid) p
       WHERE l."id" LIKE 'bl%' AND l."status" IN ('disbursed', 'closed')`,
    );
    await client.query(
      `INSERT INTO "LoanPayment" ("id", "paymentNumber", "loanId", "installmentId", "amount", "method", "status", "reference", "paymentDate")
       SELECT 'bp' || row_number() OVER (), 'PAY-B' || lpad((row_number() OVER ())::text, 8, '0'), i."loanId", i."id", i."paidAmount",
         'bkash', 'completed', 'BTRX' || row_number() OVER (), i."paidAt"::date
       FROM "LoanInstallment" i WHERE i."loanId" LIKE 'bl%' AND i."paidAmount" > 0`,
    );
    // One collection activity (a call or a reminder) per disbursed loan, over the last 90 days.
    await client.query(
      `INSERT INTO "CollectionActivity" ("id", "loanId", "customerId", "activity", "facts", "performedByLabel", "status", "createdAt")
       SELECT 'ba' || substr(l."id", 3), l."id", l."customerId",
         (ARRAY['call_made','reminder_sent']::"CollectionActivityKind"[])[1 + substr(l."id", 3)::int % 2],
         jsonb_build_object('emiNumber', 1, 'tenure', 12, 'dueDate', to_char(now(), 'YYYY-MM-DD')),
         'Collection Agent', 'completed', now() - make_interval(mins => substr(l."id", 3)::int % 129600)
       FROM "Loan" l WHERE l."id" LIKE 'bl%' AND l."status" = 'disbursed'`,
    );
    await client.query(`VACUUM ANALYZE "Customer", "Loan", "LoanInstallment", "LoanPayment", "CollectionActivity"`);
  } finally {
    await client.end();
  }
}

/**
 * The KYC queue for its benchmark: `cases` applications (seedApplicationsInBulk), one KYC case each in a mix of
 * statuses and priorities (decided ones over the last 60 days), one card document each (all pointing at one
 * small stored image) and the seven checks, assigned round-robin to three officers.
 */
export async function seedKycInBulk(databaseUrl: string, cases: number): Promise<void> {
  await seedApplicationsInBulk(databaseUrl, cases);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "StaffUser" ("id", "name", "phone", "role", "passwordHash", "updatedAt")
       SELECT 'bko' || k, 'KYC Officer ' || k, '+88017000009' || lpad(k::text, 2, '0'), 'kyc_officer', 'x', now() FROM generate_series(1, 3) k`,
    );
    await client.query(
      `INSERT INTO "StoredDocument" ("id", "kind", "bytes", "mimeType", "sizeBytes", "sha256") VALUES ('bkdoc', 'nid_front', '\\xffd8ffd9', 'image/jpeg', 4, 'bench')`,
    );
    await client.query(
      `INSERT INTO "KycCase" ("id", "caseNumber", "applicationId", "status", "priority", "assignedToId", "submittedAt", "lastActivityAt",
         "approvedAt", "rejectedAt", "rejectionReason", "createdAt", "updatedAt")
       SELECT 'bk' || i, 'KYC-' || lpad(i::text, 7, '0'), 'bulk' || lpad(i::text, 10, '0'), status,
         (ARRAY['high','medium','medium','low']::"KycPriority"[])[1 + (i / 7) % 4],
         CASE WHEN i % 5 <> 0 THEN 'bko' || (1 + i % 3) END,
         submitted, submitted + interval '1 hour',
         CASE WHEN status = 'approved' THEN decided END,
         CASE WHEN status = 'rejected' THEN decided END,
         CASE WHEN status IN ('rejected','resubmission_required') THEN 'The photo is blurred' END,
         submitted, now()
       FROM (
         SELECT i, (ARRAY['pending_review','pending_review','pending_review','under_review','approved','approved','approved','approved',
                          'rejected','resubmission_required']::"KycCaseStatus"[])[1 + i % 10] AS status,
           now() - make_interval(secs => (i::double precision / $1) * 120 * 86400) AS submitted,
           now() - make_interval(secs => (i * 7919 % 5184000)) AS decided
         FROM generate_series(1, $1::int) AS s(i)
       ) c`,
      [cases],
    );
    await client.query(
      `INSERT INTO "KycDocument" ("id", "caseId", "type", "category", "frontImageId", "extractedData", "ocrConfidence", "ocrReadAt", "verificationStatus", "uploadedAt")
       SELECT 'bkd' || substr(c."id", 3), c."id", 'nid_front', 'identity', 'bkdoc', '{"nidNumber": null, "fullName": null, "dateOfBirth": null}', 80, c."submittedAt",
         CASE c."status" WHEN 'approved' THEN 'verified'::"DocumentVerificationStatus" WHEN 'rejected' THEN 'rejected' ELSE 'pending' END, c."submittedAt"
       FROM "KycCase" c WHERE c."id" LIKE 'bk%'`,
    );
    await client.query(
      `INSERT INTO "VerificationCheck" ("id", "caseId", "kind", "status", "confidence", "explanationKey", "checkedAt")
       SELECT c."id" || '-' || k, c."id", k, CASE WHEN k IN ('face_match','address_verification') THEN 'pending'::"VerificationCheckStatus" ELSE 'pass' END,
         CASE WHEN k IN ('face_match','address_verification') THEN NULL ELSE 100 END, 'bench', c."submittedAt"
       FROM "KycCase" c CROSS JOIN unnest(ARRAY['nid_match','name_match','date_of_birth_match','duplicate_check','blacklist_check','face_match','address_verification']::"VerificationCheckKind"[]) k
       WHERE c."id" LIKE 'bk%'`,
    );
    await client.query(`VACUUM ANALYZE "KycCase", "KycDocument", "VerificationCheck", "StaffUser"`);
  } finally {
    await client.end();
  }
}
