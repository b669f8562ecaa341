import type { OfficeScope } from "@/lib/offices/scope-rules";
/** What the loan documents print (plain values; dates YYYY-MM-DD in Asia/Dhaka, money whole taka). */
export type PaymentReceiptData = {
  paymentNumber: string;
  amount: number;
  method: "cash" | "bkash" | "nagad" | "rocket" | "bank_transfer" | "card" | null;
  reference: string | null;
  paymentDate: string;
  collectedBy: string | null;
  loanNumber: string;
  borrower: string;
  customerNumber: string;
  /** What the loan still owes now (instalments and late fees not yet paid). */
  outstandingNow: number;
  allocations: { emiNumber: number; dueDate: string; lateFee: number; interest: number; principal: number }[];
};

export type LoanScheduleData = {
  loanNumber: string;
  borrower: string;
  customerNumber: string;
  disbursedAmount: number;
  disbursedOn: string | null;
  /** Nominal yearly percent on the declining balance. */
  annualRate: number;
  tenure: number;
  emi: number;
  installments: {
    emiNumber: number;
    dueDate: string;
    emiAmount: number;
    principal: number;
    interest: number;
    lateFee: number;
    paid: number;
    status: "paid" | "due_today" | "overdue" | "upcoming" | "partial";
  }[];
};

/** For a borrower's download: only a document of the customer with this phone and NID (anything else is "not found"). */
export type DocumentOwner = { phone: string; nid: string };
/** Who asks for a document: the borrower it belongs to, or staff within their offices' branches. */
export type DocumentReader = DocumentOwner | OfficeScope;
