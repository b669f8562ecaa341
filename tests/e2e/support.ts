/** Helpers shared by the browser specs. */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";

/** An ID-card-like JPEG (see fixtures/make-nid-card.ts). */
export const CARD_PHOTO = fileURLToPath(new URL("./fixtures/nid-card.jpg", import.meta.url));

/** The test database the server runs on (the runner passes DATABASE_URL). */
export async function dbQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Start as a returning English-speaking visitor (the cookie the language toggle sets). */
export async function useEnglish(page: Page) {
  const url = test.info().project.use.baseURL!;
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url }]);
}

/** A client address of a test's own. */
export function testAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/**
 * Submissions, image checks and status lookups are rate limited per client address. The test servers
 * trust one proxy (TRUSTED_PROXY_HOPS=1, as behind nginx), and the tests play that proxy: it writes the
 * address it saw, here one of the test's own, so tests and spec files don't share a budget. What a client
 * itself puts in front of that entry is ignored (see the status lookup limit test).
 */
export async function useOwnAddress(page: Page, address = testAddress()) {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": address });
}

export async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

export type LoanDetails = { type: string; amount: string; tenure: string; purpose: string };
export type EmploymentInfo = { employment: string; employer: string; income: string; existing?: string };

export async function fillLoanDetails(page: Page, v: LoanDetails) {
  await page.getByTestId("apply-loan-type").selectOption(v.type);
  await page.getByTestId("apply-amount").fill(v.amount);
  await page.getByTestId("apply-tenure").selectOption(v.tenure);
  await page.getByTestId("apply-purpose").fill(v.purpose);
}

export async function fillEmploymentInfo(page: Page, v: EmploymentInfo) {
  await page.getByTestId("apply-employment-type").selectOption(v.employment);
  await page.getByTestId("apply-employer").fill(v.employer);
  await page.getByTestId("apply-monthly-income").fill(v.income);
  if (v.existing !== undefined) await page.getByTestId("apply-existing-loans").fill(v.existing);
}

/**
 * Fills and submits the wizard (the caller sets the page's client address first); `upazilaCode` chooses the applicant's
 * upazila (it routes the application).
 */
/** Applies through the wizard; the upazila (Dhaka North by default) routes the application to the demo's main branch. */
export async function applyThroughWizard(page: Page, name: string, phone: string, nid: string, dob = "1988-04-12", upazilaCode = "493"): Promise<string> {
  await page.goto("/apply");
  await fillLoanDetails(page, { type: "salary", amount: "150000", tenure: "12", purpose: "Home repair" });
  await page.getByTestId("apply-next").click();
  await page.getByTestId("nid-mode-upload").click();
  await page.getByTestId("nid-file-input").setInputFiles(CARD_PHOTO);
  await expect(page.getByTestId("nid-status")).toBeVisible();
  await page.getByTestId("apply-name").fill(name);
  await page.getByTestId("apply-phone").fill(phone);
  await page.getByTestId("apply-dob").fill(dob);
  await page.getByTestId("apply-nid").fill(nid);
  await page.getByTestId("apply-address").fill("House 3, Road 9, Mirpur, Dhaka");
  if (upazilaCode) await page.getByTestId("apply-upazila").selectOption(upazilaCode);
  await page.getByTestId("apply-next").click();
  await fillEmploymentInfo(page, { employment: "salaried", employer: "Square Textiles", income: "60000" });
  await page.getByTestId("apply-next").click();
  await page.getByTestId("apply-submit").click();
  return (await page.getByTestId("application-id").textContent())!.trim();
}

/**
 * The code in the SMS sent for the sign-in this page's device asked for, read from the fake gateway (E2E_SMS_INBOX) as
 * the borrower reads their phone: the device's challenge cookie names its code, the code's outbox message the SMS.
 */
export async function signInCodeSentTo(page: Page, phoneE164: string): Promise<string> {
  const challenge = (await page.context().cookies()).find((c) => c.name === "rb_borrower_challenge")?.value;
  if (!challenge) throw new Error(`this device asked for no sign-in code for ${phoneE164}`);
  const inbox = process.env.E2E_SMS_INBOX;
  if (!inbox) throw new Error("E2E_SMS_INBOX is not set: run the browser tests through tests/e2e/run.ts");
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        const [message] = await dbQuery<{ id: string }>(
          `SELECT o."id" FROM "OutboxMessage" o JOIN "BorrowerSignInCode" c ON c."id" = o."entityId"
           WHERE o."template" = 'borrower.sign-in-code' AND o."recipient" = $1 AND c."challengeHash" = $2`,
          [phoneE164, createHash("sha256").update(challenge).digest("hex")],
        );
        if (!message) return false;
        const answer = await fetch(`${inbox}?reference=${encodeURIComponent(message.id)}`);
        if (answer.ok) text = ((await answer.json()) as { text: string }).text;
        return answer.ok;
      },
      { timeout: 15_000, message: `no sign-in code reached ${phoneE164}` },
    )
    .toBe(true);
  const code = /\b(\d{6})\b/.exec(text!)?.[1];
  if (!code) throw new Error(`the SMS to ${phoneE164} carries no code`);
  return code;
}

/** The mobile number as E.164 (+8801…), from the way a person types it. */
export const e164 = (typed: string) => `+88${typed.replace(/[^\d]/g, "").replace(/^88/, "")}`;

/**
 * A borrower signs in on /account through the screen: the number, the code from the outbox (typed with `digits`), and
 * the NID's last four digits when the device is new. Ends on their page.
 */
export async function borrowerSignIn(page: Page, who: { phone: string; nidLast4: string }, digits: "ascii" | "bengali" = "ascii") {
  await page.goto("/account");
  await page.locator("#account-phone").fill(who.phone);
  await page.getByTestId("account-send-code").click();
  await expect(page.getByTestId("account-code-form")).toBeVisible();
  const code = await signInCodeSentTo(page, e164(who.phone));
  await page.locator("#account-code").fill(digits === "bengali" ? code.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!) : code);
  await page.getByTestId("account-verify-code").click();
  const identity = page.getByTestId("account-identity-form");
  const account = page.getByTestId("account-page");
  await expect(identity.or(account)).toBeVisible();
  if (await identity.isVisible()) {
    await page.locator("#account-nid-last4").fill(who.nidLast4);
    await page.getByTestId("account-verify-identity").click();
  }
  await expect(account).toBeVisible();
}

/** A PDF's text (pdftotext, spaces collapsed) and its first page rendered to pixels (pdftoppm at 60 dpi), for comparing. */
export async function pdfFirstPage(pdf: Buffer, dir: string, name: string) {
  writeFileSync(path.join(dir, `${name}.pdf`), pdf);
  execFileSync("pdftoppm", ["-r", "60", "-f", "1", "-l", "1", "-singlefile", "-png", path.join(dir, `${name}.pdf`), path.join(dir, name)]);
  const { data, info } = await sharp(readFileSync(path.join(dir, `${name}.png`))).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, text: execFileSync("pdftotext", ["-layout", path.join(dir, `${name}.pdf`), "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ") };
}
