/**
 * Issue 41, point 3: a message about a record of the lending business belongs to that record's branch (an
 * application's rejection, a repayment reminder), and reads of the outbox go through the office scope: a branch sees
 * its own messages only, the head office every message (those about no branch's record too), and another branch's
 * message is not found when asked for by id.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { rejectApplication } from "@/lib/applications/review-actions";
import { handleApplicationSubmission } from "@/lib/applications/service";
import { getStaffContext } from "@/lib/auth/guard";
import { prisma } from "@/lib/db";
import { scopeOfOffice } from "@/lib/offices/scope";
import { ALL_OFFICES } from "@/lib/offices/scope-rules";
import { countFailedMessages, listOutboxMessages } from "@/lib/outbox/queries";
import { outboxFiltersSchema } from "@/lib/outbox/schemas";
import { queueMessage, resendFailedMessage } from "@/lib/outbox/service";
import { sendReminderAction } from "@/lib/repayments/collection-actions";
import { seedProducts } from "@/prisma/seed";
import { freshIp, submissionForm, validPayload } from "../support/application-fixtures";
import { disbursedLoan } from "../support/loan-fixtures";
import { actAs, createStaff, signInAs } from "../support/staff-session";

const MAIN = "office-main-branch";
const scopeOf = async (id: string) => scopeOfOffice(await prisma.office.findUniqueOrThrow({ where: { id }, select: { id: true, path: true, parentId: true } }));

beforeAll(async () => {
  await seedProducts(prisma);
});

describe("messages in a branch", () => {
  it("a rejection and a reminder are the branch's messages; another branch and a message about no branch stay out of its list", async () => {
    const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid: "7199100001", phone: "01719100001" })), { ip: freshIp(), userAgent: "vitest" });
    if (!submitted.ok) throw new Error(JSON.stringify(submitted));
    await actAs("loan_officer");
    expect(await rejectApplication({ applicationId: submitted.applicationId, reason: "আয়ের প্রমাণ নেই" })).toMatchObject({ ok: true });
    const application = await prisma.loanApplication.findUniqueOrThrow({ where: { applicationId: submitted.applicationId }, select: { id: true, branchId: true } });
    expect(application.branchId).toBe(MAIN);
    const rejection = await prisma.outboxMessage.findFirstOrThrow({ where: { entityType: "LoanApplication", entityId: application.id } });
    expect(rejection.branchId).toBe(MAIN);

    const loan = await disbursedLoan();
    const instalment = await prisma.loanInstallment.findFirstOrThrow({ where: { loan: { loanNumber: loan.loanNumber } }, orderBy: { emiNumber: "asc" } });
    await actAs("collection_agent");
    expect(await sendReminderAction({ installmentId: instalment.id })).toMatchObject({ ok: true });
    const reminder = await prisma.outboxMessage.findFirstOrThrow({ where: { entityType: "LoanInstallment", entityId: instalment.id } });
    expect(reminder.branchId).toBe(MAIN);

    // A message about no branch's record (as a sign-in code is), and a second branch with nothing of its own.
    const orphan = await prisma.$transaction((tx) =>
      queueMessage(tx, { channel: "sms", recipient: "+8801719100009", language: "bn", template: "application.rejected", values: { applicationId: "X", reason: "x", statusPath: "/status" } }),
    );
    const other = (await prisma.office.create({ data: { code: "OB-1", nameBn: "অন্য শাখা", nameEn: "Other branch", level: "branch", parentId: "office-head", openedOn: new Date("2026-01-01") } })).id;

    const all = outboxFiltersSchema.parse({ status: "all" });
    const ids = async (scope: Awaited<ReturnType<typeof scopeOf>>) => (await listOutboxMessages(all, scope)).rows.map((r) => r.id);
    const main = await ids(await scopeOf(MAIN));
    expect(main).toEqual(expect.arrayContaining([rejection.id, reminder.id]));
    expect(main).not.toContain(orphan);
    expect(await ids(await scopeOf(other))).toEqual([]);
    expect(await ids(ALL_OFFICES)).toEqual(expect.arrayContaining([rejection.id, reminder.id, orphan]));
    expect((await listOutboxMessages(all, await scopeOf(MAIN))).rows.find((r) => r.id === reminder.id)?.branch).toEqual({ code: "B0001", nameBn: expect.any(String), nameEn: expect.any(String) });

    // Given up on: the other branch neither counts it nor finds it to send again; the head office does.
    await prisma.outboxMessage.update({ where: { id: reminder.id }, data: { status: "failed" } });
    expect(await countFailedMessages(await scopeOf(other))).toBe(0);
    expect(await countFailedMessages(await scopeOf(MAIN))).toBeGreaterThanOrEqual(1);
    const stranger = await createStaff("admin", { officeId: other });
    await signInAs(stranger.id);
    expect(await resendFailedMessage((await getStaffContext())!, { id: reminder.id })).toEqual({ ok: false, error: { code: "notFound" } });
    expect((await prisma.outboxMessage.findUniqueOrThrow({ where: { id: reminder.id } })).status).toBe("failed");
    await actAs("admin");
    expect(await resendFailedMessage((await getStaffContext())!, { id: reminder.id })).toEqual({ ok: true, data: { id: reminder.id } });
  });
});
