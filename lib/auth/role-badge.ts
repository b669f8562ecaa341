import type { StaffRole } from "@/lib/generated/prisma/enums";

/** The spec's role badge colours: super admin red, admin blue, loan officer green, account manager yellow, others grey. */
export const ROLE_BADGE_CLASS: Record<StaffRole, string> = {
  super_admin: "bg-red-100 text-red-800",
  admin: "bg-blue-100 text-blue-800",
  loan_officer: "bg-green-100 text-green-800",
  account_manager: "bg-yellow-100 text-yellow-900",
  kyc_officer: "bg-gray-100 text-gray-800",
  collection_agent: "bg-gray-100 text-gray-800",
  society_manager: "bg-gray-100 text-gray-800",
  branch_manager: "bg-gray-100 text-gray-800",
  area_manager: "bg-gray-100 text-gray-800",
};
