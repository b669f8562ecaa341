-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "EmploymentType" AS ENUM ('salaried', 'business', 'self_employed', 'freelancer', 'other');

-- CreateEnum
CREATE TYPE "ApplicationStatus" AS ENUM ('pending', 'under_review', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('bn', 'en');

-- CreateEnum
CREATE TYPE "NidVerificationStatus" AS ENUM ('not_captured', 'pending_staff_verification', 'verified', 'failed');

-- CreateEnum
CREATE TYPE "KycStatus" AS ENUM ('verified', 'pending', 'rejected');

-- CreateEnum
CREATE TYPE "CustomerStatus" AS ENUM ('active', 'inactive', 'suspended');

-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('nid_front', 'nid_back', 'selfie_with_nid', 'bank_statement', 'salary_certificate', 'business_license', 'financial_statement', 'application_form', 'member_photo', 'worker_photo', 'other');

-- CreateEnum
CREATE TYPE "DocumentVerificationStatus" AS ENUM ('pending', 'verified', 'rejected');

-- CreateEnum
CREATE TYPE "KycCaseStatus" AS ENUM ('pending_review', 'under_review', 'approved', 'rejected', 'resubmission_required');

-- CreateEnum
CREATE TYPE "KycPriority" AS ENUM ('high', 'medium', 'low');

-- CreateEnum
CREATE TYPE "KycDocumentCategory" AS ENUM ('identity', 'verification', 'financial');

-- CreateEnum
CREATE TYPE "VerificationCheckKind" AS ENUM ('name_match', 'date_of_birth_match', 'address_verification', 'face_match', 'duplicate_check', 'blacklist_check');

-- CreateEnum
CREATE TYPE "VerificationCheckStatus" AS ENUM ('pass', 'fail', 'pending');

-- CreateEnum
CREATE TYPE "KycNoteType" AS ENUM ('note', 'system', 'decision');

-- CreateEnum
CREATE TYPE "LoanStatus" AS ENUM ('pending_approval', 'under_review', 'approved', 'disbursed', 'rejected', 'closed');

-- CreateEnum
CREATE TYPE "RiskLevel" AS ENUM ('low', 'medium', 'high');

-- CreateEnum
CREATE TYPE "LoanType" AS ENUM ('instant', 'salary', 'consumer', 'business');

-- CreateEnum
CREATE TYPE "InstallmentStatus" AS ENUM ('paid', 'overdue', 'due_today', 'upcoming', 'partial');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('cash', 'bkash', 'nagad', 'rocket', 'bank_transfer', 'card');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('completed', 'pending', 'failed', 'reversed');

-- CreateEnum
CREATE TYPE "CollectionActivityKind" AS ENUM ('payment_received', 'reminder_sent', 'call_made', 'field_visit', 'promise_to_pay', 'auto_collection', 'other');

-- CreateEnum
CREATE TYPE "CollectionActivityStatus" AS ENUM ('completed', 'scheduled', 'failed');

-- CreateEnum
CREATE TYPE "SocietyRole" AS ENUM ('admin', 'user');

-- CreateEnum
CREATE TYPE "SocietyRecordStatus" AS ENUM ('active', 'inactive');

-- CreateEnum
CREATE TYPE "MembershipType" AS ENUM ('regular', 'premium', 'lifetime');

-- CreateEnum
CREATE TYPE "SocietyCollectionStatus" AS ENUM ('collected', 'pending', 'missed');

-- CreateEnum
CREATE TYPE "IncomeExpenseType" AS ENUM ('income', 'expense');

-- CreateEnum
CREATE TYPE "WorkerSalaryStatus" AS ENUM ('paid', 'pending', 'cancelled');

-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('super_admin', 'admin', 'loan_officer', 'kyc_officer', 'collection_agent', 'account_manager', 'society_manager');

-- CreateTable
CREATE TABLE "LoanApplication" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "idempotencyKey" TEXT,
    "status" "ApplicationStatus" NOT NULL DEFAULT 'pending',
    "language" "Language" NOT NULL,
    "loanType" "LoanType" NOT NULL,
    "amount" INTEGER NOT NULL,
    "tenure" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "email" TEXT,
    "dob" DATE NOT NULL,
    "nid" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "employmentType" "EmploymentType" NOT NULL,
    "employer" TEXT NOT NULL,
    "monthlyIncome" INTEGER NOT NULL,
    "existingLoans" INTEGER,
    "principal" INTEGER NOT NULL,
    "interestRate" DECIMAL(5,2) NOT NULL,
    "months" INTEGER NOT NULL,
    "emi" INTEGER NOT NULL,
    "totalPayable" INTEGER NOT NULL,
    "totalInterest" INTEGER NOT NULL,
    "nidVerified" BOOLEAN NOT NULL DEFAULT false,
    "nidVerificationStatus" "NidVerificationStatus" NOT NULL DEFAULT 'not_captured',
    "nidVerifiedName" TEXT,
    "nidVerifiedNumber" TEXT,
    "nidVerifiedDob" DATE,
    "nidFatherName" TEXT,
    "nidMotherName" TEXT,
    "nidVerifiedAddress" TEXT,
    "nidBloodGroup" TEXT,
    "nidConfidence" INTEGER,
    "nidSimulated" BOOLEAN NOT NULL DEFAULT false,
    "nidImageId" TEXT,
    "customerId" TEXT,
    "reviewedById" TEXT,
    "reviewedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "submittedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoanApplication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" TEXT NOT NULL,
    "actorId" TEXT,
    "actorLabel" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "ip" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT NOT NULL,
    "userNumber" TEXT NOT NULL,
    "userCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT NOT NULL,
    "nid" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "dateOfBirth" DATE,
    "employmentType" "EmploymentType",
    "employer" TEXT,
    "monthlyIncome" INTEGER,
    "joinDate" DATE NOT NULL,
    "kycStatus" "KycStatus" NOT NULL DEFAULT 'pending',
    "status" "CustomerStatus" NOT NULL DEFAULT 'active',
    "creditScore" INTEGER,
    "lastActivityAt" TIMESTAMP(3),
    "profileImageId" TEXT,
    "emergencyContactName" TEXT,
    "emergencyContactPhone" TEXT,
    "emergencyContactRelation" TEXT,
    "bankName" TEXT,
    "bankAccountNumber" TEXT,
    "bankBranch" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Customer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StoredDocument" (
    "id" TEXT NOT NULL,
    "kind" "DocumentKind" NOT NULL,
    "bytes" BYTEA NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "originalName" TEXT,
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uploadedById" TEXT,

    CONSTRAINT "StoredDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KycCase" (
    "id" TEXT NOT NULL,
    "caseNumber" TEXT NOT NULL,
    "customerId" TEXT,
    "applicationId" TEXT,
    "status" "KycCaseStatus" NOT NULL DEFAULT 'pending_review',
    "priority" "KycPriority" NOT NULL DEFAULT 'medium',
    "assignedToId" TEXT,
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "lastActivityAt" TIMESTAMP(3) NOT NULL,
    "approvedById" TEXT,
    "approvedAt" TIMESTAMP(3),
    "rejectedById" TEXT,
    "rejectedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KycCase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KycDocument" (
    "id" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "type" "DocumentKind" NOT NULL,
    "category" "KycDocumentCategory" NOT NULL,
    "frontImageId" TEXT NOT NULL,
    "backImageId" TEXT,
    "extractedData" JSONB,
    "ocrConfidence" INTEGER,
    "verificationStatus" "DocumentVerificationStatus" NOT NULL DEFAULT 'pending',
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KycDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VerificationCheck" (
    "id" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "kind" "VerificationCheckKind" NOT NULL,
    "status" "VerificationCheckStatus" NOT NULL DEFAULT 'pending',
    "confidence" INTEGER,
    "explanation" TEXT,
    "checkedAt" TIMESTAMP(3),

    CONSTRAINT "VerificationCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KycNote" (
    "id" TEXT NOT NULL,
    "caseId" TEXT NOT NULL,
    "type" "KycNoteType" NOT NULL DEFAULT 'note',
    "authorId" TEXT,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "KycNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Loan" (
    "id" TEXT NOT NULL,
    "loanNumber" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "applicationId" TEXT,
    "loanType" "LoanType" NOT NULL,
    "requestedAmount" INTEGER NOT NULL,
    "approvedAmount" INTEGER,
    "tenure" INTEGER NOT NULL,
    "interestRate" DECIMAL(5,2) NOT NULL,
    "emi" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "status" "LoanStatus" NOT NULL DEFAULT 'pending_approval',
    "riskLevel" "RiskLevel" NOT NULL DEFAULT 'medium',
    "creditScore" INTEGER,
    "monthlyIncome" INTEGER NOT NULL,
    "existingLoans" INTEGER,
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "approvedById" TEXT,
    "approvedAt" TIMESTAMP(3),
    "rejectedById" TEXT,
    "rejectedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "scheduledDisbursementAt" DATE,
    "disbursedAt" TIMESTAMP(3),
    "disbursedById" TEXT,
    "disbursementBankAccount" TEXT,
    "disbursementBankName" TEXT,
    "disbursedAmount" INTEGER,
    "closedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Loan_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanNote" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "authorId" TEXT,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoanNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanDocument" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "type" "DocumentKind" NOT NULL,
    "documentId" TEXT,
    "status" "DocumentVerificationStatus" NOT NULL DEFAULT 'pending',
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoanDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanProduct" (
    "id" TEXT NOT NULL,
    "key" "LoanType" NOT NULL,
    "titleBn" TEXT NOT NULL,
    "titleEn" TEXT NOT NULL,
    "descriptionBn" TEXT NOT NULL,
    "descriptionEn" TEXT NOT NULL,
    "minAmount" INTEGER NOT NULL,
    "maxAmount" INTEGER NOT NULL,
    "minTenure" INTEGER NOT NULL,
    "maxTenure" INTEGER NOT NULL,
    "annualRate" DECIMAL(5,2) NOT NULL,
    "featuresBn" TEXT[],
    "featuresEn" TEXT[],
    "badgeBn" TEXT,
    "badgeEn" TEXT,
    "sortOrder" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LoanProduct_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanInstallment" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "emiNumber" INTEGER NOT NULL,
    "dueDate" DATE NOT NULL,
    "emiAmount" INTEGER NOT NULL,
    "status" "InstallmentStatus" NOT NULL DEFAULT 'upcoming',
    "lateFee" INTEGER NOT NULL DEFAULT 0,
    "paidAmount" INTEGER NOT NULL DEFAULT 0,
    "paidAt" TIMESTAMP(3),

    CONSTRAINT "LoanInstallment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoanPayment" (
    "id" TEXT NOT NULL,
    "paymentNumber" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "installmentId" TEXT,
    "amount" INTEGER NOT NULL,
    "method" "PaymentMethod",
    "status" "PaymentStatus" NOT NULL DEFAULT 'completed',
    "reference" TEXT,
    "paymentDate" DATE NOT NULL,
    "notes" TEXT,
    "collectedById" TEXT,
    "idempotencyKey" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LoanPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionActivity" (
    "id" TEXT NOT NULL,
    "loanId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "activity" "CollectionActivityKind" NOT NULL,
    "description" TEXT NOT NULL,
    "performedById" TEXT,
    "performedByLabel" TEXT NOT NULL,
    "status" "CollectionActivityStatus" NOT NULL DEFAULT 'completed',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CollectionActivity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Society" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "registrationNumber" TEXT,
    "address" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Society_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SocietyManager" (
    "societyId" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "access" "SocietyRole" NOT NULL DEFAULT 'user',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SocietyManager_pkey" PRIMARY KEY ("societyId","staffUserId")
);

-- CreateTable
CREATE TABLE "SocietyWorker" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "photoId" TEXT,
    "totalMembers" INTEGER NOT NULL DEFAULT 0,
    "dailyCollection" INTEGER NOT NULL DEFAULT 0,
    "status" "SocietyRecordStatus" NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "SocietyWorker_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SocietyMember" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "memberCode" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nid" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "workerId" TEXT NOT NULL,
    "area" TEXT NOT NULL,
    "installmentAmount" INTEGER NOT NULL DEFAULT 0,
    "savingsAmount" INTEGER NOT NULL DEFAULT 0,
    "loanAmount" INTEGER,
    "joinDate" DATE NOT NULL,
    "status" "SocietyRecordStatus" NOT NULL DEFAULT 'active',
    "membershipType" "MembershipType" NOT NULL DEFAULT 'regular',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "SocietyMember_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SocietyCollection" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "memberId" TEXT NOT NULL,
    "workerId" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "installmentCollected" INTEGER NOT NULL DEFAULT 0,
    "savingsCollected" INTEGER NOT NULL DEFAULT 0,
    "status" "SocietyCollectionStatus" NOT NULL DEFAULT 'collected',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "SocietyCollection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IncomeExpense" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "type" "IncomeExpenseType" NOT NULL,
    "category" TEXT NOT NULL,
    "amount" INTEGER NOT NULL,
    "description" TEXT,
    "date" DATE NOT NULL,
    "workerSalaryId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "IncomeExpense_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkerSalary" (
    "id" TEXT NOT NULL,
    "societyId" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "workerId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "baseSalary" INTEGER NOT NULL,
    "bonus" INTEGER NOT NULL DEFAULT 0,
    "deductions" INTEGER NOT NULL DEFAULT 0,
    "totalSalary" INTEGER NOT NULL,
    "status" "WorkerSalaryStatus" NOT NULL DEFAULT 'paid',
    "paidDate" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdByRole" "SocietyRole" NOT NULL,
    "createdById" TEXT,

    CONSTRAINT "WorkerSalary_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffUser" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "email" TEXT,
    "passwordHash" TEXT NOT NULL,
    "twoFactorSecret" TEXT,
    "twoFactorEnabled" BOOLEAN NOT NULL DEFAULT false,
    "twoFactorLastUsedStep" INTEGER,
    "role" "StaffRole" NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "failedSignInCount" INTEGER NOT NULL DEFAULT 0,
    "lockedUntil" TIMESTAMP(3),
    "lastLoginAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StaffUser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StaffSession" (
    "id" TEXT NOT NULL,
    "staffUserId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "ip" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "StaffSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LoanApplication_applicationId_key" ON "LoanApplication"("applicationId");

-- CreateIndex
CREATE UNIQUE INDEX "LoanApplication_idempotencyKey_key" ON "LoanApplication"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "LoanApplication_nidImageId_key" ON "LoanApplication"("nidImageId");

-- CreateIndex
CREATE INDEX "LoanApplication_status_submittedAt_idx" ON "LoanApplication"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "LoanApplication_phone_idx" ON "LoanApplication"("phone");

-- CreateIndex
CREATE INDEX "LoanApplication_submittedAt_idx" ON "LoanApplication"("submittedAt");

-- CreateIndex
CREATE INDEX "LoanApplication_nid_idx" ON "LoanApplication"("nid");

-- CreateIndex
CREATE INDEX "LoanApplication_customerId_idx" ON "LoanApplication"("customerId");

-- CreateIndex
CREATE INDEX "AuditLog_entityType_entityId_idx" ON "AuditLog"("entityType", "entityId");

-- CreateIndex
CREATE INDEX "AuditLog_createdAt_idx" ON "AuditLog"("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_actorId_createdAt_idx" ON "AuditLog"("actorId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_userNumber_key" ON "Customer"("userNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_userCode_key" ON "Customer"("userCode");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_nid_key" ON "Customer"("nid");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_profileImageId_key" ON "Customer"("profileImageId");

-- CreateIndex
CREATE INDEX "Customer_phone_idx" ON "Customer"("phone");

-- CreateIndex
CREATE INDEX "Customer_status_kycStatus_idx" ON "Customer"("status", "kycStatus");

-- CreateIndex
CREATE INDEX "Customer_name_idx" ON "Customer"("name");

-- CreateIndex
CREATE INDEX "StoredDocument_sha256_idx" ON "StoredDocument"("sha256");

-- CreateIndex
CREATE INDEX "StoredDocument_kind_uploadedAt_idx" ON "StoredDocument"("kind", "uploadedAt");

-- CreateIndex
CREATE UNIQUE INDEX "KycCase_caseNumber_key" ON "KycCase"("caseNumber");

-- CreateIndex
CREATE INDEX "KycCase_status_submittedAt_idx" ON "KycCase"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "KycCase_assignedToId_status_idx" ON "KycCase"("assignedToId", "status");

-- CreateIndex
CREATE INDEX "KycCase_customerId_idx" ON "KycCase"("customerId");

-- CreateIndex
CREATE INDEX "KycCase_applicationId_idx" ON "KycCase"("applicationId");

-- CreateIndex
CREATE INDEX "KycDocument_caseId_idx" ON "KycDocument"("caseId");

-- CreateIndex
CREATE UNIQUE INDEX "VerificationCheck_caseId_kind_key" ON "VerificationCheck"("caseId", "kind");

-- CreateIndex
CREATE INDEX "KycNote_caseId_createdAt_idx" ON "KycNote"("caseId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Loan_loanNumber_key" ON "Loan"("loanNumber");

-- CreateIndex
CREATE UNIQUE INDEX "Loan_applicationId_key" ON "Loan"("applicationId");

-- CreateIndex
CREATE INDEX "Loan_status_submittedAt_idx" ON "Loan"("status", "submittedAt");

-- CreateIndex
CREATE INDEX "Loan_customerId_idx" ON "Loan"("customerId");

-- CreateIndex
CREATE INDEX "Loan_loanType_status_idx" ON "Loan"("loanType", "status");

-- CreateIndex
CREATE INDEX "LoanNote_loanId_createdAt_idx" ON "LoanNote"("loanId", "createdAt");

-- CreateIndex
CREATE INDEX "LoanDocument_loanId_idx" ON "LoanDocument"("loanId");

-- CreateIndex
CREATE UNIQUE INDEX "LoanProduct_key_key" ON "LoanProduct"("key");

-- CreateIndex
CREATE INDEX "LoanInstallment_status_dueDate_idx" ON "LoanInstallment"("status", "dueDate");

-- CreateIndex
CREATE INDEX "LoanInstallment_dueDate_idx" ON "LoanInstallment"("dueDate");

-- CreateIndex
CREATE UNIQUE INDEX "LoanInstallment_loanId_emiNumber_key" ON "LoanInstallment"("loanId", "emiNumber");

-- CreateIndex
CREATE UNIQUE INDEX "LoanPayment_paymentNumber_key" ON "LoanPayment"("paymentNumber");

-- CreateIndex
CREATE UNIQUE INDEX "LoanPayment_idempotencyKey_key" ON "LoanPayment"("idempotencyKey");

-- CreateIndex
CREATE INDEX "LoanPayment_loanId_paymentDate_idx" ON "LoanPayment"("loanId", "paymentDate");

-- CreateIndex
CREATE INDEX "LoanPayment_paymentDate_idx" ON "LoanPayment"("paymentDate");

-- CreateIndex
CREATE INDEX "LoanPayment_installmentId_idx" ON "LoanPayment"("installmentId");

-- CreateIndex
CREATE INDEX "CollectionActivity_loanId_createdAt_idx" ON "CollectionActivity"("loanId", "createdAt");

-- CreateIndex
CREATE INDEX "CollectionActivity_createdAt_idx" ON "CollectionActivity"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Society_registrationNumber_key" ON "Society"("registrationNumber");

-- CreateIndex
CREATE INDEX "SocietyManager_staffUserId_idx" ON "SocietyManager"("staffUserId");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyWorker_photoId_key" ON "SocietyWorker"("photoId");

-- CreateIndex
CREATE INDEX "SocietyWorker_societyId_status_idx" ON "SocietyWorker"("societyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyWorker_societyId_code_key" ON "SocietyWorker"("societyId", "code");

-- CreateIndex
CREATE INDEX "SocietyMember_workerId_idx" ON "SocietyMember"("workerId");

-- CreateIndex
CREATE INDEX "SocietyMember_societyId_name_idx" ON "SocietyMember"("societyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyMember_societyId_code_key" ON "SocietyMember"("societyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyMember_societyId_memberCode_key" ON "SocietyMember"("societyId", "memberCode");

-- CreateIndex
CREATE INDEX "SocietyCollection_societyId_date_idx" ON "SocietyCollection"("societyId", "date");

-- CreateIndex
CREATE INDEX "SocietyCollection_workerId_date_idx" ON "SocietyCollection"("workerId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollection_societyId_code_key" ON "SocietyCollection"("societyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "SocietyCollection_memberId_date_key" ON "SocietyCollection"("memberId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "IncomeExpense_workerSalaryId_key" ON "IncomeExpense"("workerSalaryId");

-- CreateIndex
CREATE INDEX "IncomeExpense_societyId_date_idx" ON "IncomeExpense"("societyId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "IncomeExpense_societyId_code_key" ON "IncomeExpense"("societyId", "code");

-- CreateIndex
CREATE INDEX "WorkerSalary_workerId_month_idx" ON "WorkerSalary"("workerId", "month");

-- CreateIndex
CREATE INDEX "WorkerSalary_societyId_month_idx" ON "WorkerSalary"("societyId", "month");

-- CreateIndex
CREATE UNIQUE INDEX "WorkerSalary_societyId_code_key" ON "WorkerSalary"("societyId", "code");

-- CreateIndex
CREATE UNIQUE INDEX "StaffUser_phone_key" ON "StaffUser"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "StaffUser_email_key" ON "StaffUser"("email");

-- CreateIndex
CREATE UNIQUE INDEX "StaffSession_tokenHash_key" ON "StaffSession"("tokenHash");

-- CreateIndex
CREATE INDEX "StaffSession_staffUserId_idx" ON "StaffSession"("staffUserId");

-- CreateIndex
CREATE INDEX "StaffSession_expiresAt_idx" ON "StaffSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "LoanApplication" ADD CONSTRAINT "LoanApplication_nidImageId_fkey" FOREIGN KEY ("nidImageId") REFERENCES "StoredDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanApplication" ADD CONSTRAINT "LoanApplication_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanApplication" ADD CONSTRAINT "LoanApplication_reviewedById_fkey" FOREIGN KEY ("reviewedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Customer" ADD CONSTRAINT "Customer_profileImageId_fkey" FOREIGN KEY ("profileImageId") REFERENCES "StoredDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StoredDocument" ADD CONSTRAINT "StoredDocument_uploadedById_fkey" FOREIGN KEY ("uploadedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "LoanApplication"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_assignedToId_fkey" FOREIGN KEY ("assignedToId") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycCase" ADD CONSTRAINT "KycCase_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycDocument" ADD CONSTRAINT "KycDocument_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "KycCase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycDocument" ADD CONSTRAINT "KycDocument_frontImageId_fkey" FOREIGN KEY ("frontImageId") REFERENCES "StoredDocument"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycDocument" ADD CONSTRAINT "KycDocument_backImageId_fkey" FOREIGN KEY ("backImageId") REFERENCES "StoredDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VerificationCheck" ADD CONSTRAINT "VerificationCheck_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "KycCase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycNote" ADD CONSTRAINT "KycNote_caseId_fkey" FOREIGN KEY ("caseId") REFERENCES "KycCase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KycNote" ADD CONSTRAINT "KycNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "LoanApplication"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_approvedById_fkey" FOREIGN KEY ("approvedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_rejectedById_fkey" FOREIGN KEY ("rejectedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Loan" ADD CONSTRAINT "Loan_disbursedById_fkey" FOREIGN KEY ("disbursedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanNote" ADD CONSTRAINT "LoanNote_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanNote" ADD CONSTRAINT "LoanNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanDocument" ADD CONSTRAINT "LoanDocument_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanDocument" ADD CONSTRAINT "LoanDocument_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "StoredDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanInstallment" ADD CONSTRAINT "LoanInstallment_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanPayment" ADD CONSTRAINT "LoanPayment_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanPayment" ADD CONSTRAINT "LoanPayment_installmentId_fkey" FOREIGN KEY ("installmentId") REFERENCES "LoanInstallment"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LoanPayment" ADD CONSTRAINT "LoanPayment_collectedById_fkey" FOREIGN KEY ("collectedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionActivity" ADD CONSTRAINT "CollectionActivity_loanId_fkey" FOREIGN KEY ("loanId") REFERENCES "Loan"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionActivity" ADD CONSTRAINT "CollectionActivity_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionActivity" ADD CONSTRAINT "CollectionActivity_performedById_fkey" FOREIGN KEY ("performedById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyManager" ADD CONSTRAINT "SocietyManager_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyManager" ADD CONSTRAINT "SocietyManager_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyWorker" ADD CONSTRAINT "SocietyWorker_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyWorker" ADD CONSTRAINT "SocietyWorker_photoId_fkey" FOREIGN KEY ("photoId") REFERENCES "StoredDocument"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyWorker" ADD CONSTRAINT "SocietyWorker_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyMember" ADD CONSTRAINT "SocietyMember_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyMember" ADD CONSTRAINT "SocietyMember_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyMember" ADD CONSTRAINT "SocietyMember_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_memberId_fkey" FOREIGN KEY ("memberId") REFERENCES "SocietyMember"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SocietyCollection" ADD CONSTRAINT "SocietyCollection_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeExpense" ADD CONSTRAINT "IncomeExpense_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeExpense" ADD CONSTRAINT "IncomeExpense_workerSalaryId_fkey" FOREIGN KEY ("workerSalaryId") REFERENCES "WorkerSalary"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IncomeExpense" ADD CONSTRAINT "IncomeExpense_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkerSalary" ADD CONSTRAINT "WorkerSalary_societyId_fkey" FOREIGN KEY ("societyId") REFERENCES "Society"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkerSalary" ADD CONSTRAINT "WorkerSalary_workerId_fkey" FOREIGN KEY ("workerId") REFERENCES "SocietyWorker"("id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkerSalary" ADD CONSTRAINT "WorkerSalary_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "StaffUser"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StaffSession" ADD CONSTRAINT "StaffSession_staffUserId_fkey" FOREIGN KEY ("staffUserId") REFERENCES "StaffUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;
