import type {
  DocumentKind,
  DocumentVerificationStatus,
  KycCaseStatus,
  KycDocumentCategory,
  KycNoteType,
  KycPriority,
  Prisma,
} from "../generated/prisma/client";
import { cardReadingOf, computeChecks } from "../kyc/checks";
import { applicationByKey, applicationId, customerId, DEMO_CUSTOMERS } from "./back-office";
import type { DemoDocuments } from "./documents";
import { staffId, staffName } from "./staff";
import { atDhakaTime, calendarDate, demoId, demoTime } from "./support";

/** Demo KYC cases: one in every status, with documents, checks and history notes. */

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
  /** System entries: a key of adminKyc.systemNote. Decision entries: the reason typed, with the status given. */
  notes: { type: KycNoteType; byStaff: boolean; content: string; at: Date; decision?: KycCaseStatus }[];
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


/** An approved identity check for a demo customer whose KYC shows as verified: that status comes from a case. */
function approvedCustomerCase(key: "fatema" | "shirin" | "nusrat", caseNumber: string, fatherName: string, motherName: string): CaseSpec {
  const customer = DEMO_CUSTOMERS.find((c) => c.key === key)!;
  const submittedAt = atDhakaTime(customer.joinDate, "10:30");
  const decidedAt = atDhakaTime(customer.joinDate, "16:10");
  return {
    key,
    caseNumber,
    customer: key,
    status: "approved",
    priority: "medium",
    submittedAt,
    decision: { at: decidedAt },
    documents: [{ type: "nid_front", category: "identity", withBack: true, extractedData: nidExtract(key, fatherName, motherName), ocrConfidence: 93, verificationStatus: "verified" }],
    notes: [
      { type: "system", byStaff: false, content: "opened", at: submittedAt },
      { type: "decision", byStaff: true, content: "", decision: "approved", at: decidedAt },
    ],
  };
}

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
    notes: [
      { type: "system", byStaff: false, content: "opened", at: kamalApplication.submittedAt },
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
    notes: [
      { type: "system", byStaff: false, content: "opened", at: atDhakaTime(calendarDate(2026, 4, 8), "10:05") },
      { type: "decision", byStaff: true, content: "", decision: "approved", at: atDhakaTime(calendarDate(2026, 4, 10), "15:00") },
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
    notes: [
      { type: "system", byStaff: false, content: "opened", at: demoTime(-45, "11:05") },
      { type: "note", byStaff: true, content: "Face match failed twice; asked the branch to see him in person.", at: demoTime(-44, "10:00") },
      { type: "decision", byStaff: true, content: "The face on the selfie does not match the NID photo.", decision: "rejected", at: demoTime(-42, "13:40") },
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
    notes: [{ type: "system", byStaff: false, content: "opened", at: habiburApplication.submittedAt }],
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
    notes: [
      { type: "system", byStaff: false, content: "opened", at: rubinaApplication.submittedAt },
      { type: "decision", byStaff: true, content: "The NID photo is blurred; please send a clear photo of the front.", decision: "resubmission_required", at: demoTime(-8, "14:25") },
    ],
  },
  approvedCustomerCase("fatema", "KYC-000106", "Abdul Karim", "Rokeya Begum"),
  approvedCustomerCase("shirin", "KYC-000107", "Siddiqur Rahman", "Nasima Akter"),
  approvedCustomerCase("nusrat", "KYC-000108", "Jahangir Alam", "Shahana Parvin"),
];

export type KycRows = {
  blacklist: Prisma.BlacklistEntryCreateManyInput[];
  cases: Prisma.KycCaseCreateManyInput[];
  documents: Prisma.KycDocumentCreateManyInput[];
  checks: Prisma.VerificationCheckCreateManyInput[];
  notes: Prisma.KycNoteCreateManyInput[];
  auditLogs: Prisma.AuditLogCreateManyInput[];
};

export function buildKyc(stored: DemoDocuments): KycRows {
  const rows: KycRows = { blacklist: [], cases: [], documents: [], checks: [], notes: [], auditLogs: [] };
  const officer = staffId("kyc_officer");
  // Two listed identities nobody in the demo uses, so the blacklist screen has rows and every demo check passes.
  rows.blacklist.push(
    { id: demoId("blacklist:nid"), kind: "nid", value: "1990123400001", reason: "Forged NID card presented at the Mirpur branch", addedById: staffId("admin"), createdAt: demoTime(-30, "11:00") },
    { id: demoId("blacklist:phone"), kind: "phone", value: "+8801999000111", reason: "Reported for loan fraud by another lender", addedById: staffId("admin"), createdAt: demoTime(-12, "15:30") },
  );

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
        // Demo cards count as read by OCR a few minutes after submission.
        ocrReadAt: d.extractedData ? new Date(c.submittedAt.getTime() + 5 * 60_000) : null,
        verificationStatus: d.verificationStatus,
        uploadedAt: c.submittedAt,
      });
    });

    // The checks as the server computes them (lib/kyc/checks.ts), from the demo form and card: nothing invented.
    const person = c.customer ? DEMO_CUSTOMERS.find((x) => x.key === c.customer)! : null;
    const form = person
      ? { nid: person.nid, name: person.name, dateOfBirth: person.dateOfBirth.toISOString().slice(0, 10), phone: person.phone }
      : (() => {
          const a = applicationByKey(c.application!);
          return { nid: a.nid, name: a.name, dateOfBirth: a.dob.toISOString().slice(0, 10), phone: a.phone };
        })();
    const card = c.documents.find((d) => d.type === "nid_front");
    const checkedAt = new Date(c.submittedAt.getTime() + 5 * 60_000);
    const outcomes = computeChecks({
      form,
      card: card ? cardReadingOf({ extractedData: card.extractedData ?? null, ocrConfidence: card.ocrConfidence, ocrReadAt: checkedAt }) : { state: "failed" },
      duplicates: [],
      blacklist: [],
    });
    for (const outcome of outcomes) {
      rows.checks.push({
        id: demoId(`kyc-check:${c.key}:${outcome.kind}`),
        caseId: id,
        kind: outcome.kind,
        status: outcome.status,
        confidence: outcome.confidence,
        explanationKey: outcome.explanationKey,
        explanationValues: (outcome.explanationValues ?? undefined) as Prisma.InputJsonValue | undefined,
        checkedAt,
      });
    }

    c.notes.forEach((n, i) => {
      rows.notes.push({
        id: demoId(`kyc-note:${c.key}:${i}`),
        caseId: id,
        type: n.type,
        decision: n.decision ?? null,
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
