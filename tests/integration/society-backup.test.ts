/**
 * Backup and restore through the route handler on PostgreSQL: export → restore → export gives the same
 * content; a prototype file (Bengali names, string amounts, a photo, two collections of one member on
 * one day) restores completely; every bad file is refused with its message and leaves the society's rows
 * exactly as they were, including a restore whose database connection is killed halfway.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import sharp from "sharp";
import pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));

import { GET as download, POST as upload } from "@/app/society-manager/[societyId]/backup/route";
import { prisma, withoutRowTriggers } from "@/lib/db";
import { dhakaToday } from "@/lib/format";
import { memberBalances, trialBalance } from "@/lib/society/books/queries";
import { verifyCollectionReferences } from "@/lib/society/backup/service";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety, seedSocietyRecords } from "../support/society";

let societyId: string;
let adminId: string;

beforeEach(async () => {
  societyId = (await createTestSociety()).id;
  await seedSocietyRecords(societyId, ["2026-11-01", "2026-11-02"]);
  const admin = await createStaff("society_manager");
  adminId = admin.id;
  await grantSociety(societyId, admin.id, "admin");
  await signInAs(adminId);
});

const params = () => ({ params: Promise.resolve({ societyId }) });

async function exportBackup(): Promise<Record<string, unknown>> {
  const response = await download(new Request(`http://localhost/society-manager/${societyId}/backup`), params());
  expect(response.status).toBe(200);
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="society_backup_\d{4}-\d{2}-\d{2}_\d+\.json"/);
  return JSON.parse(await response.text()) as Record<string, unknown>;
}

async function restore(body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  const response = await upload(new Request(`http://localhost/society-manager/${societyId}/backup`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }), params());
  const text = await response.text();
  return { status: response.status, body: (text.startsWith("{") ? JSON.parse(text) : { text }) as { ok: boolean; counts?: Record<string, number | null>; problems?: { code: string; record?: string; value?: string }[] } };
}

/** Every row of the society that a restore touches, as one digest. */
async function checksum(): Promise<string> {
  const [row] = await prisma.$queryRaw<{ digest: string }[]>`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat_ws(',', "id", "code", "name", "phone", "photoId", "totalMembers", "dailyCollection"), ';' ORDER BY "id") FROM "SocietyWorker" WHERE "societyId" = ${societyId}),
      (SELECT string_agg(concat_ws(',', "id", "code", "memberCode", "name", "workerId", "installmentAmount", "savingsAmount"), ';' ORDER BY "id") FROM "SocietyMember" WHERE "societyId" = ${societyId}),
      (SELECT string_agg(concat_ws(',', "id", "code", "memberId", "date", "installmentCollected", "savingsCollected"), ';' ORDER BY "id") FROM "SocietyCollection" WHERE "societyId" = ${societyId}),
      (SELECT string_agg(concat_ws(',', "id", "code", "amount"), ';' ORDER BY "id") FROM "IncomeExpense" WHERE "societyId" = ${societyId}),
      (SELECT string_agg(concat_ws(',', "id", "code", "workerId"), ';' ORDER BY "id") FROM "WorkerSalary" WHERE "societyId" = ${societyId}),
      (SELECT concat_ws(',', "name", "registrationNumber", "address") FROM "Society" WHERE "id" = ${societyId})
    )) AS digest`;
  return row!.digest;
}

function withoutTimestamp(file: Record<string, unknown>) {
  const { timestamp, ...rest } = file;
  expect(typeof timestamp).toBe("string");
  return rest;
}

async function prototypeFile() {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } }).jpeg().withExif({ IFD0: { Make: "PhoneMaker" } }).toBuffer();
  return {
    workers: [
      { id: "W001", name: "করিম শ্রমিক", area: "মিরপুর", phone: "01712345678", photo: `data:image/jpeg;base64,${jpeg.toString("base64")}`, totalMembers: 2, dailyCollection: 560, status: "active", createdAt: "2025-03-01T04:00:00.000Z", createdBy: "admin" },
      { id: "W002", name: "সালমা", area: "উত্তরা", phone: "+8801812345678", totalMembers: 1, dailyCollection: "150", status: "active", createdAt: "2025-03-02T04:00:00.000Z", createdBy: "user" },
    ],
    members: [
      { id: "M001", memberCode: "ক-০০১", name: "রহিমা খাতুন", nid: "৩৩০৪৭১৮২৬৫", phone: "01911111111", workerName: "করিম শ্রমিক", area: "মিরপুর", installmentAmount: "100", savingsAmount: 50, loanAmount: "", joinDate: "2025-03-05", status: "active", membershipType: "regular", createdAt: "2025-03-05T04:00:00.000Z", createdBy: "admin" },
      { id: "M002", memberCode: "ক-০০২", name: "স্ত্রী সংগ্রহ বেগম", nid: "1990123456789", phone: "01922222222", workerName: "করিম শ্রমিক", area: "মিরপুর", installmentAmount: 200, savingsAmount: "", loanAmount: 5000, joinDate: "2025-03-06", status: "inactive", membershipType: "premium", createdAt: "2025-03-06T04:00:00.000Z", createdBy: "user" },
      { id: "M003", memberCode: "খ-০০১", name: "আয়েশা", nid: "6612345678", phone: "01933333333", workerName: "সালমা", area: "উত্তরা", installmentAmount: 150, savingsAmount: 0, joinDate: "2025-03-07", status: "active", membershipType: "lifetime", createdAt: "2025-03-07T04:00:00.000Z", createdBy: "user" },
    ],
    collections: [
      { id: "C001", memberId: "M001", memberCode: "ক-০০১", memberName: "রহিমা খাতুন", workerName: "করিম শ্রমিক", date: "2025-04-01", installmentCollected: "100", savingsCollected: "50", status: "collected", createdAt: "2025-04-01T05:00:00.000Z", createdBy: "user" },
      { id: "C002", memberId: "M001", memberCode: "ক-০০১", memberName: "রহিমা খাতুন", workerName: "করিম শ্রমিক", date: "2025-04-01", installmentCollected: 100, savingsCollected: "", status: "collected", createdAt: "2025-04-01T06:00:00.000Z", createdBy: "admin" },
      { id: "C003", memberId: "M002", memberCode: "ক-০০২", memberName: "স্ত্রী সংগ্রহ বেগম", workerName: "করিম শ্রমিক", date: "2025-04-01", installmentCollected: 200, savingsCollected: 0, status: "collected", createdAt: "2025-04-01T07:00:00.000Z", createdBy: "user" },
      { id: "C004", memberId: "M003", memberCode: "খ-০০১", memberName: "আয়েশা", workerName: "সালমা", date: "2025-04-02", installmentCollected: 150, savingsCollected: 0, status: "collected", createdAt: "2025-04-02T05:00:00.000Z", createdBy: "user" },
    ],
    timestamp: "2025-04-02T10:00:00.000Z",
    version: "2.0",
    totalRecords: 9,
    generatedBy: "Society Manager",
  };
}

describe("backup download and restore", () => {
  it("export → restore → export gives the same content, and the restore is audited", async () => {
    await prisma.incomeExpense.create({ data: { societyId, code: "IE001", type: "income", category: "ভর্তি ফি", amount: 500, date: new Date("2026-11-01"), createdByRole: "admin" } });
    const first = await exportBackup();
    expect(first).toMatchObject({ version: "2.0", totalRecords: 2 + 3 + 6, generatedBy: expect.any(String) });
    expect((first.collections as unknown[]).length).toBe(6);
    const restored = await restore(JSON.stringify(first));
    expect(restored).toEqual({ status: 200, body: { ok: true, counts: { workers: 2, members: 3, collections: 6, incomeExpenses: 1, salaries: 0 } } });
    const second = await exportBackup();
    expect(withoutTimestamp(second)).toEqual(withoutTimestamp(first));
    expect(await prisma.auditLog.count({ where: { action: "society.backup.restore", entityId: societyId } })).toBe(1);
    // The restored records are on the books: the income in cash in hand, the collections with the workers.
    const trial = await trialBalance(societyId, "2026-12-31");
    expect(trial.debit).toBe(trial.credit);
    const cash = trial.rows.find((r) => r.kind === "cash_in_hand")!;
    expect(cash.debit - cash.credit).toBe(500);
    const collected = await prisma.societyCollection.aggregate({ where: { societyId, status: "collected" }, _sum: { installmentCollected: true, savingsCollected: true } });
    const workerCash = trial.rows.find((r) => r.kind === "worker_cash")!;
    expect(workerCash.debit - workerCash.credit).toBe((collected._sum.installmentCollected ?? 0) + (collected._sum.savingsCollected ?? 0));
  });

  it("carries withdrawals: a paid one comes back posted, an older file without the list is refused over withdrawals, and one the savings cannot cover is refused", async () => {
    const member = await prisma.societyMember.findFirstOrThrow({ where: { societyId, code: "M001" } });
    const savings = (await prisma.societyCollection.aggregate({ where: { memberId: member.id, status: "collected" }, _sum: { savingsCollected: true } }))._sum.savingsCollected ?? 0;
    // The seeded records on the books first (seedSocietyRecords writes them directly), then the withdrawal posted the
    // way the service does.
    await prisma.$queryRaw`SELECT "society_books_repost"(${societyId})`;
    const paid = await prisma.societyWithdrawal.create({ data: { societyId, code: "WD001", memberId: member.id, amount: 30, status: "paid", decidedAt: new Date() } });
    await prisma.$queryRaw`SELECT "society_post"(${societyId}, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'withdrawal', 'SocietyWithdrawal', ${paid.id}, "society_withdrawal_lines"(${member.id}, 30))`;
    const file = await exportBackup();
    expect(file.withdrawals).toEqual([expect.objectContaining({ id: "WD001", memberId: "M001", amount: 30, status: "paid" })]);

    expect((await restore(JSON.stringify(file))).body).toMatchObject({ ok: true });
    expect(withoutTimestamp(await exportBackup())).toEqual(withoutTimestamp(file));
    const restoredMember = await prisma.societyMember.findFirstOrThrow({ where: { societyId, code: "M001" } });
    expect((await memberBalances(societyId, [restoredMember.id])).get(restoredMember.id)!.savings).toBe(savings - 30);
    expect(await prisma.societyWithdrawal.count({ where: { societyId, status: "paid", entryId: { not: null } } })).toBe(1);

    const before = await checksum();
    const older: Record<string, unknown> = { ...file };
    delete older.withdrawals;
    expect((await restore(JSON.stringify(older))).body).toMatchObject({ ok: false, problems: [{ code: "withdrawalsMissing", value: "1" }] });
    const tooMuch = { ...file, withdrawals: [{ ...(file.withdrawals as Record<string, unknown>[])[0], amount: savings + 1 }] };
    expect((await restore(JSON.stringify(tooMuch))).body).toMatchObject({ ok: false, problems: [{ code: "withdrawalsExceedSavings" }] });
    const unknownMember = { ...file, withdrawals: [{ ...(file.withdrawals as Record<string, unknown>[])[0], memberId: "M404" }] };
    expect((await restore(JSON.stringify(unknownMember))).body).toMatchObject({ ok: false, problems: [{ code: "memberNotFound", list: "withdrawals", value: "M404" }] });
    expect(await checksum()).toBe(before);
  });

  it("carries members' loans with their plans: restored and posted again; an older file without them is refused over loans", async () => {
    await prisma.$queryRaw`SELECT "society_books_repost"(${societyId})`;
    const member = await prisma.societyMember.findFirstOrThrow({ where: { societyId, code: "M002" } });
    const loan = await prisma.societyMemberLoan.create({
      data: { societyId, memberId: member.id, principal: 6_000, serviceCharge: 600, ratePercent: 10, method: "flat", frequency: "weekly", instalmentCount: 12, instalmentAmount: 550, firstDueDate: new Date("2026-01-08T00:00:00Z"), disbursedOn: new Date("2026-01-01T00:00:00Z") },
    });
    await prisma.$queryRaw`SELECT "society_post"(${societyId}, '2026-01-01'::date, 'member_loan', 'SocietyMemberLoan', ${loan.id}, "society_member_plan_loan_lines"(${member.id}, 6000, 600))`;
    const owed = (await memberBalances(societyId, [member.id])).get(member.id)!.loanOutstanding;
    const file = await exportBackup();
    expect(file.memberLoans).toEqual([expect.objectContaining({ id: "ML0001", memberId: "M002", principal: 6_000, serviceCharge: 600, method: "flat", frequency: "weekly", instalmentCount: 12, firstDueDate: "2026-01-08", disbursedOn: "2026-01-01" })]);

    expect((await restore(JSON.stringify(file))).body).toMatchObject({ ok: true });
    expect(withoutTimestamp(await exportBackup())).toEqual(withoutTimestamp(file));
    const restoredMember = await prisma.societyMember.findFirstOrThrow({ where: { societyId, code: "M002" } });
    expect((await memberBalances(societyId, [restoredMember.id])).get(restoredMember.id)!.loanOutstanding).toBe(owed);
    expect(await prisma.societyMemberLoan.count({ where: { societyId, memberId: restoredMember.id, entryId: { not: null } } })).toBe(1);

    const before = await checksum();
    const older: Record<string, unknown> = { ...file };
    delete older.memberLoans;
    expect((await restore(JSON.stringify(older))).body).toMatchObject({ ok: false, problems: [{ code: "memberLoansMissing", value: "1" }] });
    const unknownMember = { ...file, memberLoans: [{ ...(file.memberLoans as Record<string, unknown>[])[0], memberId: "M404" }] };
    expect((await restore(JSON.stringify(unknownMember))).body).toMatchObject({ ok: false, problems: [{ code: "memberNotFound", list: "memberLoans", value: "M404" }] });
    expect(await checksum()).toBe(before);
  });

  it("carries an income or expense's reversal: restored with it and posted again, entry and reversal", async () => {
    await prisma.$queryRaw`SELECT "society_books_repost"(${societyId})`;
    const entry = await prisma.incomeExpense.create({ data: { societyId, code: "IE700", type: "income", category: "অনুদান", amount: 4_000, date: new Date(`${dhakaToday()}T00:00:00Z`), createdByRole: "admin" } });
    const posted = await prisma.$queryRaw<{ id: string }[]>`SELECT "society_post"(${societyId}, ${dhakaToday()}::date, 'income', 'IncomeExpense', ${entry.id}, "society_income_expense_lines"('income', 'অনুদান', 4000, false)) AS "id"`;
    await prisma.$queryRaw`SELECT "society_reverse"(${posted[0]!.id}, ${dhakaToday()}::date, NULL)`;
    await prisma.incomeExpense.update({ where: { id: entry.id }, data: { reversedAt: new Date() } });
    const file = await exportBackup();
    expect(file.incomeExpenses).toEqual(expect.arrayContaining([expect.objectContaining({ id: "IE700", reversedAt: expect.any(String) })]));
    expect((await restore(JSON.stringify(file))).body).toMatchObject({ ok: true });
    expect(withoutTimestamp(await exportBackup())).toEqual(withoutTimestamp(file));
    const restored = await prisma.incomeExpense.findFirstOrThrow({ where: { societyId, code: "IE700" } });
    const entries = await prisma.societyJournalEntry.findMany({ where: { societyId, sourceId: restored.id }, orderBy: { kind: "asc" } });
    expect(entries.map((e) => e.kind).sort()).toEqual(["income", "reversal"]);
    expect(entries.find((e) => e.kind === "reversal")!.reversesId).toBe(entries.find((e) => e.kind === "income")!.id);
  });


  it("restores a file made by the prototype completely: Bengali names, string amounts, a photo, two collections of a member on one day", async () => {
    const file = await prototypeFile();
    // Codes handed out before the restore stay taken: C001…C006 were issued here.
    await prisma.societySequence.create({ data: { societyId, kind: "collection", lastNumber: 6 } });
    const result = await restore(JSON.stringify(file));
    expect(result.body).toEqual({ ok: true, counts: { workers: 2, members: 3, collections: 4, incomeExpenses: null, salaries: null } });
    const members = await prisma.societyMember.findMany({ where: { societyId }, orderBy: { code: "asc" }, include: { worker: { select: { code: true } } } });
    expect(members.map((m) => [m.code, m.memberCode, m.name, m.nid, m.phone, m.worker.code, m.installmentAmount, m.savingsAmount, m.loanAmount, m.status, m.membershipType, m.createdByRole])).toEqual([
      ["M001", "ক-০০১", "রহিমা খাতুন", "3304718265", "+8801911111111", "W001", 100, 50, null, "active", "regular", "admin"],
      ["M002", "ক-০০২", "স্ত্রী সংগ্রহ বেগম", "1990123456789", "+8801922222222", "W001", 200, 0, 5000, "inactive", "premium", "user"],
      ["M003", "খ-০০১", "আয়েশা", "6612345678", "+8801933333333", "W002", 150, 0, null, "active", "lifetime", "user"],
    ]);
    const sameDay = await prisma.societyCollection.findMany({ where: { societyId, member: { code: "M001" } }, orderBy: { code: "asc" } });
    expect(sameDay.map((c) => [c.code, c.date.toISOString().slice(0, 10), c.installmentCollected, c.savingsCollected, c.createdByRole])).toEqual([
      ["C001", "2025-04-01", 100, 50, "user"],
      ["C002", "2025-04-01", 100, 0, "admin"],
    ]);
    const worker = await prisma.societyWorker.findFirstOrThrow({ where: { societyId, code: "W001" }, include: { photo: true } });
    expect(worker).toMatchObject({ name: "করিম শ্রমিক", phone: "+8801712345678", totalMembers: 2, dailyCollection: 560 });
    // The photo was decoded, bounded and re-encoded without its EXIF.
    const meta = await sharp(Buffer.from(worker.photo!.bytes)).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 320, height: 320 });
    expect(meta.exif).toBeUndefined();
    // New codes continue after both the file's and those issued before.
    const sequences = await prisma.societySequence.findMany({ where: { societyId }, select: { kind: true, lastNumber: true } });
    expect(Object.fromEntries(sequences.map((s) => [s.kind, s.lastNumber]))).toMatchObject({ collection: 6, member: 3, worker: 2 });
  });

  const bad: [string, () => Promise<string | Uint8Array<ArrayBuffer>>, string, Partial<{ record: string; value: string }>?][] = [
    ["truncated JSON", async () => JSON.stringify(await prototypeFile()).slice(0, 500), "readError"],
    ["not JSON at all", async () => "hello", "readError"],
    ["a wrong version", async () => JSON.stringify({ ...(await prototypeFile()), version: "3.0" }), "unsupportedVersion", { value: "3.0" }],
    ["missing lists", async () => JSON.stringify({ workers: [], members: [] }), "invalidFormat"],
    ["a list that is not a list", async () => JSON.stringify({ workers: [], members: [], collections: {} }), "invalidFormat"],
    ["a negative amount", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.members[0]!.installmentAmount = -5))), "invalidField", { record: "M001" }],
    ["a non-numeric amount", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.collections[2]!.installmentCollected = "abc"))), "invalidField", { record: "C003" }],
    ["an impossible date", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.collections[3]!.date = "2025-02-30"))), "invalidField", { record: "C004" }],
    ["duplicate IDs", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.members[2]!.id = "M002"))), "duplicateId", { record: "M002" }],
    ["an unknown worker name", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.members[1]!.workerName = "Karim"))), "workerNotFound", { record: "M002", value: "Karim" }],
    ["a collection of an unknown member", async () => JSON.stringify(edit(await prototypeFile(), (f) => (f.collections[0]!.memberId = "M404"))), "memberNotFound", { record: "C001", value: "M404" }],
    ["a JSON bomb of deep nesting", async () => `{"workers":[],"members":[],"collections":[${"[".repeat(100_000)}${"]".repeat(100_000)}]}`, "tooDeep"],
  ];

  for (const [name, make, code, extra] of bad) {
    it(`refuses ${name} (${code}) and changes nothing`, async () => {
      const before = await checksum();
      const result = await restore(await make());
      expect(result.status).toBe(422);
      expect(result.body.ok).toBe(false);
      expect(result.body.problems![0]).toMatchObject({ code, ...extra });
      expect(await checksum()).toBe(before);
    });
  }

  it("refuses a 60 MB file while reading it (413) and changes nothing", async () => {
    const before = await checksum();
    const big = new Uint8Array(60 * 1024 * 1024).fill(0x20);
    const result = await restore(big);
    expect(result).toEqual({ status: 413, body: { ok: false, problems: [{ code: "tooLarge" }] } });
    expect(await checksum()).toBe(before);
  });

  it("restores a compressed backup (.json.gz) as the same content", async () => {
    const response = await download(new Request(`http://localhost/society-manager/${societyId}/backup?compressed=1`), params());
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="society_backup_\d{4}-\d{2}-\d{2}_\d+\.json\.gz"/);
    const packed = new Uint8Array(await response.arrayBuffer());
    const first = JSON.parse(gunzipSync(packed).toString("utf8")) as Record<string, unknown>;
    await prisma.societyCollection.deleteMany({ where: { societyId } });
    const restored = await restore(packed, { "content-type": "application/gzip" });
    expect(restored.body).toMatchObject({ ok: true, counts: { collections: 6 } });
    expect(withoutTimestamp(await exportBackup())).toEqual(withoutTimestamp(first));
  });

  it("refuses a small compressed file that unpacks past 160 MB (a zip bomb) and a broken one, changing nothing", async () => {
    const before = await checksum();
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(170 * 1024 * 1024, 0x20), { level: 9 }));
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await restore(bomb)).toEqual({ status: 422, body: { ok: false, problems: [{ code: "tooLarge" }] } });
    const broken = new Uint8Array(gzipSync(JSON.stringify(await prototypeFile())).subarray(0, 200));
    expect(await restore(broken)).toEqual({ status: 422, body: { ok: false, problems: [{ code: "readError" }] } });
    expect(await checksum()).toBe(before);
  });

  it("is for society admins only, from this site only", async () => {
    const file = JSON.stringify(await prototypeFile());
    const before = await checksum();
    const user = await createStaff("collection_agent");
    await grantSociety(societyId, user.id, "user");
    await signInAs(user.id);
    expect((await restore(file)).status).toBe(403);
    const stranger = await createStaff("society_manager");
    await signInAs(stranger.id);
    expect((await restore(file)).status).toBe(404);
    sessionState.token = null;
    expect((await restore(file)).status).toBe(401);
    await signInAs(adminId);
    expect((await restore(file, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await restore(file, { origin: "https://evil.example" })).status).toBe(403);
    expect(await checksum()).toBe(before);
    // A user may download (the spec lets everyone download backups).
    await signInAs(user.id);
    expect((await download(new Request("http://localhost/backup"), params())).status).toBe(200);
  });

  it("restores a file whose collections come before its workers and members (read whole) as the same content", async () => {
    const file = await prototypeFile();
    const { collections, ...rest } = file;
    const restored = await restore(JSON.stringify({ collections, ...rest }));
    expect(restored.body).toMatchObject({ ok: true, counts: { workers: 2, members: 3, collections: 4 } });
    const again = await exportBackup();
    await restore(JSON.stringify(file));
    expect(withoutTimestamp(await exportBackup())).toEqual(withoutTimestamp(again));
  });

  it("refuses a record broken deep in a large file, after the insert of the collections has begun, and changes nothing", async () => {
    const file = await prototypeFile();
    const many = Array.from({ length: 30_000 }, (_, i) => ({ ...file.collections[3]!, id: `C${String(i + 10).padStart(6, "0")}` }));
    const body = JSON.stringify({ ...file, collections: [...file.collections, ...many] }).replace(`"id":"C029000",`, `"id":"C029000",,`);
    const before = await checksum();
    expect(await restore(body)).toEqual({ status: 422, body: { ok: false, problems: [{ code: "readError" }] } });
    expect(await checksum()).toBe(before);
  });

  it("the one-query reference check catches a collection whose worker is not the society's, written with row triggers off", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query("BEGIN");
      await verifyCollectionReferences(client, societyId);
      const off = await withoutRowTriggers(client, async () => {
        await client.query(
          `INSERT INTO "SocietyCollection" ("id", "societyId", "code", "memberId", "workerId", "date", "createdByRole")
           SELECT 'stray', "societyId", 'C999999', "memberId", 'no-such-worker', "date", 'user' FROM "SocietyCollection" WHERE "societyId" = $1 LIMIT 1`,
          [societyId],
        );
      });
      expect(off).toBe(true);
      await expect(verifyCollectionReferences(client, societyId)).rejects.toThrow(/C999999/);
    } finally {
      await client.query("ROLLBACK");
      await client.end();
    }
  });

  it("a restore whose database connection is killed halfway leaves the old data intact", async () => {
    const file = await prototypeFile();
    // Enough collections that the insert is still running when the connection is killed.
    const many = Array.from({ length: 60_000 }, (_, i) => ({ ...file.collections[3]!, id: `C${String(i + 10).padStart(6, "0")}` }));
    const body = JSON.stringify({ ...file, collections: [...file.collections, ...many] });
    const before = await checksum();
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    let killed = 0;
    let settled = false;
    // Watches until the restore's transaction has written something (it holds a transaction id: the old records
    // deleted, the COPY under way) or the restore ends, and kills that connection: under load the restore may spend
    // seconds reading the file first, and a COPY can finish between two looks, so it does not wait for the COPY alone.
    // Only this file's database: other test files run beside it.
    const watch = (async () => {
      while (killed === 0 && !settled) {
        const { rowCount } = await killer.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE pid <> pg_backend_pid() AND datname = current_database() AND state IN ('active', 'idle in transaction')
             AND (backend_xid IS NOT NULL OR query LIKE 'COPY "SocietyCollection"%')`,
        );
        killed = rowCount ?? 0;
        if (killed === 0) await new Promise((r) => setTimeout(r, 2));
      }
    })();
    await expect(restore(body).finally(() => (settled = true))).rejects.toThrow();
    await watch;
    await killer.end();
    expect(killed).toBeGreaterThan(0);
    expect(await checksum()).toBe(before);
  });
});

type ProtoFile = Awaited<ReturnType<typeof prototypeFile>>;
function edit(file: ProtoFile, change: (f: { members: Record<string, unknown>[]; collections: Record<string, unknown>[] }) => void): ProtoFile {
  change(file as never);
  return file;
}
