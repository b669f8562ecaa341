/**
 * Issue 48's money walk, at 360 px in Bengali and English: a withdrawal asks to confirm before it is sent; the admin who
 * asked for one above the limit is never offered to approve it (the list says who asked), a second admin pays it; the
 * members list shows each member's balances without sideways scrolling; a member code with Latin digits reads the same
 * on the screen and in the profile PDF.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { formatTaka, localizeDigits } from "../../lib/format";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { demoStaff, sessionCookieFor } from "./staff";
import { dbQuery, noSidewaysScroll, pdfFirstPage } from "./support";

type Language = "bn" | "en";
const MEMBER_CODE = "QA-QB0Y1C-2";

async function phonePage(browser: Browser, role: StaffRole, language: Language): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}

/** A society with two admins (the demo society manager and the demo admin), a worker and a member with ৳3,000 saved. */
async function newSociety(language: Language) {
  const [society] = await dbQuery<{ id: string }>(
    `INSERT INTO "Society" ("id", "name", "updatedAt", "withdrawalApprovalLimit") VALUES ('e2m' || md5(random()::text), $1, now(), 1000) RETURNING "id"`,
    [language === "bn" ? "টাকার হাঁটা সমিতি" : "Money Walk Society"],
  );
  const societyId = society!.id;
  for (const role of ["society_manager", "admin"] as const) {
    await dbQuery(`INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", 'admin' FROM "StaffUser" WHERE "phone" = $2`, [societyId, demoStaff(role).phone]);
  }
  const [worker] = await dbQuery<{ id: string }>(
    `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "createdByRole", "totalMembers") VALUES ('e2mw' || md5(random()::text), $1, 'W001', 'করিম মাঠকর্মী', 'Mirpur', '+8801711999101', 'admin', 1) RETURNING "id"`,
    [societyId],
  );
  const memberName = language === "bn" ? "সুফিয়া খাতুন" : "Sufia Khatun";
  const [member] = await dbQuery<{ id: string }>(
    `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
     VALUES ('e2mm' || md5(random()::text), $1, 'M001', $4, $2, '3304718265', '+8801811999101', $3, 'Mirpur', 0, 100, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'admin') RETURNING "id"`,
    [societyId, memberName, worker!.id, MEMBER_CODE],
  );
  // ৳3,000 saved, on the books as a collection posts it.
  await dbQuery(`SELECT "society_post"($1, (now() AT TIME ZONE 'Asia/Dhaka')::date, 'collection', 'e2e', $2, "society_collection_lines"($2, $3, 0, 3000))`, [societyId, member!.id, worker!.id]);
  return { societyId, memberName };
}

for (const language of ["bn", "en"] as const) {
  test(`${language === "bn" ? "Bengali" : "English"} at 360 px: a withdrawal is confirmed first, the one who asked cannot approve it, balances and codes read right`, async ({ browser }) => {
    test.setTimeout(120_000);
    const taka = (n: number) => formatTaka(n, language);
    const digits = (s: string) => localizeDigits(s, language);
    const { societyId, memberName } = await newSociety(language);

    // The members list on a phone: the code as typed, both balances in view, nothing scrolls sideways.
    const asker = await phonePage(browser, "society_manager", language);
    await asker.goto(`/society-manager/${societyId}?tab=members`);
    const row = asker.getByTestId("member-row");
    await expect(row).toContainText(MEMBER_CODE);
    await expect(row.getByTestId("member-savings-balance")).toHaveText(taka(3000));
    for (const figure of [row.getByTestId("member-savings-balance"), row.getByTestId("member-loan-outstanding"), row.getByTestId("member-passbook-pdf")]) {
      const box = await figure.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await noSidewaysScroll(asker, 360);

    // A withdrawal above the limit: asked to confirm first; cancelling sends nothing.
    await row.getByTestId("view-profile").click();
    await asker.getByTestId("withdrawal-form").locator("input").fill(digits("1500"));
    await asker.getByTestId("withdrawal-submit").click();
    await expect(asker.getByTestId("withdrawal-confirm")).toContainText(taka(1500));
    await expect(asker.getByTestId("withdrawal-confirm")).toContainText(memberName);
    await asker.getByTestId("withdrawal-confirm-cancel").click();
    await expect(asker.getByTestId("withdrawal-confirm")).toHaveCount(0);
    expect(await dbQuery(`SELECT 1 FROM "SocietyWithdrawal" WHERE "societyId" = $1`, [societyId])).toHaveLength(0);
    await asker.getByTestId("withdrawal-submit").click();
    await asker.getByTestId("withdrawal-confirm-yes").click();
    await expect(asker.getByTestId("withdrawal-done")).toHaveAttribute("data-status", "requested");
    await noSidewaysScroll(asker, 360);
    await asker.keyboard.press("Escape");

    // The admin who asked sees who asked (herself) and no approve button; another admin pays it.
    await asker.reload();
    await expect(asker.getByTestId("waiting-withdrawal-asked")).toContainText(demoStaff("society_manager").name);
    await expect(asker.getByTestId("waiting-withdrawal-own")).toBeVisible();
    await expect(asker.getByTestId("approve-withdrawal")).toHaveCount(0);
    const second = await phonePage(browser, "admin", language);
    await second.goto(`/society-manager/${societyId}?tab=members`);
    await expect(second.getByTestId("waiting-withdrawal-asked")).toContainText(demoStaff("society_manager").name);
    await second.getByTestId("approve-withdrawal").click();
    // Paying it takes the society's cash in hand below zero: asked first, nothing paid until confirmed.
    await expect(second.getByTestId("action-error")).toHaveAttribute("data-reason", "cashBelowZero");
    expect(await dbQuery(`SELECT 1 FROM "SocietyWithdrawal" WHERE "societyId" = $1 AND "status" = 'paid'`, [societyId])).toHaveLength(0);
    await second.getByTestId("confirm-cash-below-zero").click();
    await expect(second.getByTestId("waiting-withdrawal")).toHaveCount(0);
    await expect(second.getByTestId("member-savings-balance")).toHaveText(taka(1500));

    // The savings were collected by the worker (still in her hand): the society's own cash paid the ৳1,500 out and is
    // now below zero on the books, which the Books tab says.
    await second.goto(`/society-manager/${societyId}?tab=books`);
    await expect(second.getByTestId("cash-below-zero")).toContainText(taka(-1500));
    await noSidewaysScroll(second, 360);
    await second.goto(`/society-manager/${societyId}?tab=members`);

    // The code reads the same in the member's profile PDF.
    const href = await second.getByTestId("member-profile-pdf").getAttribute("href");
    const pdf = await second.request.get(href!);
    expect(pdf.status()).toBe(200);
    const page = await pdfFirstPage(Buffer.from(await pdf.body()), mkdtempSync(path.join(tmpdir(), "money-walk-")), "profile");
    expect(page.text).toContain(MEMBER_CODE);

    await asker.context().close();
    await second.context().close();
  });
}

for (const language of ["bn", "en"] as const) {
  test(`${language === "bn" ? "Bengali" : "English"} at 360 px: opening balances entered by one admin, posted by another, once`, async ({ browser }) => {
    test.setTimeout(120_000);
    const taka = (n: number) => formatTaka(n, language);
    const digits = (s: string) => localizeDigits(s, language);
    const { societyId, memberName } = await newSociety(language);
    const [{ yesterday }] = (await dbQuery<{ yesterday: string }>(`SELECT to_char((now() AT TIME ZONE 'Asia/Dhaka')::date - 1, 'YYYY-MM-DD') AS "yesterday"`)) as [{ yesterday: string }];

    // The manager enters them as they stood yesterday (the books' first entry is today's): the reserve shows as she types.
    const maker = await phonePage(browser, "society_manager", language);
    await maker.goto(`/society-manager/${societyId}?tab=books`);
    await expect(maker.getByTestId("opening-section")).toHaveAttribute("data-status", "none");
    await maker.getByTestId("opening-open-form").click();
    await maker.locator("#opening-asOf").fill(yesterday);
    await maker.locator("#opening-cashInHand").fill(digits("5000"));
    await maker.getByLabel(language === "bn" ? `${memberName}-এর সঞ্চয় (৳)` : `Savings of ${memberName} (৳)`).fill(digits("1000"));
    await expect(maker.getByTestId("opening-reserve")).toContainText(taka(4000));
    await noSidewaysScroll(maker, 360);
    await maker.getByTestId("opening-submit").click();
    // "Sent" shows until the refreshed section replaces the form with the waiting opening (which may come first).
    await expect(maker.getByTestId("opening-section")).toHaveAttribute("data-status", "proposed");
    await expect(maker.getByTestId("opening-status")).toBeVisible();
    await maker.reload();
    await expect(maker.getByTestId("opening-section")).toHaveAttribute("data-status", "proposed");
    await expect(maker.getByTestId("approve-opening")).toHaveCount(0);
    expect(await dbQuery(`SELECT 1 FROM "SocietyJournalEntry" WHERE "societyId" = $1 AND "kind" = 'opening_balance'`, [societyId])).toHaveLength(0);

    // The admin posts them (asked first): one entry, the reserve as shown, and the cash in hand no longer below zero.
    const checker = await phonePage(browser, "admin", language);
    checker.on("dialog", (dialog) => void dialog.accept());
    await checker.goto(`/society-manager/${societyId}?tab=books`);
    await checker.getByTestId("approve-opening").click();
    await expect(checker.getByTestId("opening-section")).toHaveAttribute("data-status", "posted");
    await expect(checker.getByTestId("opening-reserve-posted")).toHaveText(taka(4000));
    await expect(checker.getByTestId("opening-figures")).toContainText(memberName);
    await expect(checker.getByTestId("cash-below-zero")).toHaveCount(0);
    await noSidewaysScroll(checker, 360);
    expect(await dbQuery(`SELECT 1 FROM "SocietyJournalEntry" WHERE "societyId" = $1 AND "kind" = 'opening_balance'`, [societyId])).toHaveLength(1);
    await checker.screenshot({ path: test.info().outputPath(`opening-${language}-360.png`), fullPage: true });

    // The member's savings carry the opening: ৳1,000 brought in and ৳3,000 collected.
    await checker.goto(`/society-manager/${societyId}?tab=members`);
    await expect(checker.getByTestId("member-savings-balance")).toHaveText(taka(4000));

    await maker.context().close();
    await checker.context().close();
  });
}
