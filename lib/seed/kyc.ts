import type {
  DocumentKind,
  DocumentVerificationStatus,
  KycCaseStatus,
  KycDocumentCategory,
  KycNoteType,
  KycPriority,
  Prisma,
  VerificationCheckKind,
  VerificationCheckStatus,
} from "../generated/prisma/client";
import { applicationByKey, applicationId, customerId, DEMO_CUSTOMERS } from "./back-office";
import type { DemoDocuments } from "./documents";
import { staffId, staffName } from "./staff";
import { atDhakaTime, calendarDate, demoId, demoTime } from "./support";

/** Demo KYC cases: one in every status, with documents, checks and history notes. */

type CheckSpec = [VerificationCheckKind, VerificationCheckStatus, number | null, string];

type DocSpec = {
  type: DocumentKind;
  category: KycDocumentCategory;
  withBack: boolean;
  extractedData?: Prisma.InputJsonObject;
  ocrConfidence: number | null;
  verificationStatus: DocumentVerificationStatus;
};

type CaseSpec = {
  key: string;
  caseNumber: string;
  customer?: (typeof DEMO_CUSTOMERS)[number]["key"];
  application?: string;
  status: KycCaseStatus;
  priority: KycPriority;
  submittedAt: Date;
  decision?: { at: Date; reason?: string };
  documents: DocSpec[];
  checks: CheckSpec[];
  notes: { type: KycNoteType; byStaff: boolean; content: string; at: Date }[];
};

function nidExtract(key: (typeof DEMO_CUSTOMERS)[number]["key"], fatherName: string, motherName: string): Prisma.InputJsonObject {
  const c = DEMO_CUSTOMERS.find((x) => x.key === key);
  if (!c) throw new Error(`Unknown demo customer ${key}`);
  return {
    nidNumber: c.nid,
    fullName: c.name,
    fatherName,
    motherName,
    dateOfBirth: c.dateOfBirth.toISOString().slice(0, 10),
    address: c.address,
  };
}

const kamalApplication = applicationByKey("kamal");
const habiburApplication = applicationByKey("habibur");
const rubinaApplication = applicationByKey("rubina");

const CASES: readonly CaseSpec[] = [
  {
    key: "kamal",
    caseNumber: "KYC-000101",
    customer: "kamal",
    application: "kamal",
    status: "pending_review",
    priority: "high",
    submittedAt: kamalApplication.submittedAt,
    documents: [
      {
        type: "nid_front",
        category: "identity",
        withBack: true,
        extractedData: nidExtract("kamal", "Anwar Hossain", "Jahanara Hossain"),
        ocrConfidence: 94,
        verificationStatus: "pending",
      },
      { type: "selfie_with_nid", category: "verification", withBack: false, ocrConfidence: null, verificationStatus: "pending" },
    ],
    checks: [
      ["name_match", "pass", 96, "The name on the NID matches the application."],
      ["date_of_birth_match", "pass", 100, "The date of birth on the NID matches the application."],
      ["address_verification", "pending", null, "Waiting for a utility bill for the current address."],
      ["face_match", "pending", null, "The selfie has not been compared with the NID photo yet."],
      ["duplicate_check", "pass", 100, "No other customer or application uses this NID number."],
      ["blacklist_check", "pass", 100, "Not on the internal blacklist."],
    ],
    notes: [
      { type: "system", byStaff: false, content: "KYC case opened from the loan application.", at: kamalApplication.submittedAt },
      { type: "note", byStaff: true, content: "House number on the NID differs from the application; asked for a utility bill.", at: demoTime(-5, "12:05") },
    ],
  },
  {
    key: "rahim",
    caseNumber: "KYC-000102",
    customer: "rahim",
    status: "approved",
    priority: "medium",
    submittedAt: atDhakaTime(calendarDate(2026, 4, 8), "10:05"),
    decision: { at: atDhakaTime(calendarDate(2026, 4, 10), "15:00") },
    documents: [
      {
        type: "nid_front",
        category: "identity",
        withBack: true,
        extractedData: nidExtract("rahim", "Mohammad Nur Uddin", "Hasina Begum"),
        ocrConfidence: 97,
        verificationStatus: "verified",
      },
      {
        type: "bank_statement",
        category: "financial",
        withBack: false,
        extractedData: {
          bankName: "Dutch-Bangla Bank",
          accountNumber: "1051100012345",
          accountHolderName: "Mohammad Rahim Uddin",
          lastTransactionDate: "2026-03-31",
          averageBalance: 142_500,
        },
        ocrConfidence: 91,
        verificationStatus: "verified",
      },
      { type: "salary_certificate", category: "financial", withBack: false, ocrConfidence: 88, verificationStatus: "verified" },
    ],
    checks: [
      ["name_match", "pass", 98, "The name on the NID matches the application and the bank statement."],
      ["date_of_birth_match", "pass", 100, "The date of birth on the NID matches the application."],
      ["address_verification", "pass", 90, "The address matches the bank statement."],
      ["face_match", "pass", 93, "The selfie matches the NID photo."],
      ["duplicate_check", "pass", 100, "No other customer uses this NID number."],
      ["blacklist_check", "pass", 100, "Not on the internal blacklist."],
    ],
    notes: [
      { type: "system", byStaff: false, content: "KYC case opened with the salary loan request.", at: atDhakaTime(calendarDate(2026, 4, 8), "10:05") },
      { type: "decision", byStaff: true, content: "Approved: all checks passed.", at: atDhakaTime(calendarDate(2026, 4, 10), "15:00") },
    ],
  },
  {
    key: "jamal",
    caseNumber: "KYC-000103",
    customer: "jamal",
    status: "rejected",
    priority: "high",
    submittedAt: demoTime(-45, "11:05"),
    decision: { at: demoTime(-42, "13:40"), reason: "The face on the selfie does not match the NID photo." },
    documents: [
      {
        type: "nid_front",
        category: "identity",
        withBack: true,
        extractedData: nidExtract("jamal", "Rustam Mia", "Amena Khatun"),
        ocrConfidence: 86,
        verificationStatus: "verified",
      },
      { type: "selfie_with_nid", category: "verification", withBack: false, ocrConfidence: null, verificationStatus: "rejected" },
      { type: "business_license", category: "financial", withBack: false, ocrConfidence: 74, verificationStatus: "verified" },
    ],
    checks: [
      ["name_match", "pass", 92, "The name on the NID matches the application."],
      ["date_of_birth_match", "pass", 100, "The date of birth on the NID matches the application."],
      ["address_verification", "pass", 80, "The shop address matches the trade licence."],
      ["face_match", "fail", 38, "The selfie does not match the NID photo."],
      ["duplicate_check", "pass", 100, "No other customer uses this NID number."],
      ["blacklist_check", "pass", 100, "Not on the internal blacklist."],
    ],
    notes: [
      { type: "system", byStaff: false, content: "KYC case opened with the business loan request.", at: demoTime(-45, "11:05") },
      { type: "note", byStaff: true, content: "Face match failed twice; asked the branch to see him in person.", at: demoTime(-44, "10:00") },
      { type: "decision", byStaff: true, content: "Rejected: the face on the selfie does not match the NID photo. Account suspended.", at: demoTime(-42, "13:40") },
    ],
  },
  {
    key: "habibur",
    caseNumber: "KYC-000104",
    application: "habibur",
    status: "under_review",
    priority: "medium",
    submittedAt: habiburApplication.submittedAt,
    documents: [
      {
        type: "nid_front",
        category: "identity",
        withBack: true,
        extractedData: {
          nidNumber: habiburApplication.nid,
          fullName: habiburApplication.name,
          fatherName: "মোঃ আব্দুল মান্নান",
          motherName: "রোকেয়া বেগম",
          dateOfBirth: habiburApplication.dob.toISOString().slice(0, 10),
          address: habiburApplication.address,
        },
        ocrConfidence: 88,
        verificationStatus: "pending",
      },
    ],
    checks: [
      ["name_match", "pass", 93, "The name on the NID matches the application."],
      ["date_of_birth_match", "pass", 100, "The date of birth on the NID matches the application."],
      ["address_verification", "pending", null, "Not checked yet."],
      ["face_match", "pending", null, "No selfie with the NID yet."],
      ["duplicate_check", "pass", 100, "No other customer or application uses this NID number."],
      ["blacklist_check", "pending", null, "Not checked yet."],
    ],
    notes: [{ type: "system", byStaff: false, content: "KYC case opened from the loan application.", at: habiburApplication.submittedAt }],
  },
  {
    key: "rubina",
    caseNumber: "KYC-000105",
    application: "rubina",
    status: "resubmission_required",
    priority: "low",
    submittedAt: rubinaApplication.submittedAt,
    decision: { at: demoTime(-8, "14:25"), reason: "The NID photo is blurred; asked for clear photos of both sides." },
    documents: [{ type: "nid_front", category: "identity", withBack: false, ocrConfidence: 41, verificationStatus: "rejected", extractedData: { nidNumber: rubinaApplication.nid } }],
    checks: [
      ["name_match", "fail", 41, "The name could not be read reliably from the photo."],
      ["date_of_birth_match", "pending", null, "The date of birth could not be read."],
      ["address_verification", "pending", null, "Not checked yet."],
      ["face_match", "pending", null, "No selfie with the NID yet."],
      ["duplicate_check", "pass", 100, "No other customer or application uses this NID number."],
      ["blacklist_check", "pass", 100, "Not on the internal blacklist."],
    ],
    notes: [
      { type: "system", byStaff: false, content: "KYC case opened from the loan application.", at: rubinaApplication.submittedAt },
      { type: "decision", byStaff: true, content: "Resubmission requested: the NID photo is blurred.", at: demoTime(-8, "14:25") },
    ],
  },
];

export type KycRows = {
  cases: Prisma.KycCaseCreateManyInput[];
  documents: Prisma.KycDocumentCreateManyInput[];
  checks: Prisma.VerificationCheckCreateManyInput[];
  notes: Prisma.KycNoteCreateManyInput[];
  auditLogs: Prisma.AuditLogCreateManyInput[];
};

export function buildKyc(stored: DemoDocuments): KycRows {
  const rows: KycRows = { cases: [], documents: [], checks: [], notes: [], auditLogs: [] };
  const officer = staffId("kyc_officer");

  for (const c of CASES) {
    const id = demoId(`kyc-case:${c.key}`);
    const lastActivityAt = c.notes.reduce((latest, n) => (n.at > latest ? n.at : latest), c.submittedAt);
    const approved = c.status === "approved";
    const rejected = c.status === "rejected" || c.status === "resubmission_required";
    rows.cases.push({
      id,
      caseNumber: c.caseNumber,
      customerId: c.customer ? customerId(c.customer) : null,
      applicationId: c.application ? applicationId(c.application) : null,
      status: c.status,
      priority: c.priority,
      assignedToId: officer,
      submittedAt: c.submittedAt,
      lastActivityAt,
      approvedById: approved ? officer : null,
      approvedAt: approved ? (c.decision?.at ?? null) : null,
      rejectedById: rejected ? officer : null,
      rejectedAt: rejected ? (c.decision?.at ?? null) : null,
      rejectionReason: c.decision?.reason ?? null,
      createdAt: c.submittedAt,
      updatedAt: lastActivityAt,
    });

    c.documents.forEach((d, i) => {
      const label = `kyc:${c.key}:${d.type}`;
      rows.documents.push({
        id: demoId(`kyc-document:${c.key}:${i}`),
        caseId: id,
        type: d.type,
        category: d.category,
        frontImageId: stored.add(`${label}:front`, d.type, c.submittedAt),
        backImageId: d.withBack ? stored.add(`${label}:back`, "nid_back", c.submittedAt) : null,
        extractedData: d.extractedData,
        ocrConfidence: d.ocrConfidence,
        verificationStatus: d.verificationStatus,
        uploadedAt: c.submittedAt,
      });
    });

    for (const [kind, status, confidence, explanation] of c.checks) {
      rows.checks.push({
        id: demoId(`kyc-check:${c.key}:${kind}`),
        caseId: id,
        kind,
        status,
        confidence,
        explanation,
        // Automatic checks run a few minutes after submission.
        checkedAt: status === "pending" ? null : new Date(c.submittedAt.getTime() + 5 * 60_000),
      });
    }

    c.notes.forEach((n, i) => {
      rows.notes.push({
        id: demoId(`kyc-note:${c.key}:${i}`),
        caseId: id,
        type: n.type,
        authorId: n.byStaff ? officer : null,
        content: n.content,
        createdAt: n.at,
      });
    });

    if (c.decision) {
      const action = approved ? "kyc.approve" : c.status === "rejected" ? "kyc.reject" : "kyc.request_resubmission";
      rows.auditLogs.push({
        id: demoId(`audit:kyc:${c.key}`),
        actorId: officer,
        actorLabel: staffName("kyc_officer"),
        action,
        entityType: "KycCase",
        entityId: id,
        before: { status: "under_review" },
        after: c.decision.reason ? { status: c.status, rejectionReason: c.decision.reason } : { status: c.status },
        ip: "10.20.1.31",
        createdAt: c.decision.at,
      });
    }
  }
  return rows;
}
