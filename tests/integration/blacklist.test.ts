/**
 * The blacklist (issue 9) against PostgreSQL: add with an audit row, the same entry twice refused, remove, CSV
 * import (added, already listed, refused lines; all in one transaction), lookups in any phone form, and only
 * admins may change it.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { addBlacklistEntryAction, importBlacklistAction, removeBlacklistEntryAction } from "@/lib/blacklist/actions";
import { findBlacklistHits, listBlacklist } from "@/lib/blacklist/queries";
import { blacklistFiltersSchema } from "@/lib/blacklist/schemas";
import { prisma } from "@/lib/db";
import { actAs } from "../support/staff-session";

beforeAll(async () => {
  await prisma.blacklistEntry.deleteMany();
});

describe("blacklist", () => {
  it("adds an entry normalised by its kind, audited, and refuses it twice", async () => {
    await actAs("admin");
    const added = await addBlacklistEntryAction({ kind: "phone", value: "০১৭১১-০০০১১১", reason: "Fraud report" });
    expect(added).toMatchObject({ ok: true });
    const stored = await prisma.blacklistEntry.findFirstOrThrow({ where: { kind: "phone" } });
    expect(stored).toMatchObject({ value: "+8801711000111", reason: "Fraud report" });
    expect(await prisma.auditLog.count({ where: { action: "blacklist.add", entityId: stored.id } })).toBe(1);
    expect(await addBlacklistEntryAction({ kind: "phone", value: "+880 1711 000111", reason: "Again" })).toEqual({
      ok: false,
      error: { code: "conflict", reason: "alreadyListed", fieldErrors: { value: "alreadyListed" } },
    });
    expect(await addBlacklistEntryAction({ kind: "nid", value: "12345", reason: "x" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { value: "invalidNid" } } });
    expect(await prisma.blacklistEntry.count()).toBe(1);
  });

  it("finds a listed phone or NID given in any form", async () => {
    await actAs("admin");
    await addBlacklistEntryAction({ kind: "nid", value: "1990 1234 00009", reason: "Forged card" });
    expect((await findBlacklistHits(prisma, { phone: "+8801711000111" })).map((h) => h.reason)).toEqual(["Fraud report"]);
    expect((await findBlacklistHits(prisma, { phone: "01711-000111", nid: "১৯৯০১২৩৪০০০০৯" })).map((h) => h.kind)).toEqual(["nid", "phone"]);
    expect(await findBlacklistHits(prisma, { phone: "01711000112", nid: "1990123400008" })).toEqual([]);
    expect((await listBlacklist(blacklistFiltersSchema.parse({ q: "forged" }))).rows.map((r) => r.value)).toEqual(["1990123400009"]);
  });

  it("imports a CSV file: new rows added, listed ones skipped, bad lines reported, one audit row", async () => {
    await actAs("admin");
    const csv = "kind,value,reason\nphone,01711000111,Already there\nphone,01811000222,Bounced cheques\nnid,123,Too short\nnid,1985123456789,\"Forged, reported\"\n";
    const result = await importBlacklistAction({ csv });
    expect(result).toEqual({ ok: true, data: { added: 2, alreadyListed: 1, errors: [{ line: 4, field: "value", error: "invalidNid" }] } });
    expect(await prisma.blacklistEntry.findUnique({ where: { kind_value: { kind: "nid", value: "1985123456789" } } })).toMatchObject({ reason: "Forged, reported" });
    expect(await prisma.auditLog.count({ where: { action: "blacklist.import" } })).toBe(1);
    expect(await importBlacklistAction({ csv: "value,reason\n1,2" })).toEqual({ ok: false, error: { code: "validation", reason: "badHeader" } });
  });

  it("removes an entry with the audit row keeping what it said", async () => {
    await actAs("admin");
    const entry = await prisma.blacklistEntry.findFirstOrThrow({ where: { value: "+8801811000222" } });
    expect(await removeBlacklistEntryAction({ id: entry.id })).toEqual({ ok: true, data: { id: entry.id } });
    expect(await removeBlacklistEntryAction({ id: entry.id })).toEqual({ ok: false, error: { code: "notFound" } });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "blacklist.remove", entityId: entry.id } });
    expect(audit.before).toMatchObject({ kind: "phone", value: "+8801811000222", reason: "Bounced cheques" });
  });

  it("refuses every change to a role without settings.blacklist", async () => {
    const before = await prisma.blacklistEntry.count();
    for (const role of ["kyc_officer", "loan_officer"] as const) {
      await actAs(role);
      expect(await addBlacklistEntryAction({ kind: "nid", value: "1234567890", reason: "x" })).toEqual({ ok: false, error: { code: "forbidden" } });
      expect(await importBlacklistAction({ csv: "kind,value,reason\nnid,1234567890,x\n" })).toEqual({ ok: false, error: { code: "forbidden" } });
    }
    expect(await prisma.blacklistEntry.count()).toBe(before);
  });
});
