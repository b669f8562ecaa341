import type { Prisma } from "../generated/prisma/client";
import { demoDate } from "./support";

type Db = Prisma.TransactionClient;

/** The demo lender's area (issue 41): the migration's one branch sits under it, so the demo area manager has a branch to oversee. */
export const DEMO_AREA_ID = "office-demo-area";
/** The migration's one branch (every existing record's). */
export const MAIN_BRANCH_ID = "office-main-branch";

/** The demo lender's other offices (issue 41): a second branch in the Dhaka area, and an area with two branches in Chattogram. */
export const DEMO_SAVAR_BRANCH_ID = "office-demo-branch-savar";
export const DEMO_CHATTOGRAM_AREA_ID = "office-demo-area-chattogram";
export const DEMO_AGRABAD_BRANCH_ID = "office-demo-branch-agrabad";
export const DEMO_HATHAZARI_BRANCH_ID = "office-demo-branch-hathazari";

/**
 * Demo offices: the head office, two areas and four branches (issue 41), with approval limits to show (a branch
 * approves up to ৳2,00,000, an area up to ৳5,00,000, the head office without a limit). Every demo record is the main
 * branch's; the other branches have staff and upazilas routed to them, and take what comes. Demo data only.
 */
export async function seedOffices(db: Db): Promise<void> {
  const opened = demoDate(-400);
  const branch = { level: "branch" as const, openedOn: opened, approvalLimit: 200_000 };
  await db.office.createMany({
    data: [
      { id: DEMO_AREA_ID, code: "A0001", nameBn: "ঢাকা এরিয়া", nameEn: "Dhaka area", level: "area", parentId: "office-head", district: "ঢাকা", division: "ঢাকা", openedOn: opened, approvalLimit: 500_000 },
      { id: DEMO_CHATTOGRAM_AREA_ID, code: "A0002", nameBn: "চট্টগ্রাম এরিয়া", nameEn: "Chattogram area", level: "area", parentId: "office-head", district: "চট্টগ্রাম", division: "চট্টগ্রাম", openedOn: opened, approvalLimit: 500_000 },
    ],
    skipDuplicates: true,
  });
  await db.office.createMany({
    data: [
      { ...branch, id: DEMO_SAVAR_BRANCH_ID, code: "B0002", nameBn: "সাভার শাখা", nameEn: "Savar branch", parentId: DEMO_AREA_ID, division: "ঢাকা", district: "ঢাকা", upazila: "সাভার" },
      { ...branch, id: DEMO_AGRABAD_BRANCH_ID, code: "B0003", nameBn: "আগ্রাবাদ শাখা", nameEn: "Agrabad branch", parentId: DEMO_CHATTOGRAM_AREA_ID, division: "চট্টগ্রাম", district: "চট্টগ্রাম", upazila: "চট্টগ্রাম সিটি কর্পোরেশন" },
      { ...branch, id: DEMO_HATHAZARI_BRANCH_ID, code: "B0004", nameBn: "হাটহাজারী শাখা", nameEn: "Hathazari branch", parentId: DEMO_CHATTOGRAM_AREA_ID, division: "চট্টগ্রাম", district: "চট্টগ্রাম", upazila: "হাটহাজারী" },
    ],
    skipDuplicates: true,
  });
  // Moved once (a demo database seeded again keeps it where it is); the database rewrites the branch's path.
  await db.office.updateMany({ where: { id: MAIN_BRANCH_ID, parentId: "office-head" }, data: { parentId: DEMO_AREA_ID, approvalLimit: 200_000 } });
}

/**
 * Demo routing of new applications by upazila (issue 41): Dhaka's two city corporations and Keraniganj go to the main
 * branch, Savar to the Savar branch, Chattogram's city corporation to Agrabad and Hathazari to its branch; any other
 * upazila waits in the head office's queue. Demo data only.
 */
export function demoUpazilaRoutes(): { upazilaCode: string; branchId: string }[] {
  return [
    ...["493", "492", "367"].map((upazilaCode) => ({ upazilaCode, branchId: MAIN_BRANCH_ID })),
    { upazilaCode: "365", branchId: DEMO_SAVAR_BRANCH_ID },
    { upazilaCode: "498", branchId: DEMO_AGRABAD_BRANCH_ID },
    { upazilaCode: "76", branchId: DEMO_HATHAZARI_BRANCH_ID },
  ];
}
