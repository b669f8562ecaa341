import type { Prisma } from "../generated/prisma/client";
import { demoDate } from "./support";

type Db = Prisma.TransactionClient;

/** The demo lender's area (issue 41): the migration's one branch sits under it, so the demo area manager has a branch to oversee. */
export const DEMO_AREA_ID = "office-demo-area";
/** The migration's one branch (every existing record's). */
export const MAIN_BRANCH_ID = "office-main-branch";

/**
 * Demo offices: an area between the head office and the main branch, with approval limits to show (the branch approves
 * up to ৳2,00,000, the area up to ৳5,00,000, the head office without a limit). Demo data only.
 */
export async function seedOffices(db: Db): Promise<void> {
  await db.office.createMany({
    data: [{ id: DEMO_AREA_ID, code: "A0001", nameBn: "ঢাকা এরিয়া", nameEn: "Dhaka area", level: "area", parentId: "office-head", district: "ঢাকা", division: "ঢাকা", openedOn: demoDate(-400), approvalLimit: 500_000 }],
    skipDuplicates: true,
  });
  // Moved once (a demo database seeded again keeps it where it is); the database rewrites the branch's path.
  await db.office.updateMany({ where: { id: MAIN_BRANCH_ID, parentId: "office-head" }, data: { parentId: DEMO_AREA_ID, approvalLimit: 200_000 } });
}

/**
 * Demo routing of new applications by upazila (issue 41): Dhaka's two city corporations and Keraniganj go to the
 * demo lender's one branch (the migration's). Demo data only.
 */
export function demoUpazilaRoutes(): { upazilaCode: string; branchId: string }[] {
  return ["493", "492", "367"].map((upazilaCode) => ({ upazilaCode, branchId: MAIN_BRANCH_ID }));
}
