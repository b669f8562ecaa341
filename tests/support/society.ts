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

/**
 * A small society written directly: two workers, three members (Bengali names with conjuncts) and a
 * collection for each member on each given day; with `loan`, each member lent that much at joining, on the books.
 * Returns the rows' ids by code.
 */
export async function seedSocietyRecords(societyId: string, days: string[], options: { loan?: number } = {}) {
  const workers = [
    { code: "W001", name: "করিম শ্রমিক", area: "মিরপুর", phone: "+8801711000101" },
    { code: "W002", name: "Rahim Uddin", area: "Uttara", phone: "+8801711000102" },
  ];
  const createdWorkers = [];
  for (const w of workers) createdWorkers.push(await prisma.societyWorker.create({ data: { societyId, ...w, createdByRole: "admin" }, select: { id: true, code: true } }));
  const members = [
    { code: "M001", memberCode: "ASS-001", name: "রহিমা খাতুন স্ত্রী", nid: "3304718265", phone: "+8801811000201", worker: 0, installmentAmount: 100, savingsAmount: 50 },
    { code: "M002", memberCode: "ASS-002", name: "কিস্তি সংগ্রহ বেগম", nid: "1990123456789", phone: "+8801811000202", worker: 0, installmentAmount: 200, savingsAmount: 20 },
    { code: "M003", memberCode: "ASS-003", name: "Salma Akter", nid: "6612345678", phone: "+8801811000203", worker: 1, installmentAmount: 150, savingsAmount: 0 },
  ];
  const createdMembers = [];
  for (const { worker, ...m } of members) {
    const w = workers[worker]!;
    createdMembers.push(
      await prisma.societyMember.create({
        data: { societyId, ...m, workerId: createdWorkers[worker]!.id, area: w.area, joinDate: new Date("2026-01-05"), createdByRole: "admin" },
        select: { id: true, code: true, workerId: true, installmentAmount: true, savingsAmount: true },
      }),
    );
  }
  // A loan given at joining, on the books (as the member form posts it): instalments repay it.
  if (options.loan) {
    for (const m of createdMembers) {
      await prisma.societyMember.update({ where: { id: m.id }, data: { loanAmount: options.loan } });
      await prisma.$queryRaw`SELECT "society_post"(${societyId}, '2026-01-05'::date, 'member_loan', 'SocietyMember', ${m.id}, "society_member_loan_lines"(${m.id}, ${options.loan}::int))`;
    }
  }
  let n = 0;
  for (const day of days) {
    for (const m of createdMembers) {
      n += 1;
      await prisma.societyCollection.create({
        data: {
          societyId,
          code: `C${String(n).padStart(3, "0")}`,
          memberId: m.id,
          workerId: m.workerId,
          date: new Date(`${day}T00:00:00Z`),
          installmentCollected: m.installmentAmount,
          savingsCollected: m.savingsAmount,
          createdByRole: "user",
        },
      });
    }
  }
  await prisma.societyWorker.updateMany({ where: { societyId, code: "W001" }, data: { totalMembers: 2 } });
  await prisma.societyWorker.updateMany({ where: { societyId, code: "W002" }, data: { totalMembers: 1 } });
  return { workers: createdWorkers, members: createdMembers };
}
