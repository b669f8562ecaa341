import "server-only";
import { dhakaToday } from "@/lib/format";
import type { EmploymentType } from "@/lib/generated/prisma/enums";
import type { Prisma } from "@/lib/generated/prisma/client";
import { allocateNumberedCode } from "@/lib/ids/allocate";
import { generateUserCode } from "./user-code";

/** What an application tells about the person (the new customer record is made from it). */
export type ApplicantDetails = {
  name: string;
  phone: string;
  email: string | null;
  nid: string;
  address: string;
  dob: Date;
  employmentType: EmploymentType;
  employer: string;
  monthlyIncome: number;
  /** The branch a new customer joins (her application's); the database's default when not given. */
  branchId?: string | null;
};

export type CustomerRef = { id: string; userNumber: string; created: boolean };

/** 31^4 ≈ 920,000 codes: ten random draws in a row all taken means something else is wrong. */
const MAX_USER_CODE_ATTEMPTS = 10;

async function freeUserCode(tx: Prisma.TransactionClient): Promise<string> {
  for (let attempt = 0; attempt < MAX_USER_CODE_ATTEMPTS; attempt++) {
    const code = generateUserCode();
    if (!(await tx.customer.findUnique({ where: { userCode: code }, select: { id: true } }))) return code;
  }
  throw new Error("Could not find a free customer code");
}

/**
 * The customer with this NID number, created from the applicant's details when there is none (one customer
 * per national ID), inside the caller's transaction. The user number is allocated under the customer
 * sequence's advisory lock, which also makes concurrent creations wait for each other. The insert is
 * ON CONFLICT DO NOTHING rather than a caught unique violation, because a failed statement would abort the
 * caller's transaction: an approval that created this person's customer while we waited simply wins, and
 * its row is returned.
 */
export async function findOrCreateCustomerByNid(tx: Prisma.TransactionClient, applicant: ApplicantDetails, now = new Date()): Promise<CustomerRef> {
  const existing = await tx.customer.findUnique({ where: { nid: applicant.nid }, select: { id: true, userNumber: true } });
  if (existing) return { ...existing, created: false };

  const userNumber = await allocateNumberedCode(tx, "customer");
  const userCode = await freeUserCode(tx);
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
        ...(applicant.branchId ? { branchId: applicant.branchId } : {}),
        lastActivityAt: now,
      },
    ],
    skipDuplicates: true,
  });
  const customer = await tx.customer.findUniqueOrThrow({ where: { nid: applicant.nid }, select: { id: true, userNumber: true } });
  return { ...customer, created: count === 1 };
}
