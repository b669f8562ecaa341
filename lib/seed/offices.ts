/**
 * Demo routing of new applications by upazila (issue 41): Dhaka's two city corporations and Keraniganj go to the
 * demo lender's one branch (the migration's). Demo data only.
 */
export function demoUpazilaRoutes(): { upazilaCode: string; branchId: string }[] {
  return ["493", "492", "367"].map((upazilaCode) => ({ upazilaCode, branchId: "office-main-branch" }));
}
