/**
 * Issue 28 on a 360 px phone, in Bengali and English: a society user collects a member's savings on the day's sheet and
 * asks for a withdrawal above the society's limit; it waits until an admin (the second person) approves it; the member
 * list shows the balance from the books; the passbook PDF downloads and reads right (its text, and its first page
 * rendered to PNG against the same passbook downloaded by the other person).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import pixelmatch from "pixelmatch";
import { formatTaka, localizeDigits } from "../../lib/format";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { demoStaff, sessionCookieFor } from "./staff";
import { dbQuery, noSidewaysScroll, pdfFirstPage } from "./support";

type Language = "bn" | "en";

async function phonePage(browser: Browser, role: StaffRole, language: Language): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

/** A society of its own: the demo society manager its admin, the demo collection agent a user; one worker, one member. */
async function newSociety(language: Language) {
  const [society] = await dbQuery<{ id: string }>(
    `INSERT INTO "Society" ("id", "name", "updatedAt", "withdrawalApprovalLimit") VALUES ('e2b' || md5(random()::text), $1, now(), 1000) RETURNING "id"`,
    [language === "bn" ? "সঞ্চয় খাতা সমিতি" : "Ledger Savings Society"],
  );
  const societyId = society!.id;
  for (const [role, access] of [["society_manager", "admin"], ["collection_agent", "user"]] as const) {
    await dbQuery(`INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", $2::"SocietyRole" FROM "StaffUser" WHERE "phone" = $3`, [societyId, access, demoStaff(role).phone]);
  }
  const [worker] = await dbQuery<{ id: string }>(
    `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "createdByRole", "totalMembers") VALUES ('e2bw' || md5(random()::text), $1, 'W001', $2, 'Mirpur', '+8801711999001', 'admin', 1) RETURNING "id"`,
    [societyId, language === "bn" ? "করিম মাঠকর্মী" : "Karim Worker"],
  );
  const memberName = language === "bn" ? "আমেনা বেগম" : "Amena Begum";
  await dbQuery(
    `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
     VALUES ('e2bm' || md5(random()::text), $1, 'M001', 'SB-1', $2, '3304718265', '+8801811999001', $3, 'Mirpur', 0, 2000, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'admin')`,
    [societyId, memberName, worker!.id],
  );
  return { societyId, memberName };
}

for (const language of ["bn", "en"] as const) {
  test(`${language === "bn" ? "Bengali" : "English"} at 360 px: collect, withdraw with a second person's approval, the balance and the passbook`, async ({ browser }) => {
    test.setTimeout(120_000);
    const taka = (n: number) => formatTaka(n, language);
    const digits = (s: string) => localizeDigits(s, language);
    const { societyId, memberName } = await newSociety(language);

    // The user collects 2,000 savings on today's sheet.
    const user = await phonePage(browser, "collection_agent", language);
    await user.goto(`/society-manager/${societyId}?tab=collection`);
    await user.getByTestId("open-collection-sheet").click();
    await user.locator("#sheet-worker").selectOption({ index: 1 });
    await user.getByTestId("sheet-row").first().getByTestId("sheet-savings").fill(digits("2000"));
    await user.getByTestId("collection-sheet-form-save").click();
    await expect(user.getByTestId("collection-sheet-form")).toBeHidden();

    // Above the society's limit (1,000): the withdrawal waits, and the balance has not moved.
    await user.goto(`/society-manager/${societyId}?tab=members`);
    await expect(user.getByTestId("member-savings-balance")).toHaveText(taka(2000));
    await user.getByTestId("view-profile").click();
    await user.getByTestId("withdrawal-form").locator("input").fill(digits("1500"));
    await user.getByTestId("withdrawal-submit").click();
    // Money leaving the society is confirmed first (issue 48).
    await user.getByTestId("withdrawal-confirm-yes").click();
    await expect(user.getByTestId("withdrawal-done")).toHaveAttribute("data-status", "requested");
    await noSidewaysScroll(user, 360);
    await user.keyboard.press("Escape");
    await user.reload();
    await expect(user.getByTestId("member-savings-balance")).toHaveText(taka(2000));
    // The user sees it waiting but cannot approve it.
    await expect(user.getByTestId("waiting-withdrawal")).toHaveCount(1);
    await expect(user.getByTestId("approve-withdrawal")).toHaveCount(0);

    // The admin approves: paid, and the balance comes from the books.
    const admin = await phonePage(browser, "society_manager", language);
    await admin.goto(`/society-manager/${societyId}?tab=members`);
    await expect(admin.getByTestId("waiting-withdrawal")).toContainText(memberName);
    await admin.getByTestId("approve-withdrawal").click();
    // The savings are still with the worker: paying them out of the society's cash takes it below zero, so it asks first.
    await expect(admin.getByTestId("action-error")).toHaveAttribute("data-reason", "cashBelowZero");
    expect(await dbQuery(`SELECT 1 FROM "SocietyWithdrawal" WHERE "societyId" = $1 AND "status" = 'paid'`, [societyId])).toHaveLength(0);
    await admin.getByTestId("confirm-cash-below-zero").click();
    await expect(admin.getByTestId("waiting-withdrawal")).toHaveCount(0);
    await expect(admin.getByTestId("member-savings-balance")).toHaveText(taka(500));
    await noSidewaysScroll(admin, 360);
    const [row] = await dbQuery<{ status: string; entryId: string | null }>(`SELECT w."status", w."entryId" FROM "SocietyWithdrawal" w WHERE w."societyId" = $1`, [societyId]);
    expect(row).toMatchObject({ status: "paid", entryId: expect.any(String) });

    // The books: the trial balance balances; the cash book paid out the withdrawal; the balance sheet adds up.
    await admin.goto(`/society-manager/${societyId}?tab=books`);
    const totals = admin.getByTestId("trial-balance-total").locator("td");
    await expect(totals.nth(1)).toHaveText(await totals.nth(2).innerText());
    await expect(admin.getByTestId("cash-book-total").locator("td").nth(2)).toHaveText(taka(1500));
    const sheet = admin.getByTestId("balance-sheet");
    await expect(sheet).toContainText(taka(500));
    await noSidewaysScroll(admin, 360);
    await admin.goto(`/society-manager/${societyId}?tab=members`);

    // The passbook: the deposit, the withdrawal and what is left; the same document whoever downloads it.
    // The link opens the PDF in a new tab (lib's PdfLink); the test fetches the same address with each person's session.
    const href = await admin.getByTestId("member-passbook-pdf").getAttribute("href");
    const ours = await admin.request.get(href!);
    expect(ours.status()).toBe(200);
    expect(ours.headers()["content-type"]).toBe("application/pdf");
    const dir = mkdtempSync(path.join(tmpdir(), "passbook-"));
    const mine = await pdfFirstPage(Buffer.from(await ours.body()), dir, "admin");
    for (const figure of [taka(2000), `−${taka(1500)}`, taka(500)]) expect(mine.text).toContain(figure);
    if (language === "en") for (const word of ["Passbook", "Collection", "Withdrawal", memberName]) expect(mine.text).toContain(word);
    // Printable on A5 (148 × 210 mm, 419.5 × 595.3 points; rendered at 60 dpi).
    expect(Math.abs((mine.width * 72) / 60 - 419.5)).toBeLessThan(2);
    expect(Math.abs((mine.height * 72) / 60 - 595.3)).toBeLessThan(2);
    const theirs = await user.request.get(href!);
    expect(theirs.status()).toBe(200);
    const other = await pdfFirstPage(Buffer.from(await theirs.body()), dir, "user");
    expect([mine.width, mine.height]).toEqual([other.width, other.height]);
    const different = pixelmatch(mine.data, other.data, undefined, mine.width, mine.height, { threshold: 0.1 });
    expect(different / (mine.width * mine.height)).toBeLessThan(0.005);

    await user.context().close();
    await admin.context().close();
  });
}

for (const language of ["bn", "en"] as const) {
  test(`${language === "bn" ? "Bengali" : "English"} at 360 px: a loan with a plan to a member, an account's ledger, and an income reversed`, async ({ browser }) => {
    test.setTimeout(120_000);
    const taka = (n: number) => formatTaka(n, language);
    const digits = (s: string) => localizeDigits(s, language);
    const { societyId } = await newSociety(language);
    const admin = await phonePage(browser, "society_manager", language);

    // The admin pays out ৳10,000 at a flat 10%, 40 daily instalments: ৳275 each, ৳11,000 in all.
    await admin.goto(`/society-manager/${societyId}?tab=members`);
    await admin.getByTestId("view-profile").click();
    const form = admin.getByTestId("member-loan-form");
    await form.locator('input[name="principal"]').fill(digits("10000"));
    await form.locator('input[name="ratePercent"]').fill(digits("10"));
    await form.locator('select[name="frequency"]').selectOption("daily");
    await form.locator('input[name="instalmentCount"]').fill(digits("40"));
    await expect(admin.getByTestId("member-loan-preview")).toContainText(taka(11000));
    await expect(admin.getByTestId("member-loan-preview")).toContainText(taka(275));
    await admin.getByTestId("member-loan-submit").click();
    await admin.getByTestId("confirm-cash-below-zero").click();
    await expect(admin.getByTestId("member-loan-given")).toContainText(taka(11000));
    await expect(admin.getByTestId("loan-outstanding")).toHaveText(taka(11000));
    await expect(admin.getByTestId("loan-overdue")).toHaveText(taka(0));
    await expect(admin.getByTestId("loan-next")).toContainText(taka(275));
    // One loan at a time: the form is gone while it is owed.
    await expect(admin.getByTestId("member-loan-form")).toHaveCount(0);
    await noSidewaysScroll(admin, 360);
    await admin.keyboard.press("Escape");

    // An income entered by mistake, reversed from the cash in hand ledger: the entry stays, marked, and cash nets out.
    await dbQuery(
      `INSERT INTO "IncomeExpense" ("id", "societyId", "code", "type", "category", "amount", "date", "createdByRole") VALUES ('e2bi' || md5(random()::text), $1, 'IE001', 'income', 'Donation', 3000, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'admin')`,
      [societyId],
    );
    await dbQuery(`SELECT "society_post"($1, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'income', 'IncomeExpense', "id", "society_income_expense_lines"('income', 'Donation', 3000, false)) FROM "IncomeExpense" WHERE "societyId" = $1`, [societyId]);
    await admin.goto(`/society-manager/${societyId}?tab=books&account=1000`);
    const ledger = admin.getByTestId("account-ledger");
    await expect(ledger.getByTestId("ledger-line")).toHaveCount(2);
    await expect(ledger.getByTestId("ledger-closing")).toContainText(taka(-7000));
    admin.once("dialog", (dialog) => dialog.accept());
    await ledger.getByTestId("reverse-entry").click();
    // Taking the income's cash back out leaves the cash in hand further below zero: asked first.
    await expect(ledger.getByTestId("action-error")).toHaveAttribute("data-reason", "cashBelowZero");
    await ledger.getByTestId("confirm-cash-below-zero").click();
    await expect(ledger.getByTestId("ledger-line")).toHaveCount(3);
    await expect(ledger.locator('[data-kind="reversal"]')).toHaveCount(1);
    await expect(ledger.getByTestId("reverse-entry")).toHaveCount(0);
    await expect(ledger.getByTestId("ledger-closing")).toContainText(taka(-10000));
    const totals = admin.getByTestId("trial-balance-total").locator("td");
    await expect(totals.nth(1)).toHaveText(await totals.nth(2).innerText());
    await noSidewaysScroll(admin, 360);
    await admin.context().close();
  });
}
