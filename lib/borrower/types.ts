/** What /account shows a signed-in borrower (no server imports: the page's components read these types). */
import type { ApplicationStatus, Language, LoanStatus, LoanType, OutboxChannel, OutboxStatus, PaymentMethod, PaymentStatus } from "@/lib/generated/prisma/enums";

export type InstallmentView = {
  emiNumber: number;
  /** YYYY-MM-DD (Asia/Dhaka): the contract's date, and the day it falls due after holidays. */
  dueDate: string;
  scheduledDate: string;
  emiAmount: number;
  lateFee: number;
  paid: number;
  status: "paid" | "due_today" | "overdue" | "upcoming" | "partial";
};

export type BorrowerAccountView = {
  name: string | null;
  applications: {
    applicationId: string;
    status: ApplicationStatus;
    loanType: LoanType;
    amount: number;
    tenure: number;
    submittedAt: string;
    reviewedAt: string | null;
    /** Only for rejected applications: the reviewer's reason. */
    rejectionReason: string | null;
    /** A new card photo asked for: the officer's reason and the link sent by SMS (null if that message is gone). */
    kycResubmission: { reason: string; link: string | null } | null;
  }[];
  loans: {
    loanNumber: string;
    loanType: LoanType;
    status: LoanStatus;
    amount: number;
    annualRate: number;
    tenure: number;
    emi: number;
    disbursedOn: string | null;
    /** Instalments and late fees not yet paid, whole taka. */
    outstanding: number;
    /** The first instalment not paid in full, with what it still owes. */
    next: { emiNumber: number; date: string; amount: number; overdue: boolean } | null;
    /** What pays the whole loan off today (early settlement: no interest after today); null unless it is running. */
    settlementToday: { total: number; principal: number; interest: number; lateFees: number } | null;
    installments: InstallmentView[];
    payments: { paymentNumber: string; amount: number; method: PaymentMethod | null; reference: string | null; paymentDate: string; status: PaymentStatus }[];
  }[];
  messages: { id: string; channel: OutboxChannel; language: Language; template: string; body: string; status: OutboxStatus; createdAt: string }[];
};
