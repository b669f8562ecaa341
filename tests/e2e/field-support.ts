/**
 * What the field app's browser tests share: a society whose worker collects as the demo collection agent, opening the
 * field screen signed in, collecting, and reading the outbox and the recorded rows.
 */
import { createRequire } from "node:module";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { dbQuery } from "./support";
import { demoStaff, sessionCookieFor } from "./staff";

export type FieldSociety = { societyId: string; workerId: string; memberIds: string[] };

/** A society whose worker collects as the demo collection agent, with `members` members (all with phones). */
export async function fieldSociety(members: number, { linked = true, withoutLoan = [] as number[] } = {}): Promise<FieldSociety> {
  const [society] = await dbQuery<{ id: string }>(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ('e2e' || md5(random()::text), $1, now()) RETURNING "id"`, [`মাঠ সমিতি ${Date.now()}`]);
  const societyId = society!.id;
  for (const [role, access] of [["collection_agent", "user"], ["society_manager", "admin"]] as const) {
    await dbQuery(`INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", $2::"SocietyRole" FROM "StaffUser" WHERE "phone" = $3`, [societyId, access, demoStaff(role).phone]);
  }
  const [worker] = await dbQuery<{ id: string }>(
    `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "totalMembers", "createdByRole", "staffUserId")
     SELECT 'w' || md5(random()::text), $1, 'W001', 'মাঠকর্মী সালমা', 'মিরপুর', '+8801811000301', $2, 'admin', CASE WHEN $4 THEN "id" END FROM "StaffUser" WHERE "phone" = $3 RETURNING "id"`,
    [societyId, members, demoStaff("collection_agent").phone, linked],
  );
  const rows = await dbQuery<{ id: string }>(
    `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
     SELECT 'm' || md5(random()::text), $1, 'M' || lpad(n::text, 3, '0'), 'FS-' || n, 'সদস্য ' || n, lpad(n::text, 10, '3'), '+8801712' || lpad(n::text, 6, '0'), $2, 'মিরপুর', 100 + n, 20, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'admin'
     FROM generate_series(1, $3::int) n ORDER BY n RETURNING "id"`,
    [societyId, worker!.id, members],
  );
  // Each lent ৳10,000 at joining, on the books as the member form posts it: the instalments collected repay it.
  // (A member the test deletes meanwhile has nothing on the books, or the database would keep her.)
  const lent = rows.map((r) => r.id).filter((_, i) => !withoutLoan.includes(i));
  await dbQuery(`UPDATE "SocietyMember" SET "loanAmount" = 10000 WHERE "id" = ANY($1::text[])`, [lent]);
  await dbQuery(`SELECT "society_post"($2, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'member_loan', 'SocietyMember', m, "society_member_loan_lines"(m, 10000)) FROM unnest($1::text[]) m`, [lent, societyId]);
  return { societyId, workerId: worker!.id, memberIds: rows.map((r) => r.id) };
}

export async function openField(page: Page, context: BrowserContext, locale: "bn" | "en", societyId: string) {
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL! }]);
  await sessionCookieFor(context, "collection_agent");
  await page.goto(`/society-manager/${societyId}/field`);
  await expect(page.getByTestId("field-app")).toHaveAttribute("data-shell-kept", "true");
}


/** Taps the nth member and saves the prefilled amounts. */
export async function collect(page: Page, nth: number) {
  await page.getByTestId("field-member").nth(nth).click();
  await page.getByTestId("field-record-save").click();
  await expect(page.getByTestId("field-record")).toBeHidden();
}

export async function waiting(page: Page, count: number) {
  await expect(page.getByTestId("field-waiting")).toHaveAttribute("data-count", String(count));
}

export async function recordedRows(societyId: string) {
  return dbQuery<{ code: string; memberId: string; clientId: string }>(`SELECT "code", "memberId", "clientId" FROM "SocietyCollection" WHERE "societyId" = $1 ORDER BY "code"`, [societyId]);
}

export const WAITING_TEXT = { bn: "২০টি আদায় পাঠানো বাকি", en: "20 collections waiting to be sent" } as const;

/** axe-core in the page before its own scripts: an init script is not subject to the page's nonce policy. */
export async function withAxe(context: BrowserContext) {
  await context.addInitScript({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
}

export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // A refresh streams the page's metadata again: React drops the old <title> and hoists the new one when it lands (a
  // moment without one on the busy machine). Wait for it a little; a page that never gets one is still reported.
  await page.waitForFunction(() => document.title.trim() !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  return page.evaluate(async () => {
    // A dialog still fading in has half-transparent text: axe would measure its contrast mid-animation.
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run();
    return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  });
}
