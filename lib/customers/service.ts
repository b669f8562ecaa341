import "server-only";
import { dhakaToday } from "@/lib/applications/schemas";
import type { Prisma } from "@/lib/generated/prisma/client";
import { allocateNumberedCode } from "@/lib/ids/allocate";
import { generateUserCode } from "./user-code";

type ApplicantDetails = {
  name: string;
  phone: string;
  email: string | null;
  nid: string;
  address: string;
  dob: Date;
  employmentType: Prisma.CustomerCreateInput["employmentType"];
  employer: string;
  monthlyIncome: number;
};

const MAX_CODE_ATTEMPTS = 10;

/**
 * The customer with this NID number, created from the applicant's details when there is none (one customer
 * per national ID). Inside the caller's transaction; the insert is ON CONFLICT DO NOTHING, so an approval
 * racing another one for the same person finds the customer the other created instead of failing.
 */
export async function findOrCreateCustomerByNid(
  tx: Prisma.TransactionClient,
  applicant: ApplicantDetails,
  now = new Date(),
): Promise<{ id: string; userNumber: string; created: boolean }> {
  const existing = await tx.customer.findUnique({ where: { nid: applicant.nid }, select: { id: true, userNumber: true } });
  if (existing) return { ...existing, created: false };

  const userNumber = await allocateNumberedCode(tx, "customer");
  let userCode = generateUserCode();
  for (let attempt = 1; await tx.customer.findUnique({ where: { userCode }, select: { id: true } }); attempt++) {
    if (attempt >= MAX_CODE_ATTEMPTS) throw new Error("Could not find a free customer code");
    userCode = generateUserCode();
  }
  const { count } = await tx.customer.createMany({
    data: [
      {
        userNumber,
        userCode,
        name: applicant.name,
        phone: applicant.phone,
        email: applicant.email,
        nid: applicant.nid,
        address: applicant.address,
        dateOfBirth: applicant.dob,
        employmentType: applicant.employmentType,
        employer: applicant.employer,
        monthlyIncome: applicant.monthlyIncome,
        joinDate: new Date(`${dhakaToday(now)}T00:00:00.000Z`),
        lastActivityAt: now,
      },
    ],
    skipDuplicates: true,
  });
  const customer = await tx.customer.findUniqueOrThrow({ where: { nid: applicant.nid }, select: { id: true, userNumber: true } });
  return { ...customer, created: count === 1 };
}
