/** Societies and grants for integration tests (real rows, unique names). */
import { prisma } from "@/lib/db";
import type { SocietyRole } from "@/lib/generated/prisma/enums";

let counter = 0;

export async function createTestSociety(name?: string) {
  counter += 1;
  return prisma.society.create({ data: { name: name ?? `পরীক্ষা সমিতি ${counter}-${Date.now() % 100000}` }, select: { id: true, name: true } });
}

export async function grantSociety(societyId: string, staffUserId: string, access: SocietyRole) {
  await prisma.societyManager.upsert({
    where: { societyId_staffUserId: { societyId, staffUserId } },
    create: { societyId, staffUserId, access },
    update: { access },
  });
}
