import "server-only";
import { prisma } from "@/lib/db";

export type StaffListRow = Awaited<ReturnType<typeof listStaff>>[number];

/** Every staff account, active first, for the user management page (tens of rows, not thousands). */
export function listStaff() {
  return prisma.staffUser.findMany({
    orderBy: [{ active: "desc" }, { role: "asc" }, { name: "asc" }],
    select: {
      id: true,
      name: true,
      phone: true,
      email: true,
      role: true,
      active: true,
      office: { select: { id: true, code: true, nameBn: true, nameEn: true } },
      twoFactorEnabled: true,
      lockedUntil: true,
      lastLoginAt: true,
      createdAt: true,
    },
  });
}

/** The signed-in user's own account page. */
export async function getOwnProfile(staffUserId: string) {
  const [user, unusedRecoveryCodes] = await Promise.all([
    prisma.staffUser.findUniqueOrThrow({
      where: { id: staffUserId },
      select: { name: true, phone: true, email: true, role: true, lastLoginAt: true, twoFactorEnabled: true },
    }),
    prisma.staffRecoveryCode.count({ where: { staffUserId, usedAt: null } }),
  ]);
  return { ...user, unusedRecoveryCodes };
}
