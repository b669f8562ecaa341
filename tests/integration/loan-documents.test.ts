/**
 * A payment's receipt and a loan's schedule as PDFs (issue 24, item 3), from the back office's route handlers on
 * PostgreSQL: refused without a session (401) and without the permission (403), 404 for what does not exist, and the
 * text a person reads (pdftotext) in English and Bengali: the receipt number, the amount and how it was applied; every
 * instalment of the schedule with the effective yearly rate.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("@/lib/auth/current", () => import("@/tests/support/current-session-mock"));
vi.mock("@/lib/request", () => import("@/tests/support/request-mock"));
vi.mock("next-intl/server", () => import("@/tests/support/next-intl-server-mock"));

import { GET as schedulePdf } from "@/app/admin/api/loans/[loanNumber]/schedule.pdf/route";
import { GET as receiptPdf } from "@/app/admin/api/payments/[paymentNumber]/receipt.pdf/route";
import { prisma } from "@/lib/db";
import { recordPaymentAction } from "@/lib/repayments/actions";
import { seedProducts } from "@/prisma/seed";
import { disbursedLoan, payment } from "../support/loan-fixtures";
import { intlState } from "../support/next-intl-server-mock";
import { sessionState } from "../support/session-state";
import { actAs } from "../support/staff-session";

const dir = mkdtempSync(path.join(tmpdir(), "loan-pdf-"));
let loanNumber: string;
let paymentNumber: string;
let emi: number;

beforeAll(async () => {
  await seedProducts(prisma);
  const loan = await disbursedLoan("১,০০,০০০");
  loanNumber = loan.loanNumber;
  emi = (await prisma.loan.findUniqueOrThrow({ where: { loanNumber } })).emi;
  await actAs("collection_agent");
  const paid = await recordPaymentAction(payment(loan, { amount: String(emi + 500), reference: "TRXRECEIPT1" }));
  if (!paid.ok) throw new Error(JSON.stringify(paid));
  paymentNumber = paid.data.paymentNumber;
});

const receipt = (number: string) => receiptPdf(new Request(`http://app/admin/api/payments/${number}/receipt.pdf`), { params: Promise.resolve({ paymentNumber: number }) });
const schedule = (number: string) => schedulePdf(new Request(`http://app/admin/api/loans/${number}/schedule.pdf`), { params: Promise.resolve({ loanNumber: number }) });

async function pdfText(response: Response, name: string): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ");
}

describe("loan documents", () => {
  it("are refused without a session or the permission, and not found for a number that does not exist", async () => {
    sessionState.token = null;
    expect((await receipt(paymentNumber)).status).toBe(401);
    expect((await schedule(loanNumber)).status).toBe(401);
    await actAs("kyc_officer");
    expect((await receipt(paymentNumber)).status).toBe(403);
    expect((await schedule(loanNumber)).status).toBe(403);
    await actAs("account_manager");
    expect((await receipt("PAY-999999")).status).toBe(404);
    expect((await schedule("LN-999999")).status).toBe(404);
  });

  it("the receipt says what was paid, how, and where it went, in English and Bengali", async () => {
    await actAs("account_manager");
    intlState.locale = "en";
    const text = await pdfText(await receipt(paymentNumber), "receipt-en");
    expect(text).toContain("Payment receipt");
    expect(text).toContain(paymentNumber);
    expect(text).toContain(`৳${new Intl.NumberFormat("en-IN").format(emi + 500)}`);
    expect(text).toContain("bKash");
    expect(text).toContain("TRXRECEIPT1");
    expect(text).toMatch(/How it was applied[\s\S]*\n1 /);
    intlState.locale = "bn";
    const bn = await pdfText(await receipt(paymentNumber), "receipt-bn");
    // pdftotext writes a pre-base vowel sign before its consonant: বিকাশ comes out as িবকাশ.
    expect(bn).toContain("িবকাশ");
    // A code keeps its characters on a Bengali page too (issue 49).
    expect(bn).toContain(paymentNumber);
    intlState.locale = "en";
  });

  it("the schedule lists every instalment with the rate and its effective yearly rate", async () => {
    await actAs("loan_officer");
    intlState.locale = "en";
    const text = await pdfText(await schedule(loanNumber), "schedule-en");
    expect(text).toContain("Instalment schedule");
    expect(text).toContain("Instalments (24)");
    // pdftotext drops the decimal point of numbers drawn from cached glyphs (the PNG reference test sees it).
    expect(text).toMatch(/15% a year \(declining balance\), effective yearly rate 16.?08%/);
    // One row per instalment, each ending in its state (the header row ends in "Status").
    expect(text.match(/ (Paid|Partial payment|Upcoming|Due today|Overdue) *$/gm)?.length).toBe(24);
    expect(text).toMatch(/\n1 .* Paid *\n2 .* Partial payment *\n/);
  });
});
