import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { prisma } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import type { SocietyActor } from "@/lib/society/access";
import { calendarDateOf } from "@/lib/validation/fields";
import { loanPlan } from "./loan-plan";
import { postPlanLoan } from "./posting";
import { memberBalances } from "./queries";
import { withBooksRefusals } from "./refusals";
import { onceByKey } from "@/lib/idempotency/service";
import { societyClaim } from "./once";
import type { MemberLoanValues } from "./schemas";

export type MemberLoanGiven = { id: string; totalRepayable: number; instalmentAmount: number; instalmentCount: number };

/**
 * Pays a loan out of the society's fund to an active member, with its plan, and posts it in the same transaction: the
 * member owes the plan's total on their loan account. One loan at a time: refused while the member still owes anything
 * (their row is locked, so of two loans given at once one wins). A daily plan's instalment becomes the member's daily
 * instalment, so the collection sheet and the field app offer it.
 */
export async function giveMemberLoan(a: SocietyActor, input: MemberLoanValues, now = new Date()): Promise<ActionResult<MemberLoanGiven>> {
  const today = dhakaToday(now);
  return withBooksRefusals(() =>
    prisma.$transaction((tx) => onceByKey(tx, societyClaim(a, "society.giveMemberLoan", input), async (): Promise<ActionResult<MemberLoanGiven>> => {
      const members = await tx.$queryRaw<{ status: string; installmentAmount: number }[]>`
        SELECT "status"::text AS "status", "installmentAmount" FROM "SocietyMember" WHERE "id" = ${input.memberId} AND "societyId" = ${a.societyId} FOR UPDATE`;
      const member = members[0];
      if (!member) return fail("notFound");
      if (member.status !== "active") return fail("conflict", { reason: "memberAlreadyClosed" });
      const outstanding = (await memberBalances(a.societyId, [input.memberId], tx)).get(input.memberId)!.loanOutstanding;
      if (outstanding > 0) return fail("conflict", { reason: "memberLoanOutstanding", details: { outstanding } });
      const plan = loanPlan(input);
      const loan = await tx.societyMemberLoan.create({
        data: {
          societyId: a.societyId,
          memberId: input.memberId,
          principal: input.principal,
          serviceCharge: plan.serviceCharge,
          ratePercent: input.ratePercent,
          method: input.method,
          frequency: input.frequency,
          instalmentCount: input.instalmentCount,
          instalmentAmount: plan.instalmentAmount,
          firstDueDate: calendarDateOf(input.firstDueDate),
          disbursedOn: calendarDateOf(today),
          createdById: a.createdById,
          createdAt: now,
        },
        select: { id: true },
      });
      const entryId = await postPlanLoan(tx, { societyId: a.societyId, date: today, createdById: a.createdById, askBelowZero: input.confirmCashBelowZero === false }, { id: loan.id, memberId: input.memberId, principal: input.principal, serviceCharge: plan.serviceCharge });
      await tx.societyMemberLoan.update({ where: { id: loan.id }, data: { entryId } });
      // The collection sheet is daily: a daily plan's instalment becomes the member's daily instalment; a weekly or monthly
      // one is collected when it falls due (the profile shows the next one).
      if (input.frequency === "daily") await tx.societyMember.update({ where: { id: input.memberId }, data: { installmentAmount: plan.instalmentAmount } });
      await writeAudit(tx, {
        actor: a.actor,
        action: "society.member_loan.give",
        entityType: "SocietyMemberLoan",
        entityId: loan.id,
        before: { installmentAmount: member.installmentAmount },
        after: { societyId: a.societyId, memberId: input.memberId, principal: input.principal, serviceCharge: plan.serviceCharge, method: input.method, frequency: input.frequency, instalmentCount: input.instalmentCount, installmentAmount: plan.instalmentAmount },
        ip: a.request.ip,
        userAgent: a.request.userAgent,
      });
      return ok({ id: loan.id, totalRepayable: plan.totalRepayable, instalmentAmount: plan.instalmentAmount, instalmentCount: input.instalmentCount });
    })),
  );
}
