/**
 * Routing of new applications by upazila (issue 41) on PostgreSQL: a head-office admin maps upazilas to open branches
 * (one by one or by CSV, audited); a new application from a mapped upazila goes to its branch, from any other (or one
 * whose branch has closed) to the head office's queue while several branches are open; the database refuses a route
 * to an area or a closed branch; only the head office maps.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { handleApplicationSubmission } from "@/lib/applications/service";
import { prisma } from "@/lib/db";
import { closeOfficeAction, createOfficeAction, importUpazilaBranchesAction, setUpazilaBranchAction } from "@/lib/offices/actions";
import { seedProducts } from "@/prisma/seed";
import { freshIp, submissionForm, validPayload } from "../support/application-fixtures";
import { actAs, createStaff, signInAs } from "../support/staff-session";

const HEAD = "office-head";
const MAIN = "office-main-branch";
const SAVAR = "365";
const DHAMRAI = "366";
const NAWABGANJ_DHAKA = "368";
let area: string;
let savarBranch: string;
let dhamraiBranch: string;

async function open(code: string, level: "area" | "branch", parentId: string): Promise<string> {
  const opened = await createOfficeAction({ code, level, parentId, openedOn: "2026-11-01", nameBn: `অফিস ${code}`, nameEn: `Office ${code}` });
  if (!opened.ok) throw new Error(`office ${code}: ${JSON.stringify(opened.error)}`);
  return opened.data.id;
}

let nidSeq = 7200000000;
async function apply(upazilaCode?: string) {
  nidSeq += 1;
  const phone = `0172${String(nidSeq).slice(-7)}`;
  const submitted = await handleApplicationSubmission(submissionForm(validPayload({ nid: String(nidSeq), phone, ...(upazilaCode !== undefined ? { upazilaCode } : {}) })), {
    ip: freshIp(),
    userAgent: "vitest",
  });
  if (!submitted.ok) return submitted;
  const row = await prisma.loanApplication.findUniqueOrThrow({
    where: { applicationId: submitted.applicationId },
    select: { branchId: true, upazilaCode: true, kycCases: { select: { branchId: true } } },
  });
  return { ...submitted, row };
}

beforeAll(async () => {
  await seedProducts(prisma);
  await actAs("super_admin");
  area = await open("A-77", "area", HEAD);
  savarBranch = await open("B7701", "branch", area);
  dhamraiBranch = await open("B7702", "branch", area);
});

describe("mapping upazilas to branches", () => {
  it("sets, moves and removes an upazila's branch, each audited with before and after; an unchanged choice writes nothing", async () => {
    const admin = await actAs("super_admin");
    expect(await setUpazilaBranchAction({ upazilaCode: SAVAR, branchId: dhamraiBranch })).toMatchObject({ ok: true, data: { upazilaCode: SAVAR, branchId: dhamraiBranch } });
    expect(await setUpazilaBranchAction({ upazilaCode: SAVAR, branchId: savarBranch })).toMatchObject({ ok: true });
    expect(await setUpazilaBranchAction({ upazilaCode: SAVAR, branchId: savarBranch })).toMatchObject({ ok: true });
    expect(await prisma.upazilaBranch.findUnique({ where: { upazilaCode: SAVAR } })).toMatchObject({ branchId: savarBranch });
    const audits = await prisma.auditLog.findMany({ where: { entityType: "UpazilaBranch", entityId: SAVAR, actorId: admin.id }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => [a.action, a.before, a.after])).toEqual([
      ["office.upazila.route", null, { branchId: dhamraiBranch }],
      ["office.upazila.route", { branchId: dhamraiBranch }, { branchId: savarBranch }],
    ]);

    expect(await setUpazilaBranchAction({ upazilaCode: NAWABGANJ_DHAKA, branchId: savarBranch })).toMatchObject({ ok: true });
    expect(await setUpazilaBranchAction({ upazilaCode: NAWABGANJ_DHAKA, branchId: "" })).toMatchObject({ ok: true, data: { branchId: null } });
    expect(await prisma.upazilaBranch.findUnique({ where: { upazilaCode: NAWABGANJ_DHAKA } })).toBeNull();
  });

  it("takes turns: of 10 concurrent changes of a new upazila each audit row's before is the one it replaced", async () => {
    const admin = await actAs("super_admin");
    const GAZIPUR = "320";
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => setUpazilaBranchAction({ upazilaCode: GAZIPUR, branchId: i % 2 === 0 ? savarBranch : dhamraiBranch })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const audits = await prisma.auditLog.findMany({ where: { entityType: "UpazilaBranch", entityId: GAZIPUR, actorId: admin.id } });
    expect(audits.length).toBeGreaterThanOrEqual(1);
    // The rows form one chain from nothing to what is stored (a transaction's timestamps are its start, so not by time).
    const remaining = [...audits];
    let current: unknown = null;
    while (remaining.length > 0) {
      const next = remaining.findIndex((a) => JSON.stringify(a.before) === JSON.stringify(current));
      expect(next, `a row replacing ${JSON.stringify(current)}`).toBeGreaterThanOrEqual(0);
      current = remaining.splice(next, 1)[0]!.after;
    }
    const stored = await prisma.upazilaBranch.findUniqueOrThrow({ where: { upazilaCode: GAZIPUR } });
    expect(current).toEqual({ branchId: stored.branchId });
    await setUpazilaBranchAction({ upazilaCode: GAZIPUR, branchId: "" });
  });

  it("refuses an unknown upazila, an area and a missing office, changing nothing", async () => {
    await actAs("super_admin");
    const before = await prisma.upazilaBranch.count();
    expect(await setUpazilaBranchAction({ upazilaCode: "9999", branchId: savarBranch })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { upazilaCode: "unknownUpazila" } } });
    expect(await setUpazilaBranchAction({ upazilaCode: DHAMRAI, branchId: area })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { branchId: "officeNotOpen" } } });
    expect(await setUpazilaBranchAction({ upazilaCode: DHAMRAI, branchId: "nope" })).toMatchObject({ ok: false, error: { code: "validation", fieldErrors: { branchId: "officeNotOpen" } } });
    expect(await prisma.upazilaBranch.count()).toBe(before);
  });

  it("the database refuses a route to an area, also to the app's own writes that skip the checks", async () => {
    await expect(prisma.upazilaBranch.create({ data: { upazilaCode: "1", branchId: area } })).rejects.toThrow(/open branch/);
    await expect(prisma.upazilaBranch.create({ data: { upazilaCode: "1", branchId: HEAD } })).rejects.toThrow(/open branch/);
  });

  it("is the head office's: staff of a branch, even its super admin, are refused; other roles are refused", async () => {
    const branchAdmin = await createStaff("super_admin", { officeId: savarBranch });
    await signInAs(branchAdmin.id);
    expect(await setUpazilaBranchAction({ upazilaCode: DHAMRAI, branchId: savarBranch })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await importUpazilaBranchesAction({ csv: "district,upazila,branch\nDhaka,Dhamrai,B7701\n" })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    await actAs("loan_officer");
    expect(await setUpazilaBranchAction({ upazilaCode: DHAMRAI, branchId: savarBranch })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await prisma.upazilaBranch.findUnique({ where: { upazilaCode: DHAMRAI } })).toBeNull();
  });

  it("imports a CSV: good rows set in one go (moved, already there, new), others refused by line; one audit row", async () => {
    const admin = await actAs("super_admin");
    const csv = ["district,upazila,branch", "ঢাকা,সাভার,B7701", "Dhaka,Dhamrai,b7702", "Dhaka,Keraniganj,A-77", "Dinajpur,Savar,B7701", "Gazipur,Gazipur Sadar,B9999", "Dhaka,Nawabganj,B7702", "ঢাকা,নবাবগঞ্জ,B9999"].join("\n");
    const imported = await importUpazilaBranchesAction({ csv });
    expect(imported).toEqual({
      ok: true,
      data: {
        added: 2,
        alreadyListed: 1,
        errors: [
          { line: 4, field: "branch", error: "officeNotOpen" },
          { line: 5, field: "upazila", error: "unknownUpazila" },
          { line: 6, field: "branch", error: "officeNotOpen" },
          // Nawabganj again, naming no open branch: refused, and its good row above stands.
          { line: 8, field: "branch", error: "officeNotOpen" },
        ],
      },
    });
    const routes = await prisma.upazilaBranch.findMany({ where: { upazilaCode: { in: [SAVAR, DHAMRAI, NAWABGANJ_DHAKA] } }, orderBy: { upazilaCode: "asc" } });
    expect(routes.map((r) => [r.upazilaCode, r.branchId])).toEqual([
      [SAVAR, savarBranch],
      [DHAMRAI, dhamraiBranch],
      [NAWABGANJ_DHAKA, dhamraiBranch],
    ]);
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "office.upazila.import", actorId: admin.id } });
    expect(audit.after).toMatchObject({ refusedLines: [4, 5, 6, 8] });
    expect((audit.after as { changes: unknown[] }).changes).toHaveLength(2);

    expect(await importUpazilaBranchesAction({ csv: "upazila,branch\nSavar,B7701\n" })).toMatchObject({ ok: false, error: { code: "validation", reason: "badHeader" } });
  });
});

describe("a new application", () => {
  it("from a mapped upazila goes to its branch with its KYC case; from another upazila or none, to the head office's queue", async () => {
    const savar = await apply(SAVAR);
    expect(savar).toMatchObject({ ok: true, row: { branchId: savarBranch, upazilaCode: SAVAR, kycCases: [{ branchId: savarBranch }] } });
    if (!savar.ok) return;
    const submitted = await prisma.auditLog.findFirstOrThrow({ where: { action: "application.submit", after: { path: ["applicationId"], equals: savar.applicationId } } });
    expect(submitted.after).toMatchObject({ upazilaCode: SAVAR, branchId: savarBranch });
    const dhamrai = await apply(DHAMRAI);
    expect(dhamrai).toMatchObject({ ok: true, row: { branchId: dhamraiBranch } });
    // Three branches are open (the main branch too): nothing decides for an unmapped upazila.
    expect(await apply("320")).toMatchObject({ ok: true, row: { branchId: null, upazilaCode: "320", kycCases: [{ branchId: null }] } });
    expect(await apply()).toMatchObject({ ok: true, row: { branchId: null, upazilaCode: null } });
    expect(await apply("")).toMatchObject({ ok: true, row: { branchId: null, upazilaCode: null } });
  });

  it("with an upazila code that names none is refused on the field, and nothing is stored", async () => {
    const before = await prisma.loanApplication.count();
    expect(await apply("9999")).toMatchObject({ ok: false, error: "validation", fieldErrors: { upazilaCode: "unknownUpazila" } });
    expect(await apply("abc")).toMatchObject({ ok: false, error: "validation", fieldErrors: { upazilaCode: "unknownUpazila" } });
    expect(await prisma.loanApplication.count()).toBe(before);
  });

  it("from an upazila whose branch has closed waits in the head office's queue; with one branch left open, it goes there", async () => {
    await actAs("super_admin");
    const nawabganj = await apply(NAWABGANJ_DHAKA);
    expect(nawabganj).toMatchObject({ ok: true, row: { branchId: dhamraiBranch } });
    // Close the Dhamrai branch: its open application moves to the Savar branch first (as a transfer would).
    await prisma.kycCase.updateMany({ where: { branchId: dhamraiBranch }, data: { branchId: savarBranch } });
    await prisma.loanApplication.updateMany({ where: { branchId: dhamraiBranch }, data: { branchId: savarBranch } });
    expect(await closeOfficeAction({ id: dhamraiBranch, closedOn: "2026-11-28" })).toMatchObject({ ok: true });
    expect(await apply(DHAMRAI)).toMatchObject({ ok: true, row: { branchId: null } });
    expect(await setUpazilaBranchAction({ upazilaCode: DHAMRAI, branchId: dhamraiBranch })).toMatchObject({ ok: false, error: { fieldErrors: { branchId: "officeNotOpen" } } });

    // The main branch closes too (its open work moved first): Savar is the one open branch and takes everything.
    await prisma.kycCase.updateMany({ where: { branchId: MAIN }, data: { branchId: savarBranch } });
    await prisma.loanApplication.updateMany({ where: { branchId: MAIN }, data: { branchId: savarBranch } });
    const mainClosed = await closeOfficeAction({ id: MAIN, closedOn: "2026-11-28" });
    if (!mainClosed.ok) return expect.unreachable(`closing the main branch: ${JSON.stringify(mainClosed.error)}`);
    expect(await apply(DHAMRAI)).toMatchObject({ ok: true, row: { branchId: savarBranch } });
    expect(await apply()).toMatchObject({ ok: true, row: { branchId: savarBranch } });
  });
});
