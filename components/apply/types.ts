import type { ProductTerms } from "@/lib/products/terms";

/** A loan product as the wizard needs it: the public projection of a product (lib/products/terms.ts). */
export type ApplyProduct = ProductTerms;

// The forms hold what the applicant typed (strings, possibly Bengali digits); the schemas clean them.
export type LoanDetailsValues = { loanType: string; amount: string; tenure: string; purpose: string };
export type PersonalInfoValues = {
  name: string;
  phone: string;
  email: string;
  dob: string;
  nid: string;
  address: string;
  /** Optional: the applicant's upazila, which routes the application to its branch. */
  upazilaCode: string;
  nidCardCaptured: boolean;
};
export type EmploymentInfoValues = {
  employmentType: string;
  employer: string;
  monthlyIncome: string;
  existingLoans: string;
};

/** Values /eligibility (or any link) may preset through the query string. */
export type ApplyPrefill = Partial<
  Pick<LoanDetailsValues, "loanType" | "amount" | "tenure"> &
    Pick<EmploymentInfoValues, "employmentType" | "monthlyIncome" | "existingLoans">
>;

export const EMPTY_LOAN_DETAILS: LoanDetailsValues = { loanType: "", amount: "", tenure: "", purpose: "" };
export const EMPTY_PERSONAL_INFO: PersonalInfoValues = {
  name: "",
  phone: "",
  email: "",
  dob: "",
  nid: "",
  address: "",
  upazilaCode: "",
  nidCardCaptured: false,
};
export const EMPTY_EMPLOYMENT_INFO: EmploymentInfoValues = {
  employmentType: "",
  employer: "",
  monthlyIncome: "",
  existingLoans: "",
};
