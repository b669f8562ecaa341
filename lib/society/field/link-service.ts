import "server-only";
import { writeAudit } from "@/lib/audit/service";
import { fail, ok, type ActionResult } from "@/lib/auth/action-result";
import { isUniqueViolation } from "@/lib/db-errors";
import { prisma } from "@/lib/db";
import type { SocietyActor } from "@/lib/society/access";

/**
 * Links a worker to the staff account that collects as them in the field app: only an account with a grant to this
 * society, and one account per worker (the database refuses a second). Null unlinks. Audited.
 */
export async function linkWorkerAccount(actor: SocietyActor, input: { workerId: string; staffUserId: string | null }): Promise<ActionResult<{ workerId: string }>> {
  try {
    return await prisma.$transaction(async (tx) => {
      const worker = await tx.societyWorker.findFirst({ where: { id: input.workerId, societyId: actor.societyId, status: "active" }, select: { id: true, staffUserId: true } });
      if (!worker) return fail("notFound");
      if (input.staffUserId) {
        const grant = await tx.societyManager.findUnique({ where: { societyId_staffUserId: { societyId: actor.societyId, staffUserId: input.staffUserId } }, select: { staffUserId: true } });
        if (!grant) return fail("validation", { reason: "accountWithoutAccess" });
      }
      await tx.societyWorker.update({ where: { id: worker.id }, data: { staffUserId: input.staffUserId } });
      await writeAudit(tx, {
        actor: actor.actor,
        action: "society.worker.link_account",
        entityType: "SocietyWorker",
        entityId: worker.id,
        before: { staffUserId: worker.staffUserId },
        after: { societyId: actor.societyId, staffUserId: input.staffUserId },
        ip: actor.request.ip,
        userAgent: actor.request.userAgent,
      });
      return ok({ workerId: worker.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("conflict", { reason: "accountTaken" });
    throw error;
  }
}
