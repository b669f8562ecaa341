import { allocatePayment } from "../repayments/allocation";
import { lateFeeFor } from "../repayments/installments";
import { amortise } from "../repayments/schedule";
import { suggestedDisbursementChannel } from "../loans/disbursement-channel";
import { calculateEmi } from "../loans/emi";
import { assessRisk } from "../loans/risk";
import type {
  ApplicationStatus,
  CustomerStatus,
  EmploymentType,
  InstallmentStatus,
  KycStatus,
  Language,
  LoanStatus,
  LoanType,
  NidVerificationStatus,
  PaymentMethod,
  Prisma,
} from "../generated/prisma/client";
import { DemoDocuments } from "./documents";
import { LOAN_PRODUCTS } from "./products";
import { staffId, staffName, staffNameById } from "./staff";
import { isoDateOf } from "../validation/fields";
import { addDays, addMonths, atDhakaTime, calendarDate, demoDate, demoId, demoTime, sha256Hex } from "./support";

/**
 * Demo data of the back office: customers, applications from the public wizard, loans with their
 * repayment schedules and payments, collection activities and the matching audit trail.
 * Everything is derived from the fixed reference date, so the rows are identical on every run.
 */

type CustomerKey = "rahim" | "fatema" | "kamal" | "shirin" | "jamal" | "nusrat";

type DemoCustomer = {
  key: CustomerKey;
  userNumber: string;
  userCode: string;
  name: string;
  email: string | null;
  phone: string;
  nid: string;
  address: string;
  dateOfBirth: Date;
  employmentType: EmploymentType;
  employer: string;
  monthlyIncome: number;
  joinDate: Date;
  kycStatus: KycStatus;
  status: CustomerStatus;
  withPhoto: boolean;
  emergencyContact: { name: string; phone: string; relation: string };
  bank: { name: string; account: string; branch: string };
};

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    key: "rahim",
    userNumber: "U000101",
    userCode: "RB-4K7Q",
    name: "Mohammad Rahim Uddin",
    email: "rahim.uddin@example.com",
    phone: "+8801711000101",
    nid: "1987261234567",
    address: "House 14, Road 3, Dhanmondi, Dhaka 1205",
    dateOfBirth: calendarDate(1987, 3, 14),
    employmentType: "salaried",
    employer: "Meghna Textiles Ltd.",
    monthlyIncome: 85_000,
    joinDate: calendarDate(2026, 4, 8),
    kycStatus: "verified",
    status: "active",
    withPhoto: true,
    emergencyContact: { name: "Salma Begum", phone: "+8801711000201", relation: "Spouse" },
    bank: { name: "Dutch-Bangla Bank", account: "1051100012345", branch: "Dhanmondi" },
  },
  {
    key: "fatema",
    userNumber: "U000102",
    userCode: "RB-8M2D",
    name: "Fatema Begum",
    email: null,
    phone: "+8801811000102",
    nid: "4157283946",
    address: "Holding 52, Station Road, Mymensingh 2200",
    dateOfBirth: calendarDate(1982, 9, 2),
    employmentType: "business",
    employer: "Fatema Tailors (own shop)",
    monthlyIncome: 35_000,
    joinDate: calendarDate(2026, 5, 28),
    kycStatus: "verified",
    status: "active",
    withPhoto: false,
    emergencyContact: { name: "Abul Kashem", phone: "+8801811000202", relation: "Husband" },
    bank: { name: "BRAC Bank", account: "1502203456789001", branch: "Mymensingh" },
  },
  {
    key: "kamal",
    userNumber: "U000103",
    userCode: "RB-2T9H",
    name: "Kamal Hossain",
    email: "kamal.hossain@example.com",
    phone: "+8801911000103",
    nid: "19952693456781234",
    address: "Flat 3A, House 9, Block C, Mirpur 2, Dhaka 1216",
    dateOfBirth: calendarDate(1995, 6, 18),
    employmentType: "freelancer",
    employer: "Self (web design on Upwork)",
    monthlyIncome: 45_000,
    joinDate: demoDate(-6),
    kycStatus: "pending",
    status: "active",
    withPhoto: false,
    emergencyContact: { name: "Jahanara Hossain", phone: "+8801911000203", relation: "Mother" },
    bank: { name: "bKash (mobile account)", account: "+8801911000103", branch: "-" },
  },
  {
    key: "shirin",
    userNumber: "U000104",
    userCode: "RB-6W3N",
    name: "Shirin Sultana",
    email: "shirin.sultana@example.com",
    phone: "+8801611000104",
    nid: "6023918475",
    address: "House 27, Road 11, Section 6, Mirpur, Dhaka 1216",
    dateOfBirth: calendarDate(1989, 12, 5),
    employmentType: "salaried",
    employer: "Mirpur Ideal School",
    monthlyIncome: 48_000,
    joinDate: calendarDate(2026, 10, 28),
    kycStatus: "verified",
    status: "active",
    withPhoto: true,
    emergencyContact: { name: "Nazmul Huda", phone: "+8801611000204", relation: "Brother" },
    bank: { name: "Sonali Bank", account: "0126301009876", branch: "Mirpur 10" },
  },
  {
    key: "jamal",
    userNumber: "U000105",
    userCode: "RB-9C5R",
    name: "Jamal Mia",
    email: "jamal.hardware@example.com",
    phone: "+8801511000105",
    nid: "1979345612879",
    address: "Jamal Hardware, Boro Bazar, Cumilla 3500",
    dateOfBirth: calendarDate(1979, 4, 22),
    employmentType: "self_employed",
    employer: "Jamal Hardware (own shop)",
    monthlyIncome: 40_000,
    joinDate: calendarDate(2026, 9, 20),
    kycStatus: "rejected",
    status: "suspended",
    withPhoto: false,
    emergencyContact: { name: "Rokeya Khatun", phone: "+8801511000205", relation: "Spouse" },
    bank: { name: "Islami Bank Bangladesh", account: "20501770100456789", branch: "Cumilla" },
  },
  {
    key: "nusrat",
    userNumber: "U000106",
    userCode: "RB-3F8L",
    name: "Nusrat Jahan",
    email: "nusrat.jahan@example.com",
    phone: "+8801311000106",
    nid: "7712093854",
    address: "Road 5, Nasirabad Housing Society, Chattogram 4209",
    dateOfBirth: calendarDate(1992, 7, 9),
    employmentType: "salaried",
    employer: "Karnaphuli Shipping Lines",
    monthlyIncome: 72_000,
    joinDate: calendarDate(2026, 3, 20),
    kycStatus: "verified",
    status: "active",
    withPhoto: false,
    emergencyContact: { name: "Farhana Jahan", phone: "+8801311000206", relation: "Sister" },
    bank: { name: "Eastern Bank", account: "1041060123456", branch: "Agrabad" },
  },
];

export function customerId(key: CustomerKey): string {
  return demoId(`customer:${key}`);
}

function customerByKey(key: CustomerKey): DemoCustomer {
  const customer = DEMO_CUSTOMERS.find((c) => c.key === key);
  if (!customer) throw new Error(`Unknown demo customer ${key}`);
  return customer;
}

export function productRate(loanType: LoanType): number {
  const rate = LOAN_PRODUCTS.find((p) => p.key === loanType)?.annualRate;
  if (typeof rate !== "number") throw new Error(`No demo rate for ${loanType}`);
  return rate;
}

type NidResult = {
  status: NidVerificationStatus;
  simulated: boolean;
  confidence: number | null;
  fatherName?: string;
  motherName?: string;
  bloodGroup?: string;
};

type Review = { status: Exclude<ApplicationStatus, "pending">; at: Date; reason?: string };

type DemoApplication = {
  key: string;
  language: Language;
  submittedAt: Date;
  customer?: CustomerKey;
  loanType: LoanType;
  amount: number;
  tenure: number;
  purpose: string;
  name: string;
  phone: string;
  email: string | null;
  dob: Date;
  nid: string;
  address: string;
  employmentType: EmploymentType;
  employer: string;
  monthlyIncome: number;
  existingLoans: number | null;
  nidResult: NidResult;
  review?: Review;
};

/** Applicant data of a demo customer, as they typed it into the wizard. */
function applicantOf(key: CustomerKey) {
  const c = customerByKey(key);
  return {
    customer: key,
    name: c.name,
    phone: c.phone,
    email: c.email,
    dob: c.dateOfBirth,
    nid: c.nid,
    address: c.address,
    employmentType: c.employmentType,
    employer: c.employer,
    monthlyIncome: c.monthlyIncome,
  };
}

function jamalRejectionReason(): string {
  const { emi } = calculateEmi({ principal: 500_000, annualRate: productRate("business"), months: 36 });
  const ratio = Math.round((emi / 40_000) * 100);
  return `The monthly EMI of ৳${emi.toLocaleString("en-IN")} would be ${ratio}% of the stated income, above the 40% limit, and there is an existing loan of ৳1,50,000.`;
}

export const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    key: "sumaiya",
    language: "bn",
    submittedAt: demoTime(0, "09:42"),
    loanType: "instant",
    amount: 20_000,
    tenure: 6,
    purpose: "ছেলের স্কুলে ভর্তির খরচ",
    name: "সুমাইয়া আক্তার",
    phone: "+8801812000111",
    email: null,
    dob: calendarDate(1996, 8, 21),
    nid: "5921834706",
    address: "গ্রাম: চরপাড়া, ডাকঘর: মধুপুর, টাঙ্গাইল",
    employmentType: "freelancer",
    employer: "নিজস্ব সেলাইয়ের কাজ",
    monthlyIncome: 18_000,
    existingLoans: null,
    nidResult: { status: "pending_staff_verification", simulated: false, confidence: null },
  },
  {
    key: "rafiq",
    language: "en",
    submittedAt: demoTime(-1, "16:15"),
    loanType: "business",
    amount: 80_000,
    tenure: 12,
    purpose: "Stock for the Eid season",
    name: "Rafiq Ahmed",
    phone: "+8801912000222",
    email: "rafiq.ahmed@example.com",
    dob: calendarDate(1984, 1, 9),
    nid: "19842692512345678",
    address: "Shop 23, New Market, Chattogram 4000",
    employmentType: "business",
    employer: "Ahmed Cloth Store (own shop)",
    monthlyIncome: 60_000,
    existingLoans: 25_000,
    nidResult: { status: "pending_staff_verification", simulated: false, confidence: null },
  },
  {
    key: "habibur",
    language: "bn",
    submittedAt: demoTime(-3, "20:05"),
    loanType: "salary",
    amount: 200_000,
    tenure: 24,
    purpose: "বিয়ের খরচ",
    name: "মোঃ হাবিবুর রহমান",
    phone: "+8801612000333",
    email: "habibur.rahman@example.com",
    dob: calendarDate(1990, 5, 30),
    nid: "2690412345678",
    address: "ফ্ল্যাট ৫বি, বাড়ি ৭, সেক্টর ৪, উত্তরা, ঢাকা ১২৩০",
    employmentType: "salaried",
    employer: "রূপসা ফুডস লিমিটেড",
    monthlyIncome: 55_000,
    existingLoans: 0,
    nidResult: {
      status: "verified",
      simulated: true,
      confidence: 93,
      fatherName: "মোঃ আব্দুল মান্নান",
      motherName: "রোকেয়া বেগম",
      bloodGroup: "B+",
    },
    review: { status: "under_review", at: demoTime(-2, "11:20") },
  },
  {
    key: "kamal",
    language: "en",
    submittedAt: demoTime(-6, "10:30"),
    ...applicantOf("kamal"),
    loanType: "instant",
    amount: 30_000,
    tenure: 6,
    purpose: "Laptop repair and a new phone for freelance work",
    existingLoans: null,
    nidResult: { status: "verified", simulated: false, confidence: 97, fatherName: "Anwar Hossain", motherName: "Jahanara Hossain", bloodGroup: "O+" },
    review: { status: "approved", at: demoTime(-5, "12:00") },
  },
  {
    key: "shirin",
    language: "en",
    submittedAt: demoTime(-14, "19:10"),
    ...applicantOf("shirin"),
    loanType: "consumer",
    amount: 150_000,
    tenure: 24,
    purpose: "Refrigerator and furniture for a new flat",
    existingLoans: 0,
    nidResult: { status: "verified", simulated: false, confidence: 95, fatherName: "Abdul Huda", motherName: "Nurjahan Begum", bloodGroup: "A+" },
    review: { status: "approved", at: demoTime(-12, "15:45") },
  },
  {
    key: "jamal",
    language: "en",
    submittedAt: demoTime(-20, "13:25"),
    ...applicantOf("jamal"),
    loanType: "business",
    amount: 500_000,
    tenure: 36,
    purpose: "Open a second hardware shop",
    existingLoans: 150_000,
    nidResult: { status: "verified", simulated: true, confidence: 89, fatherName: "Rustam Mia", motherName: "Amena Khatun", bloodGroup: "AB+" },
    review: { status: "rejected", at: demoTime(-18, "10:05"), reason: jamalRejectionReason() },
  },
  {
    key: "rubina",
    language: "bn",
    submittedAt: demoTime(-9, "08:50"),
    loanType: "instant",
    amount: 10_000,
    tenure: 6,
    purpose: "চিকিৎসার খরচ",
    name: "রুবিনা খাতুন",
    phone: "+8801512000777",
    email: null,
    dob: calendarDate(1993, 11, 2),
    nid: "7345129086",
    address: "বাড়ি ৩২, কলেজ রোড, রাজশাহী ৬০০০",
    employmentType: "salaried",
    employer: "রাজশাহী টেক্সটাইল মিলস",
    monthlyIncome: 15_000,
    existingLoans: null,
    nidResult: { status: "failed", simulated: false, confidence: 41 },
    review: {
      status: "rejected",
      at: demoTime(-8, "14:30"),
      reason: "এনআইডির ছবি অস্পষ্ট এবং ছবির নাম আবেদনের নামের সাথে মেলেনি। পরিষ্কার ছবি দিয়ে আবার আবেদন করুন।",
    },
  },
];

export function applicationId(key: string): string {
  return demoId(`application:${key}`);
}

/** The public reference: "LB" + submission time in epoch milliseconds. */
export function publicApplicationId(submittedAt: Date): string {
  return `LB${submittedAt.getTime()}`;
}

export function applicationByKey(key: string): DemoApplication {
  const application = DEMO_APPLICATIONS.find((a) => a.key === key);
  if (!application) throw new Error(`Unknown demo application ${key}`);
  return application;
}

type Schedule = {
  firstDueDate: Date;
  /** Instalments 1..paidCount are fully paid. */
  paidCount: number;
  /** An instalment paid in part. */
  partial?: { emiNumber: number; paidAmount: number };
};

type DemoLoan = {
  key: string;
  loanNumber: string;
  customer: CustomerKey;
  application?: string;
  loanType: LoanType;
  requestedAmount: number;
  approvedAmount: number | null;
  tenure: number;
  purpose: string;
  status: LoanStatus;
  existingLoans: number | null;
  submittedAt: Date;
  approvedAt?: Date;
  rejected?: { at: Date; reason: string };
  disbursement?: { scheduled: Date; disbursedAt?: Date };
  schedule?: Schedule;
  closedAt?: Date;
};

export const DEMO_LOANS: readonly DemoLoan[] = [
  {
    key: "rahim-salary",
    loanNumber: "LN-000101",
    customer: "rahim",
    loanType: "salary",
    requestedAmount: 300_000,
    approvedAmount: 300_000,
    tenure: 24,
    purpose: "Home renovation",
    status: "disbursed",
    existingLoans: 0,
    submittedAt: atDhakaTime(calendarDate(2026, 4, 8), "10:00"),
    approvedAt: atDhakaTime(calendarDate(2026, 4, 12), "12:30"),
    disbursement: { scheduled: calendarDate(2026, 4, 20), disbursedAt: atDhakaTime(calendarDate(2026, 4, 20), "11:00") },
    // EMI 7 falls due on the reference date.
    schedule: { firstDueDate: calendarDate(2026, 5, 20), paidCount: 6 },
  },
  {
    key: "fatema-business",
    loanNumber: "LN-000102",
    customer: "fatema",
    loanType: "business",
    requestedAmount: 100_000,
    approvedAmount: 100_000,
    tenure: 12,
    purpose: "Two sewing machines for the tailoring shop",
    status: "disbursed",
    existingLoans: 0,
    submittedAt: atDhakaTime(calendarDate(2026, 5, 28), "15:20"),
    approvedAt: atDhakaTime(calendarDate(2026, 6, 1), "11:10"),
    disbursement: { scheduled: calendarDate(2026, 6, 5), disbursedAt: atDhakaTime(calendarDate(2026, 6, 5), "12:00") },
    // October paid in part, November overdue.
    schedule: { firstDueDate: calendarDate(2026, 7, 5), paidCount: 3, partial: { emiNumber: 4, paidAmount: 4_500 } },
  },
  {
    key: "kamal-instant",
    loanNumber: "LN-000103",
    customer: "kamal",
    application: "kamal",
    loanType: "instant",
    requestedAmount: 30_000,
    approvedAmount: null,
    tenure: 6,
    purpose: "Laptop repair and a new phone for freelance work",
    status: "pending_approval",
    existingLoans: null,
    submittedAt: demoTime(-6, "10:30"),
  },
  {
    key: "shirin-consumer",
    loanNumber: "LN-000104",
    customer: "shirin",
    application: "shirin",
    loanType: "consumer",
    requestedAmount: 150_000,
    approvedAmount: 140_000,
    tenure: 24,
    purpose: "Refrigerator and furniture for a new flat",
    status: "approved",
    existingLoans: 0,
    submittedAt: demoTime(-14, "19:10"),
    approvedAt: demoTime(-10, "16:00"),
    disbursement: { scheduled: demoDate(3) },
  },
  {
    key: "jamal-business",
    loanNumber: "LN-000105",
    customer: "jamal",
    loanType: "business",
    requestedAmount: 200_000,
    approvedAmount: null,
    tenure: 24,
    purpose: "Stock for the hardware shop",
    status: "rejected",
    existingLoans: 150_000,
    submittedAt: demoTime(-45, "11:00"),
    rejected: { at: demoTime(-40, "17:30"), reason: "Low credit score (580) and an existing loan of ৳1,50,000 with late payments." },
  },
  {
    key: "nusrat-instant",
    loanNumber: "LN-000106",
    customer: "nusrat",
    loanType: "instant",
    requestedAmount: 20_000,
    approvedAmount: 20_000,
    tenure: 6,
    purpose: "Mother's eye operation",
    status: "closed",
    existingLoans: 0,
    submittedAt: atDhakaTime(calendarDate(2026, 3, 25), "09:15"),
    approvedAt: atDhakaTime(calendarDate(2026, 3, 28), "10:40"),
    disbursement: { scheduled: calendarDate(2026, 4, 1), disbursedAt: atDhakaTime(calendarDate(2026, 4, 1), "10:00") },
    schedule: { firstDueDate: calendarDate(2026, 5, 1), paidCount: 6 },
    closedAt: atDhakaTime(calendarDate(2026, 10, 1), "11:00"),
  },
  {
    key: "nusrat-salary",
    loanNumber: "LN-000107",
    customer: "nusrat",
    loanType: "salary",
    requestedAmount: 250_000,
    approvedAmount: null,
    tenure: 36,
    purpose: "Higher studies (MBA tuition)",
    status: "under_review",
    existingLoans: 0,
    submittedAt: demoTime(-4, "12:45"),
  },
];

export function loanId(key: string): string {
  return demoId(`loan:${key}`);
}

const PAYMENT_METHODS: readonly PaymentMethod[] = ["bkash", "cash", "nagad", "bank_transfer", "rocket", "card"];

function paymentReference(method: PaymentMethod, label: string): string {
  const code = sha256Hex(Buffer.from(label)).slice(0, 10).toUpperCase();
  switch (method) {
    case "bkash":
      return `BK${code}`;
    case "nagad":
      return `NG${code}`;
    case "rocket":
      return `RK${code}`;
    case "bank_transfer":
      return `BEFTN-${code}`;
    case "card":
      return `CARD-${code.slice(0, 6)}`;
    case "cash":
      return `RCPT-${parseInt(code.slice(0, 6), 16) % 100_000}`;
  }
}

const taka = (amount: number) => `৳${amount.toLocaleString("en-IN")}`;

export type BackOfficeRows = {
  customers: Prisma.CustomerCreateManyInput[];
  applications: Prisma.LoanApplicationCreateManyInput[];
  loans: Prisma.LoanCreateManyInput[];
  loanNotes: Prisma.LoanNoteCreateManyInput[];
  loanDocuments: Prisma.LoanDocumentCreateManyInput[];
  installments: Prisma.LoanInstallmentCreateManyInput[];
  payments: Prisma.LoanPaymentCreateManyInput[];
  paymentAllocations: Prisma.LoanPaymentAllocationCreateManyInput[];
  collectionActivities: Prisma.CollectionActivityCreateManyInput[];
  auditLogs: Prisma.AuditLogCreateManyInput[];
};

export function buildBackOffice(documents: DemoDocuments): BackOfficeRows {
  const rows: BackOfficeRows = {
    customers: [],
    applications: [],
    loans: [],
    loanNotes: [],
    loanDocuments: [],
    installments: [],
    payments: [],
    paymentAllocations: [],
    collectionActivities: [],
    auditLogs: [],
  };
  const loanOfficer = staffId("loan_officer");
  const accountManager = staffId("account_manager");
  const collectionAgent = staffId("collection_agent");
  const kycOfficer = staffId("kyc_officer");

  const audit = (
    label: string,
    entry: Omit<Prisma.AuditLogCreateManyInput, "id" | "actorLabel"> & { actorId: string | null },
  ) => {
    const actorLabel = entry.actorId ? staffNameById(entry.actorId) : entry.action === "application.submit" ? "Applicant" : "System";
    rows.auditLogs.push({ id: demoId(`audit:${label}`), actorLabel, ...entry });
  };

  // Customers
  for (const c of DEMO_CUSTOMERS) {
    const joinedAt = atDhakaTime(c.joinDate, "10:00");
    const profileImageId = c.withPhoto ? documents.add(`customer-photo:${c.key}`, "member_photo", joinedAt, kycOfficer) : null;
    rows.customers.push({
      id: customerId(c.key),
      userNumber: c.userNumber,
      userCode: c.userCode,
      name: c.name,
      email: c.email,
      phone: c.phone,
      nid: c.nid,
      address: c.address,
      dateOfBirth: c.dateOfBirth,
      employmentType: c.employmentType,
      employer: c.employer,
      monthlyIncome: c.monthlyIncome,
      joinDate: c.joinDate,
      kycStatus: c.kycStatus,
      status: c.status,
      creditScore: null,
      lastActivityAt: null, // filled in below from the latest loan event
      profileImageId,
      emergencyContactName: c.emergencyContact.name,
      emergencyContactPhone: c.emergencyContact.phone,
      emergencyContactRelation: c.emergencyContact.relation,
      bankName: c.bank.name,
      bankAccountNumber: c.bank.account,
      bankBranch: c.bank.branch,
      createdAt: joinedAt,
      updatedAt: joinedAt,
    });
  }
  const touchCustomer = (key: CustomerKey, at: Date) => {
    const row = rows.customers.find((r) => r.id === customerId(key));
    if (row && (!row.lastActivityAt || new Date(row.lastActivityAt) < at)) row.lastActivityAt = at;
  };

  // Applications
  const nidImageOfApplication = new Map<string, string>();
  for (const a of DEMO_APPLICATIONS) {
    const calc = calculateEmi({ principal: a.amount, annualRate: productRate(a.loanType), months: a.tenure });
    const id = applicationId(a.key);
    const nidImageId = documents.add(`application-nid:${a.key}`, "nid_front", a.submittedAt);
    nidImageOfApplication.set(a.key, nidImageId);
    const verified = a.nidResult.status === "verified";
    const reviewedAt = a.review?.at ?? null;
    rows.applications.push({
      id,
      applicationId: publicApplicationId(a.submittedAt),
      idempotencyKey: demoId(`application-idempotency:${a.key}`),
      status: a.review?.status ?? "pending",
      language: a.language,
      loanType: a.loanType,
      amount: a.amount,
      tenure: a.tenure,
      purpose: a.purpose,
      name: a.name,
      phone: a.phone,
      email: a.email,
      dob: a.dob,
      nid: a.nid,
      address: a.address,
      employmentType: a.employmentType,
      employer: a.employer,
      monthlyIncome: a.monthlyIncome,
      existingLoans: a.existingLoans,
      principal: calc.principal,
      interestRate: calc.interestRate,
      months: calc.months,
      emi: calc.emi,
      totalPayable: calc.totalPayable,
      totalInterest: calc.totalInterest,
      nidVerified: verified,
      nidVerificationStatus: a.nidResult.status,
      nidVerifiedName: verified ? a.name : null,
      nidVerifiedNumber: verified ? a.nid : null,
      nidVerifiedDob: verified ? a.dob : null,
      nidFatherName: a.nidResult.fatherName ?? null,
      nidMotherName: a.nidResult.motherName ?? null,
      nidVerifiedAddress: verified ? a.address : null,
      nidBloodGroup: a.nidResult.bloodGroup ?? null,
      nidConfidence: a.nidResult.confidence,
      nidSimulated: a.nidResult.simulated,
      nidImageId,
      customerId: a.customer ? customerId(a.customer) : null,
      reviewedById: a.review ? loanOfficer : null,
      reviewedAt,
      rejectionReason: a.review?.reason ?? null,
      submittedAt: a.submittedAt,
      createdAt: a.submittedAt,
      updatedAt: reviewedAt ?? a.submittedAt,
    });
    audit(`application-submit:${a.key}`, {
      actorId: null,
      action: "application.submit",
      entityType: "LoanApplication",
      entityId: id,
      after: { applicationId: publicApplicationId(a.submittedAt), status: "pending", loanType: a.loanType, amount: a.amount },
      ip: "103.148.72.15",
      userAgent: "Mozilla/5.0 (Linux; Android 10; SM-A107F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
      createdAt: a.submittedAt,
    });
    if (a.review) {
      const action = a.review.status === "under_review" ? "application.mark_under_review" : `application.${a.review.status === "approved" ? "approve" : "reject"}`;
      audit(`application-review:${a.key}`, {
        actorId: loanOfficer,
        action,
        entityType: "LoanApplication",
        entityId: id,
        before: { status: "pending" },
        after: a.review.reason ? { status: a.review.status, rejectionReason: a.review.reason } : { status: a.review.status },
        ip: "10.20.1.15",
        createdAt: a.review.at,
      });
    }
    if (a.customer) touchCustomer(a.customer, reviewedAt ?? a.submittedAt);
  }

  // Loans, schedules and payments
  let paymentSeq = 0;
  for (const l of DEMO_LOANS) {
    const id = loanId(l.key);
    const customer = customerByKey(l.customer);
    const rate = productRate(l.loanType);
    const principal = l.approvedAmount ?? l.requestedAmount;
    const { emi } = calculateEmi({ principal, annualRate: rate, months: l.tenure });
    const disbursedAt = l.disbursement?.disbursedAt ?? null;
    const lastUpdated = l.closedAt ?? disbursedAt ?? l.rejected?.at ?? l.approvedAt ?? l.submittedAt;
    rows.loans.push({
      id,
      loanNumber: l.loanNumber,
      customerId: customerId(l.customer),
      applicationId: l.application ? applicationId(l.application) : null,
      loanType: l.loanType,
      requestedAmount: l.requestedAmount,
      approvedAmount: l.approvedAmount,
      tenure: l.tenure,
      interestRate: rate,
      emi,
      purpose: l.purpose,
      status: l.status,
      riskLevel: assessRisk({
        emi,
        monthlyIncome: customer.monthlyIncome,
        existingLoans: l.existingLoans,
        employmentType: customer.employmentType,
        kycStatus: customer.kycStatus,
        otherActiveLoans: DEMO_LOANS.filter((o) => o.customer === l.customer && o.key !== l.key && o.status === "disbursed").length,
      }).level,
      // No credit bureau or scoring rule behind the demo: scores stay "not assessed".
      creditScore: null,
      monthlyIncome: customer.monthlyIncome,
      existingLoans: l.existingLoans,
      submittedAt: l.submittedAt,
      approvedById: l.approvedAt ? loanOfficer : null,
      approvedAt: l.approvedAt ?? null,
      rejectedById: l.rejected ? loanOfficer : null,
      rejectedAt: l.rejected?.at ?? null,
      rejectionReason: l.rejected?.reason ?? null,
      scheduledDisbursementAt: l.disbursement?.scheduled ?? null,
      disbursedAt,
      disbursedById: disbursedAt ? accountManager : null,
      disbursementBankAccount: l.disbursement ? customer.bank.account : null,
      disbursementBankName: l.disbursement ? customer.bank.name : null,
      disbursementMethod: l.disbursement ? suggestedDisbursementChannel(customer.bank.name) : null,
      disbursedAmount: disbursedAt ? principal : null,
      closedAt: l.closedAt ?? null,
      createdAt: l.submittedAt,
      updatedAt: lastUpdated,
    });
    touchCustomer(l.customer, lastUpdated);

    // Documents: the NID (the application's capture when there is one) and the type's own paper.
    const nidDocumentId =
      (l.application && nidImageOfApplication.get(l.application)) ||
      documents.add(`loan-nid:${l.key}`, "nid_front", l.submittedAt, loanOfficer);
    const decided = l.status !== "pending_approval" && l.status !== "under_review";
    rows.loanDocuments.push({
      id: demoId(`loan-document:${l.key}:nid`),
      loanId: id,
      type: "nid_front",
      documentId: nidDocumentId,
      status: decided ? (l.status === "rejected" ? "rejected" : "verified") : "pending",
      uploadedAt: l.submittedAt,
    });
    if (l.application) {
      rows.loanDocuments.push({
        id: demoId(`loan-document:${l.key}:application-form`),
        loanId: id,
        type: "application_form",
        documentId: null,
        status: "verified",
        uploadedAt: l.submittedAt,
      });
    }
    const paperKind = l.loanType === "salary" ? "salary_certificate" : l.loanType === "business" ? "business_license" : "bank_statement";
    rows.loanDocuments.push({
      id: demoId(`loan-document:${l.key}:${paperKind}`),
      loanId: id,
      type: paperKind,
      documentId: documents.add(`loan-paper:${l.key}`, paperKind, addDays(l.submittedAt, 1), loanOfficer),
      status: decided ? "verified" : "pending",
      uploadedAt: addDays(l.submittedAt, 1),
    });

    // Notes and audit trail
    const note = (suffix: string, authorId: string | null, content: string, createdAt: Date) =>
      rows.loanNotes.push({ id: demoId(`loan-note:${l.key}:${suffix}`), loanId: id, authorId, content, createdAt });
    if (l.status === "under_review") {
      note("review", loanOfficer, "Asked for the last 6 months' bank statement and an admission letter.", addDays(l.submittedAt, 1));
    }
    if (l.approvedAt) {
      const partly = l.approvedAmount !== null && l.approvedAmount !== l.requestedAmount;
      note(
        "approved",
        loanOfficer,
        partly
          ? `Approved ${taka(l.approvedAmount ?? 0)} instead of ${taka(l.requestedAmount)}: keeps the EMI within 40% of income.`
          : "Income and documents verified. Approved.",
        l.approvedAt,
      );
      audit(`loan-approve:${l.key}`, {
        actorId: loanOfficer,
        action: "loan.approve",
        entityType: "Loan",
        entityId: id,
        before: { status: "pending_approval" },
        after: { status: "approved", approvedAmount: l.approvedAmount },
        ip: "10.20.1.15",
        createdAt: l.approvedAt,
      });
    }
    if (l.rejected) {
      note("rejected", loanOfficer, l.rejected.reason, l.rejected.at);
      audit(`loan-reject:${l.key}`, {
        actorId: loanOfficer,
        action: "loan.reject",
        entityType: "Loan",
        entityId: id,
        before: { status: "pending_approval" },
        after: { status: "rejected", rejectionReason: l.rejected.reason },
        ip: "10.20.1.15",
        createdAt: l.rejected.at,
      });
    }
    if (disbursedAt) {
      audit(`loan-disburse:${l.key}`, {
        actorId: accountManager,
        action: "loan.disburse",
        entityType: "Loan",
        entityId: id,
        before: { status: "approved" },
        after: { status: "disbursed", disbursedAmount: principal, bankName: customer.bank.name },
        ip: "10.20.1.22",
        createdAt: disbursedAt,
      });
    }
    if (l.closedAt) {
      audit(`loan-close:${l.key}`, {
        actorId: null,
        action: "loan.close",
        entityType: "Loan",
        entityId: id,
        before: { status: "disbursed" },
        after: { status: "closed" },
        createdAt: l.closedAt,
      });
    }

    if (!l.schedule) continue;
    const today = demoDate(0).getTime();
    const amounts = amortise({ principal, annualRate: rate, months: l.tenure, emi });
    for (let n = 1; n <= l.tenure; n++) {
      const dueDate = addMonths(l.schedule.firstDueDate, n - 1);
      const installmentId = demoId(`installment:${l.key}:${n}`);
      const isPaid = n <= l.schedule.paidCount;
      const partial = l.schedule.partial?.emiNumber === n ? l.schedule.partial : undefined;
      let status: InstallmentStatus;
      if (isPaid) status = "paid";
      else if (partial) status = "partial";
      else if (dueDate.getTime() < today) status = "overdue";
      else if (dueDate.getTime() === today) status = "due_today";
      else status = "upcoming";
      const late = !isPaid && dueDate.getTime() < today;
      const { emiAmount, principal: principalAmount, interest: interestAmount } = amounts[n - 1]!;
      const lateFee = late ? lateFeeFor(emiAmount) : 0;

      let paidAmount = 0;
      let paidAt: Date | null = null;
      if (isPaid || partial) {
        paidAmount = partial ? partial.paidAmount : emiAmount;
        // Partial payments are the cash the collection agent picked up (see the activities below).
        const method: PaymentMethod = partial ? "cash" : (PAYMENT_METHODS[paymentSeq % PAYMENT_METHODS.length] ?? "cash");
        const paymentDate = partial ? addDays(dueDate, 3) : addDays(dueDate, -(n % 3));
        const receivedAt = atDhakaTime(paymentDate, method === "cash" ? "16:30" : "11:05");
        if (isPaid) paidAt = receivedAt;
        paymentSeq += 1;
        rows.payments.push({
          id: demoId(`payment:${l.key}:${n}`),
          paymentNumber: `PAY-${String(100_000 + paymentSeq)}`,
          loanId: id,
          installmentId,
          amount: paidAmount,
          method,
          status: "completed",
          reference: paymentReference(method, `${l.key}:${n}`),
          paymentDate,
          notes: partial ? "Paid half; promised the rest after the next market day." : null,
          collectedById: method === "cash" ? collectionAgent : null,
          createdAt: receivedAt,
        });
        // The fee, if any, only arises after the payments seeded here: they went to interest, then principal.
        const allocation = allocatePayment(paidAmount, [{ emiNumber: n, lateFee: 0, interest: interestAmount, principal: principalAmount }]);
        if (!allocation.ok) throw new Error(`Demo payment ${l.key}:${n} does not fit its instalment`);
        for (const part of allocation.allocations) {
          rows.paymentAllocations.push({
            id: demoId(`payment-allocation:${l.key}:${n}`),
            paymentId: demoId(`payment:${l.key}:${n}`),
            installmentId,
            lateFee: part.lateFee,
            interest: part.interest,
            principal: part.principal,
          });
        }
        if (method === "cash") {
          audit(`payment-record:${l.key}:${n}`, {
            actorId: collectionAgent,
            action: "payment.record",
            entityType: "LoanPayment",
            entityId: demoId(`payment:${l.key}:${n}`),
            after: { loanNumber: l.loanNumber, emiNumber: n, amount: paidAmount, method },
            ip: "10.20.3.40",
            createdAt: receivedAt,
          });
        }
        touchCustomer(l.customer, receivedAt);
      }
      rows.installments.push({ id: installmentId, loanId: id, emiNumber: n, dueDate, emiAmount, principalAmount, interestAmount, status, lateFee, paidAmount, paidAt });
    }
  }

  // Collection work on the two running loans
  const activity = (
    key: string,
    loan: string,
    customer: CustomerKey,
    entry: Omit<Prisma.CollectionActivityCreateManyInput, "id" | "loanId" | "customerId">,
  ) => rows.collectionActivities.push({ id: demoId(`collection-activity:${key}`), loanId: loanId(loan), customerId: customerId(customer), ...entry });
  activity("fatema-reminder-oct", "fatema-business", "fatema", {
    activity: "reminder_sent",
    facts: { emiNumber: 4, dueDate: "2026-10-05" },
    performedById: null,
    performedByLabel: null,
    status: "completed",
    createdAt: atDhakaTime(calendarDate(2026, 10, 3), "09:00"),
  });
  activity("fatema-call-oct", "fatema-business", "fatema", {
    activity: "call_made",
    facts: { emiNumber: 4, tenure: 12, dueDate: "2026-10-05" },
    note: "হাটবারের পর কিছু টাকা দেবেন বলেছেন।",
    performedById: collectionAgent,
    performedByLabel: staffName("collection_agent"),
    status: "completed",
    createdAt: atDhakaTime(calendarDate(2026, 10, 6), "11:30"),
  });
  activity("fatema-cash-oct", "fatema-business", "fatema", {
    activity: "payment_received",
    facts: { emiNumber: 4, amount: 4_500 },
    performedById: collectionAgent,
    performedByLabel: staffName("collection_agent"),
    status: "completed",
    createdAt: atDhakaTime(calendarDate(2026, 10, 8), "16:45"),
  });
  activity("fatema-promise-nov", "fatema-business", "fatema", {
    activity: "promise_to_pay",
    facts: { promisedDate: "2026-11-25" },
    performedById: collectionAgent,
    performedByLabel: staffName("collection_agent"),
    status: "completed",
    createdAt: demoTime(-2, "12:15"),
  });
  activity("fatema-visit-nov", "fatema-business", "fatema", {
    activity: "field_visit",
    note: "কথা না রাখলে দোকানে যাওয়া হবে।",
    performedById: collectionAgent,
    performedByLabel: staffName("collection_agent"),
    status: "scheduled",
    createdAt: demoTime(-2, "12:20"),
  });
  activity("rahim-auto-oct", "rahim-salary", "rahim", {
    activity: "auto_collection",
    facts: { emiNumber: 6 },
    performedById: null,
    performedByLabel: null,
    status: "completed",
    createdAt: atDhakaTime(calendarDate(2026, 10, 20), "08:00"),
  });
  activity("rahim-reminder-nov", "rahim-salary", "rahim", {
    activity: "reminder_sent",
    facts: { emiNumber: 7, dueDate: isoDateOf(demoDate(0)) },
    performedById: null,
    performedByLabel: null,
    status: "completed",
    createdAt: demoTime(0, "08:00"),
  });

  return rows;
}

