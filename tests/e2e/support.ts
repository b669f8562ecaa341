/** Helpers shared by the browser specs. */
import { fileURLToPath } from "node:url";
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
