/**
 * A loan's risk level and the reasons for it, from one rule table (issue 8 item 3). Each rule looks at one fact
 * of the borrower and says low, medium or high; the loan's level is the highest any rule says, and every rule
 * above low is a reason shown on the Assessment tab. Pure, so the loan is assessed the same way when it is
 * created, when its amount is approved and when the dialog explains it. Thresholds: docs/decisions/0107-risk-level-rule-table.md.
 */
// Relative: the seed (plain tsx, no path aliases) assesses its demo loans with these rules too.
import { debtToIncomePercent, EMI_TO_INCOME_LIMIT_PERCENT, emiToIncomePercent } from "../applications/review";
import type { EmploymentType, KycStatus, RiskLevel } from "@/lib/generated/prisma/enums";

export type RiskFacts = {
  emi: number;
  monthlyIncome: number;
  /** Monthly payments on other loans, as declared; null when left empty. */
  existingLoans: number | null;
  employmentType: EmploymentType | null;
  kycStatus: KycStatus;
  /** The borrower's other loans with us that are disbursed and not yet closed. */
  otherActiveLoans: number;
};

export type RiskRule = "emiToIncome" | "debtToIncome" | "employment" | "existingLoans" | "kyc";

export type RiskReason = { rule: RiskRule; level: Exclude<RiskLevel, "low">; value: string };

export type RiskAssessment = { level: RiskLevel; reasons: RiskReason[] };

const ORDER: Record<RiskLevel, number> = { low: 0, medium: 1, high: 2 };

/** EMI-to-income above 30% is medium; above the 40% limit the spec colours red, high. */
export const EMI_TO_INCOME_MEDIUM_PERCENT = 30;
/** Debt-to-income (EMI + other monthly payments) above 40% is medium, above 50% high. */
export const DEBT_TO_INCOME_MEDIUM_PERCENT = 40;
export const DEBT_TO_INCOME_HIGH_PERCENT = 50;

/** Irregular income is a medium risk; a salary or an unknown job is judged by the other rules. */
const EMPLOYMENT_LEVEL: Record<EmploymentType, RiskLevel> = {
  salaried: "low",
  business: "medium",
  self_employed: "medium",
  freelancer: "medium",
  other: "medium",
};

const KYC_LEVEL: Record<KycStatus, RiskLevel> = { verified: "low", pending: "medium", rejected: "high" };

type Rule = (facts: RiskFacts) => { level: RiskLevel; value: string };

const byThresholds = (value: number | null, medium: number, high: number): RiskLevel =>
  value === null ? "high" : value > high ? "high" : value > medium ? "medium" : "low";

export const RISK_RULES: Readonly<Record<RiskRule, Rule>> = {
  emiToIncome: (f) => {
    const ratio = emiToIncomePercent(f.emi, f.monthlyIncome);
    return { level: byThresholds(ratio, EMI_TO_INCOME_MEDIUM_PERCENT, EMI_TO_INCOME_LIMIT_PERCENT), value: String(ratio ?? "") };
  },
  debtToIncome: (f) => {
    const ratio = debtToIncomePercent(f.emi, f.existingLoans, f.monthlyIncome);
    return { level: byThresholds(ratio, DEBT_TO_INCOME_MEDIUM_PERCENT, DEBT_TO_INCOME_HIGH_PERCENT), value: String(ratio ?? "") };
  },
  employment: (f) => ({ level: f.employmentType ? EMPLOYMENT_LEVEL[f.employmentType] : "low", value: f.employmentType ?? "" }),
  existingLoans: (f) => ({ level: f.otherActiveLoans >= 2 ? "high" : f.otherActiveLoans === 1 ? "medium" : "low", value: String(f.otherActiveLoans) }),
  kyc: (f) => ({ level: KYC_LEVEL[f.kycStatus], value: f.kycStatus }),
};

export function assessRisk(facts: RiskFacts): RiskAssessment {
  let level: RiskLevel = "low";
  const reasons: RiskReason[] = [];
  for (const [rule, check] of Object.entries(RISK_RULES) as [RiskRule, Rule][]) {
    const result = check(facts);
    if (result.level === "low") continue;
    reasons.push({ rule, level: result.level, value: result.value });
    if (ORDER[result.level] > ORDER[level]) level = result.level;
  }
  return { level, reasons };
}
