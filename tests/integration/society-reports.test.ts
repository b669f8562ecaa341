/**
 * The society's PDFs through their route handlers on real data: access (every URL refused to a person
 * of another society and to an anonymous caller), the text a person reads in both languages (pdftotext),
 * names in full, taka with ৳ and lakh grouping, page numbers, and a file name every browser accepts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));

import { GET as calendarPdf } from "@/app/society-manager/[societyId]/members/[memberId]/calendar.pdf/route";
import { GET as profilePdf } from "@/app/society-manager/[societyId]/members/[memberId]/profile.pdf/route";
import { GET as reportPdf } from "@/app/society-manager/[societyId]/report.pdf/route";
import { GET as booksPdf } from "@/app/society-manager/[societyId]/books.pdf/route";
import { randomUUID } from "node:crypto";
import { dhakaToday } from "@/lib/format";
import { addIncomeExpenseAction } from "@/lib/society/actions";
import { prisma } from "@/lib/db";
import { intlState } from "../support/next-intl-server-mock";
import { sessionState } from "../support/session-state";
import { createStaff, signInAs } from "../support/staff-session";
import { createTestSociety, grantSociety, seedSocietyRecords } from "../support/society";

const dir = mkdtempSync(path.join(tmpdir(), "society-pdf-"));
let society: { id: string; name: string };
let memberId: string;
let userId: string;
let strangerId: string;
const today = dhakaToday();
const month = today.slice(0, 7);
const firstOfMonth = `${month}-01`;

beforeAll(async () => {
  society = await createTestSociety(`সবুজ সঞ্চয় সমিতি ${Date.now() % 100000}`);
  await prisma.society.update({ where: { id: society.id }, data: { registrationNumber: `REG-${Date.now()}`, address: "১২ মিরপুর, ঢাকা" } });
  const days = [...new Set([firstOfMonth, today])];
  const seeded = await seedSocietyRecords(society.id, days);
  memberId = seeded.members[0]!.id;
  const [user, stranger, other] = await Promise.all([createStaff("collection_agent"), createStaff("society_manager"), createTestSociety()]);
  userId = user.id;
  strangerId = stranger.id;
  await grantSociety(society.id, user.id, "user");
  await grantSociety(other.id, stranger.id, "admin");
});

function call(handler: (r: Request, c: never) => Promise<Response>, url: string, params: Record<string, string | undefined>) {
  return handler(new Request(`http://localhost${url}`), { params: Promise.resolve(params) } as never);
}

const urls = () => [
  { name: "profile", handler: profilePdf, url: `/society-manager/${society.id}/members/${memberId}/profile.pdf`, params: { societyId: society.id, memberId } },
  { name: "calendar", handler: calendarPdf, url: `/society-manager/${society.id}/members/${memberId}/calendar.pdf?month=${month}`, params: { societyId: society.id, memberId } },
  { name: "report", handler: reportPdf, url: `/society-manager/${society.id}/report.pdf`, params: { societyId: society.id } },
  { name: "books", handler: booksPdf, url: `/society-manager/${society.id}/books.pdf?from=${firstOfMonth}&to=${today}`, params: { societyId: society.id } },
];

/**
 * pdftotext writes Bengali in visual order: a pre-base vowel sign (ি ে ৈ) comes out before its consonant
 * cluster (and a reph after it, so the strings checked here have none). Expected strings are put in that
 * order to compare; the PNG check covers the shaping itself.
 */
function visual(text: string): string {
  return text.replace(/((?:[\u0995-\u09B9\u09DC-\u09DF](?:\u09CD[\u0995-\u09B9\u09DC-\u09DF])*))([\u09BF\u09C7\u09C8])/g, "$2$1");
}

async function pdfText(response: Response, name: string): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ");
}

describe("society PDFs", () => {
  it("are refused to an anonymous caller (401) and to a person of another society (404), audited", async () => {
    for (const u of urls()) {
      sessionState.token = null;
      expect((await call(u.handler, u.url, u.params)).status, u.name).toBe(401);
      await signInAs(strangerId);
      expect((await call(u.handler, u.url, u.params)).status, u.name).toBe(404);
    }
    const refusals = await prisma.auditLog.count({ where: { entityType: "Society", entityId: society.id, action: { in: ["access.forbidden", "access.unauthenticated"] } } });
    expect(refusals).toBeGreaterThanOrEqual(6);
  });

  it("a member of another society is not found through this society's URL", async () => {
    const other = await createTestSociety();
    const foreign = await seedSocietyRecords(other.id, [today]);
    await signInAs(userId);
    for (const handler of [profilePdf, calendarPdf]) {
      const response = await call(handler, `/society-manager/${society.id}/members/${foreign.members[0]!.id}/profile.pdf`, { societyId: society.id, memberId: foreign.members[0]!.id });
      expect(response.status).toBe(404);
    }
  });

  it("print the member profile in Bengali: full name, Bengali digits, ৳, page numbers, a browser-safe file name", async () => {
    await signInAs(userId);
    intlState.locale = "bn";
    const response = await call(profilePdf, urls()[0]!.url, urls()[0]!.params);
    const disposition = response.headers.get("content-disposition")!;
    expect(disposition).toMatch(/^inline; filename="ASS-001_[_]+_profile_\d{4}-\d{2}-\d{2}\.pdf"; filename\*=UTF-8''ASS-001_/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe(`ASS-001_রহিমা_খাতুন_স্ত্রী_profile_${today}.pdf`);
    const text = await pdfText(response, "profile-bn");
    expect(text).toContain(visual(society.name));
    expect(text).toContain(visual("রহিমা খাতুন স্ত্রী"));
    expect(text).toContain("৳১০০");
    expect(text).toContain("3304718265"); // the NID as stored: a code keeps its digits (issue 49)
    expect(text).toContain("পাতা ১ / ১");
  });

  it("print the calendar in English with the month's totals", async () => {
    await signInAs(userId);
    intlState.locale = "en";
    const text = await pdfText(await call(calendarPdf, urls()[1]!.url, urls()[1]!.params), "calendar-en");
    const collectedDays = new Set([firstOfMonth, today]).size;
    expect(text).toContain("Collection calendar");
    expect(text).toMatch(new RegExp(`Collected days\\s+${collectedDays}`));
    expect(text).toContain(`৳${(100 * collectedDays).toLocaleString("en-IN")}`);
    expect(text).toContain("Page 1 of 1");
  });

  it("refuse a month that does not exist with the translated message", async () => {
    await signInAs(userId);
    intlState.locale = "en";
    const response = await call(calendarPdf, `/society-manager/${society.id}/members/${memberId}/calendar.pdf?month=2026-13`, { societyId: society.id, memberId });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Enter a valid date");
  });

  it("print the database report: details, every worker and member, the last collections", async () => {
    await signInAs(userId);
    intlState.locale = "bn";
    const text = await pdfText(await call(reportPdf, urls()[2]!.url, urls()[2]!.params), "report-bn");
    for (const s of ["ডেটাবেস", "করিম শ্রমিক", "Rahim Uddin", "কিস্তি সংগ্রহ বেগম", "Salma Akter", "১২ মিরপুর, ঢাকা"])
      expect(text, s).toContain(visual(s));
  });

  it("print every collection of a date range, and refuse a range that ends before it starts", async () => {
    await signInAs(userId);
    intlState.locale = "en";
    const text = await pdfText(await call(reportPdf, `/society-manager/${society.id}/report.pdf?from=${firstOfMonth}&to=${today}`, { societyId: society.id }), "report-range-en");
    expect(text).toContain("Collections from");
    const bad = await call(reportPdf, `/society-manager/${society.id}/report.pdf?from=${today}&to=2020-01-01`, { societyId: society.id });
    expect(bad.status).toBe(400);
  });
});

describe("the books PDF", () => {
  it("prints the cash book with each receipt and payment by voucher, the statements, blank empty columns and the signature lines, in both languages", async () => {
    await signInAs(userId);
    const record = await addIncomeExpenseAction(society.id, { type: "income", category: "অনুদান", amount: "4321", description: "", date: today, idempotencyKey: randomUUID() });
    if (!record.ok) throw new Error(JSON.stringify(record.error));
    const income = await prisma.societyJournalEntry.findFirstOrThrow({ where: { sourceType: "IncomeExpense", sourceId: record.data.id }, select: { voucher: true } });
    const url = urls().find((u) => u.name === "books")!;
    intlState.locale = "en";
    const en = await pdfText(await call(url.handler, url.url, url.params), "books-en");
    for (const words of ["The society's books", "Cash book", "Trial balance", "Income and expenditure", "Balance sheet", "Prepared by (accountant)", "Checked by (secretary)", "Approved by (president)"]) expect(en).toContain(words);
    // The income's own line: its voucher (as a code, Latin digits), what it was, the receipt, the payments column blank.
    expect(en).toMatch(new RegExp(`\\b${income.voucher} Income · ${record.data.code} অনুদান ৳4,321\\s*\\n`));
    intlState.locale = "bn";
    const bn = await pdfText(await call(url.handler, url.url, url.params), "books-bn");
    expect(bn).toContain("৳৪,৩২১");
    expect(bn).toContain(`${income.voucher} `);
    // With an account, its ledger too: every line with its voucher and the balance after it.
    intlState.locale = "en";
    const withLedger = await pdfText(await call(url.handler, `${url.url}&account=1000`, url.params), "books-ledger-en");
    expect(withLedger).toContain("1000 Cash in hand");
    expect(withLedger).toMatch(new RegExp(`\\b${income.voucher} Income · ${record.data.code} অনুদান ৳4,321 ৳[\\d,]+\\s*\\n`));
    expect(withLedger).toContain("Closing balance");
  });
});
