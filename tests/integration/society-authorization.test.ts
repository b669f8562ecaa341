/**
 * Who may do what in a society, for every society action: a society admin, a society user, a person with
 * access to another society only, a back-office admin without a grant, and an anonymous caller. Then the
 * isolation by record id: a grant for one society never reaches another society's records, whatever
 * ids the request carries.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { GET as workerPhoto } from "@/app/society-manager/[societyId]/workers/[workerId]/photo/route";
import { hasSocietyPermission, SOCIETY_PERMISSIONS } from "@/lib/auth/permissions";
import { prisma } from "@/lib/db";
import * as societyActions from "@/lib/society/actions";
import * as fieldActions from "@/lib/society/field/actions";
import { societyActionRegistry } from "@/lib/society/action-client";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety } from "../support/society";
import { randomUUID } from "node:crypto";

type Action = (societyId: string, input: never) => Promise<{ ok: boolean; error?: { code: string; reason?: string } }>;
const actions = Object.entries({ ...societyActions, ...fieldActions }).map(([exportName, fn]) => ({ exportName, fn: fn as unknown as Action }));

let society: { id: string };
let other: { id: string };
const people: Record<"societyAdmin" | "societyUser" | "otherSocietyAdmin" | "backOfficeAdmin", string> = {} as never;

beforeAll(async () => {
  society = await createTestSociety();
  other = await createTestSociety();
  const [a, u, o, b] = await Promise.all([createStaff("society_manager"), createStaff("collection_agent"), createStaff("society_manager"), createStaff("admin")]);
  await grantSociety(society.id, a.id, "admin");
  await grantSociety(society.id, u.id, "user");
  await grantSociety(other.id, o.id, "admin");
  Object.assign(people, { societyAdmin: a.id, societyUser: u.id, otherSocietyAdmin: o.id, backOfficeAdmin: b.id });
});

async function denied(kind: "access.forbidden" | "access.unauthenticated", where: string) {
  return prisma.auditLog.count({ where: { action: kind, entityType: "Society", after: { path: ["where"], equals: where } } });
}

describe("society actions", () => {
  it("are all made with defineSocietyAction and each has a permission of the table", () => {
    expect(actions.length).toBeGreaterThanOrEqual(10);
    for (const a of actions) {
      const entry = societyActionRegistry.get(a.fn);
      expect(entry, a.exportName).toBeDefined();
      expect(Object.keys(SOCIETY_PERMISSIONS)).toContain(entry!.permission);
    }
  });

  it("refuse an anonymous caller (audited)", async () => {
    sessionState.token = null;
    for (const a of actions) {
      const { name } = societyActionRegistry.get(a.fn)!;
      const before = await denied("access.unauthenticated", `action:${name}`);
      expect(await a.fn(society.id, {} as never), name).toEqual({ ok: false, error: { code: "unauthenticated" } });
      expect(await denied("access.unauthenticated", `action:${name}`)).toBe(before + 1);
    }
  });

  for (const who of ["otherSocietyAdmin", "backOfficeAdmin"] as const) {
    it(`answer ${who} (no grant for this society) as if it did not exist (audited)`, async () => {
      await signInAs(people[who]);
      for (const a of actions) {
        const { name } = societyActionRegistry.get(a.fn)!;
        const before = await denied("access.forbidden", `action:${name}`);
        expect(await a.fn(society.id, {} as never), `${who} ${name}`).toEqual({ ok: false, error: { code: "notFound" } });
        expect(await denied("access.forbidden", `action:${name}`)).toBe(before + 1);
      }
    });
  }

  for (const [who, access] of [["societyAdmin", "admin"], ["societyUser", "user"]] as const) {
    it(`answer the society ${access} by the society permission table`, async () => {
      await signInAs(people[who]);
      for (const a of actions) {
        const { name, permission } = societyActionRegistry.get(a.fn)!;
        const before = await denied("access.forbidden", `action:${name}`);
        const result = await a.fn(society.id, {} as never);
        if (hasSocietyPermission(access, permission)) {
          expect(result.ok === false && ["forbidden", "unauthenticated", "notFound"].includes(result.error!.code) && result.error!.reason !== "societyWrongPassword", `${who} ${name}`).toBe(false);
          expect(await denied("access.forbidden", `action:${name}`)).toBe(before);
        } else {
          expect(result.ok, `${who} ${name}`).toBe(false);
          expect(result.error!.code).toBe("forbidden");
          expect(await denied("access.forbidden", `action:${name}`)).toBe(before + 1);
        }
      }
    });
  }

  it("a society user deleting a member is refused with the spec's message key and nothing changes", async () => {
    const worker = await prisma.societyWorker.create({ data: { societyId: society.id, code: "W900", name: "কর্মী", area: "এলাকা", phone: "+8801711000000", createdByRole: "admin", totalMembers: 1 } });
    const member = await prisma.societyMember.create({
      data: { societyId: society.id, code: "M900", memberCode: "U-1", name: "সদস্য", nid: "3304718265", phone: "+8801711000001", workerId: worker.id, area: "এলাকা", joinDate: new Date(), createdByRole: "admin" },
    });
    await signInAs(people.societyUser);
    expect(await societyActions.deleteMemberAction(society.id, { memberId: member.id, idempotencyKey: randomUUID() })).toEqual({ ok: false, error: { code: "forbidden", reason: "adminOnly" } });
    expect(await prisma.societyMember.count({ where: { id: member.id } })).toBe(1);
    const messages = JSON.parse(readFileSync("messages/en.json", "utf8")) as { adminCommon: { reasons: Record<string, string> } };
    expect(messages.adminCommon.reasons.adminOnly).toBe("Only admin can delete data");
  });
});

describe("isolation by record id", () => {
  it("another society's records are never reached through this society's grant", async () => {
    const foreignWorker = await prisma.societyWorker.create({
      data: { societyId: other.id, code: "W001", name: "বাইরের কর্মী", area: "এলাকা", phone: "+8801711000002", createdByRole: "admin", totalMembers: 1 },
    });
    const photo = await prisma.storedDocument.create({ data: { kind: "worker_photo", bytes: new Uint8Array([1, 2, 3]), mimeType: "image/webp", sizeBytes: 3, sha256: "x" } });
    await prisma.societyWorker.update({ where: { id: foreignWorker.id }, data: { photoId: photo.id } });
    const foreignMember = await prisma.societyMember.create({
      data: { societyId: other.id, code: "M001", memberCode: "F-1", name: "বাইরের সদস্য", nid: "3304718265", phone: "+8801711000003", workerId: foreignWorker.id, area: "এলাকা", joinDate: new Date(), createdByRole: "admin" },
    });
    await signInAs(people.societyAdmin);
    const today = new Date().toISOString().slice(0, 10);

    expect(await societyActions.deleteMemberAction(society.id, { memberId: foreignMember.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await societyActions.deleteWorkerAction(society.id, { workerId: foreignWorker.id })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await societyActions.loadMemberProfileAction(society.id, { memberId: foreignMember.id })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await societyActions.loadCollectionSheetAction(society.id, { workerId: foreignWorker.id, date: today })).toMatchObject({ ok: false, error: { code: "notFound" } });
    expect(await societyActions.saveCollectionSheetAction(society.id, { workerId: foreignWorker.id, date: today, rows: [{ memberId: foreignMember.id, installment: "10", savings: "" }], idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await societyActions.addMemberAction(society.id, { memberCode: "Z", name: "z", nid: "3304718265", phone: "01711000004", workerId: foreignWorker.id, installmentAmount: "", savingsAmount: "", loanAmount: "", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "validation" } });
    expect(await societyActions.paySalaryAction(society.id, { workerId: foreignWorker.id, month: "2026-11", baseSalary: "100", bonus: "", deductions: "", idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "validation" } });
    // The other society's id with this grant: refused outright.
    expect(await societyActions.deleteMemberAction(other.id, { memberId: foreignMember.id, idempotencyKey: randomUUID() })).toMatchObject({ ok: false, error: { code: "notFound" } });

    const params = (societyId: string) => ({ params: Promise.resolve({ societyId, workerId: foreignWorker.id }) });
    expect((await workerPhoto(new Request("http://x"), params(society.id))).status).toBe(404);
    expect((await workerPhoto(new Request("http://x"), params(other.id))).status).toBe(404);
    sessionState.token = null;
    expect((await workerPhoto(new Request("http://x"), params(other.id))).status).toBe(401);
    await signInAs(people.otherSocietyAdmin);
    expect((await workerPhoto(new Request("http://x"), params(other.id))).status).toBe(200);

    expect(await prisma.societyMember.count({ where: { id: foreignMember.id } })).toBe(1);
    expect(await prisma.societyCollection.count({ where: { societyId: other.id } })).toBe(0);
    expect((await prisma.societyWorker.findUniqueOrThrow({ where: { id: foreignWorker.id } })).totalMembers).toBe(1);
  });
});
