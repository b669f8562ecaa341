/**
 * The society tool in a real browser: a full day on a 360 px phone in both languages (add a worker,
 * three members, the day's sheet, a salary) with the dashboard's figures checked against the entries and
 * the database; a society user refused deletion with the spec's message; and every society page and the
 * photo route × society admin, society user, someone with another society only, a back-office admin
 * without a grant, and an anonymous visitor; the field app's guide (its old static address redirects to it).
 */
import { expect, test, type Page } from "@playwright/test";
import { formatTaka } from "../../lib/format";
import { FIELD_GUIDE_PATH, SOCIETY_TABS, societyDownloads } from "../../lib/society/tabs";
import { dbQuery, noSidewaysScroll } from "./support";
import { demoStaff, sessionCookieFor } from "./staff";

async function newSociety(name: string, grants: Array<{ role: Parameters<typeof demoStaff>[0]; access: "admin" | "user" }>): Promise<string> {
  const [row] = await dbQuery<{ id: string }>(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ('e2e' || md5(random()::text), $1, now()) RETURNING "id"`, [name]);
  for (const g of grants) {
    await dbQuery(`INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", $2::"SocietyRole" FROM "StaffUser" WHERE "phone" = $3`, [row!.id, g.access, demoStaff(g.role).phone]);
  }
  return row!.id;
}

async function setLocale(page: Page, locale: "bn" | "en") {
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: test.info().project.use.baseURL! }]);
}

const TEXT = {
  bn: { save: "সংরক্ষণ করুন", adminOnly: "শুধুমাত্র অ্যাডমিন ডেটা মুছতে পারবেন", workersEmpty: "এখনো কোনো মাঠকর্মী নেই", guideTitle: "মাঠের অ্যাপ ইনস্টল গাইড" },
  en: { save: "Save", adminOnly: "Only admin can delete data", workersEmpty: "No workers yet", guideTitle: "Field app install guide" },
} as const;

for (const locale of ["bn", "en"] as const) {
  test.describe(`a society's full day in ${locale} at 360 px`, () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test("add a worker, three members, the day's sheet and a salary; the dashboard adds up", async ({ page, context }) => {
      // A whole working day through the screens (the members now lent at joining too): well over a minute on this machine.
      test.setTimeout(150_000);
      const societyId = await newSociety(`ই২ই সমিতি ${locale} ${Date.now()}`, [
        { role: "society_manager", access: "admin" },
        { role: "collection_agent", access: "user" },
      ]);
      await sessionCookieFor(context, "society_manager");
      await setLocale(page, locale);
      const taka = (n: number) => formatTaka(n, locale);
      const digits = (s: string) => (locale === "bn" ? s.replace(/[0-9]/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!) : s);

      await page.goto(`/society-manager/${societyId}?tab=workers`);
      await expect(page.getByTestId("workers-empty")).toContainText(TEXT[locale].workersEmpty);
      await page.getByTestId("tab-members").click();
      await expect(page.getByTestId("members-need-worker")).toBeVisible();
      await expect(page.getByTestId("add-member")).toBeDisabled();

      // A worker.
      await page.getByTestId("tab-workers").click();
      await page.getByTestId("add-worker").click();
      await page.locator("#worker-name").fill("রফিকুল ইসলাম তালুকদার");
      await page.locator("#worker-area").fill("মিরপুর ১০");
      await page.locator("#worker-phone").fill(digits("01811-000301"));
      await page.getByTestId("add-worker-form-save").click();
      await expect(page.getByTestId("worker-card")).toHaveCount(1);
      await expect(page.getByTestId("worker-card")).toContainText("রফিকুল ইসলাম তালু…");
      await noSidewaysScroll(page, 360);

      // Three members (amounts typed with Bengali digits in the Bengali run).
      await page.getByTestId("tab-members").click();
      const members = [
        { code: "AS-1", name: "আমেনা খাতুন", installment: 200, savings: 50 },
        { code: "AS-2", name: "রহিমা বেগম", installment: 150, savings: 30 },
        { code: "AS-3", name: "Kulsum Bibi", installment: 100, savings: 0 },
      ];
      for (const m of members) {
        await page.getByTestId("add-member").click();
        await page.locator("#member-code").fill(m.code);
        await page.locator("#member-name").fill(m.name);
        await page.locator("#member-nid").fill(digits("3304718265"));
        await page.locator("#member-phone").fill(digits(`01712-3004${m.code.slice(-1)}1`));
        await page.locator("#member-worker").selectOption({ index: 1 });
        await page.locator("#member-installment").fill(digits(String(m.installment)));
        await page.locator("#member-savings").fill(m.savings ? digits(String(m.savings)) : "");
        // Lent one instalment's worth at joining: the day's instalment below repays it (an instalment repays a loan).
        await page.locator("#member-loan").fill(digits(String(m.installment)));
        await page.getByTestId("add-member-form-save").click();
        // The loan comes out of the society's cash in hand, which holds nothing yet: the form asks before paying (issue 48).
        await expect(page.getByTestId("action-error")).toHaveAttribute("data-reason", "cashBelowZero");
        await page.getByTestId("confirm-cash-below-zero").click();
        await expect(page.getByTestId("add-member-form")).toBeHidden();
      }
      await expect(page.getByTestId("member-row")).toHaveCount(3);
      // Search by name or member code, case-insensitive, Bengali included.
      for (const [query, count] of [["রহিমা", 1], ["KULSUM", 1], ["as-2", 1], ["নেই", 0]] as const) {
        await page.getByTestId("member-search").fill(query);
        await page.getByTestId("member-search").press("Enter");
        await expect(page.getByTestId("member-row"), query).toHaveCount(count);
      }
      await page.getByTestId("member-search").fill("");
      await page.getByTestId("member-search").press("Enter");
      await expect(page.getByTestId("member-row")).toHaveCount(3);

      // The day's sheet: the third member pays the instalment only.
      await page.getByTestId("tab-collection").click();
      await page.getByTestId("open-collection-sheet").click();
      await page.locator("#sheet-worker").selectOption({ index: 1 });
      await expect(page.getByTestId("sheet-row")).toHaveCount(3);
      const rows = page.getByTestId("sheet-row");
      for (const [i, m] of members.entries()) {
        await rows.nth(i).getByTestId("sheet-installment").fill(digits(String(m.installment)));
        if (m.savings) await rows.nth(i).getByTestId("sheet-savings").fill(digits(String(m.savings)));
      }
      const dayTotal = members.reduce((s, m) => s + m.installment + m.savings, 0);
      await expect(page.getByTestId("sheet-total")).toHaveText(taka(dayTotal));
      await page.getByTestId("collection-sheet-form-save").click();
      await expect(page.getByTestId("collection-sheet-form")).toBeHidden();
      await expect(page.getByTestId("today-amount")).toHaveText(taka(dayTotal));
      await expect(page.getByTestId("today-collected")).toHaveText(digits("3"));
      await expect(page.getByTestId("today-pending")).toHaveText(digits("0"));
      await noSidewaysScroll(page, 360);

      // A salary from the dashboard.
      await page.getByTestId("tab-dashboard").click();
      await page.getByTestId("pay-salary").click();
      await page.locator("#salary-worker").selectOption({ index: 1 });
      await page.locator("#salary-base").fill(digits("5000"));
      await page.locator("#salary-bonus").fill(digits("500"));
      await page.locator("#salary-deductions").fill(digits("100"));
      await expect(page.getByTestId("salary-total")).toHaveText(taka(5400));
      await page.getByTestId("salary-form-save").click();
      await page.getByTestId("confirm-cash-below-zero").click();
      await expect(page.getByTestId("salary-form")).toBeHidden();

      const installments = members.reduce((s, m) => s + m.installment, 0);
      const savings = members.reduce((s, m) => s + m.savings, 0);
      await expect(page.getByTestId("card-members")).toHaveText(digits("3"));
      await expect(page.getByTestId("card-month-installments")).toHaveText(taka(installments));
      await expect(page.getByTestId("card-month-savings")).toHaveText(taka(savings));
      await expect(page.getByTestId("card-net-income")).toHaveText(taka(-5400));
      await expect(page.getByTestId("month-expense")).toHaveText(taka(5400));
      await expect(page.getByTestId("salary-paid-total")).toHaveText(taka(5400));
      await expect(page.getByTestId("dashboard-recent").locator("li")).toHaveCount(3);
      await noSidewaysScroll(page, 360);

      // The same figures straight from the database.
      const [sums] = await dbQuery<{ i: string; s: string; e: string }>(
        `SELECT (SELECT sum("installmentCollected") FROM "SocietyCollection" WHERE "societyId" = $1) AS i,
                (SELECT sum("savingsCollected") FROM "SocietyCollection" WHERE "societyId" = $1) AS s,
                (SELECT sum("amount") FROM "IncomeExpense" WHERE "societyId" = $1 AND "type" = 'expense' AND "category" = 'বেতন') AS e`,
        [societyId],
      );
      expect([Number(sums!.i), Number(sums!.s), Number(sums!.e)]).toEqual([installments, savings, 5400]);

      // The member profile shows this month's figures.
      await page.getByTestId("tab-members").click();
      await page.getByTestId("view-profile").first().click();
      await expect(page.getByTestId("profile-installment")).toHaveText(taka(200));
      await expect(page.getByTestId("profile-collected-days")).toHaveText(digits("1"));
      await page.keyboard.press("Escape");

      // A society user may not delete: the spec's message, and the member stays.
      const userContext = await page.context().browser()!.newContext({ viewport: { width: 360, height: 740 }, baseURL: test.info().project.use.baseURL });
      await sessionCookieFor(userContext, "collection_agent");
      const userPage = await userContext.newPage();
      await setLocale(userPage, locale);
      await userPage.goto(`/society-manager/${societyId}?tab=members`);
      await userPage.getByTestId("delete-member").first().click();
      await expect(userPage.getByTestId("admin-only-message")).toHaveText(TEXT[locale].adminOnly);
      await userContext.close();
      expect((await dbQuery(`SELECT 1 FROM "SocietyMember" WHERE "societyId" = $1`, [societyId])).length).toBe(3);

      // The admin may, after confirming; a member with money on the books is closed instead (issue 28), and says so.
      await page.getByTestId("delete-member").first().click();
      await page.getByTestId("confirm-delete").click();
      await page.getByTestId("confirm-cash-below-zero").click();
      // Closing pays the member's savings out (what was collected from them), and says so.
      await expect(page.getByTestId("member-closed")).toContainText(taka(members[0]!.savings));
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("member-row")).toHaveCount(3);
      // Balances come from the books: the closed member's savings were collected, then paid out.
      await expect(page.getByTestId("member-row").first().getByTestId("member-savings-balance")).toHaveText(taka(0));

      // Income from the dashboard's income/expense dialog moves this month's income and net income.
      await page.getByTestId("tab-dashboard").click();
      await page.getByTestId("add-income-expense").click();
      await page.locator("#ie-type").selectOption("income");
      await page.locator("#ie-category").fill("ভর্তি ফি");
      await page.locator("#ie-amount").fill(digits("1200"));
      await page.getByTestId("income-expense-form-save").click();
      await expect(page.getByTestId("income-expense-form")).toBeHidden();
      await expect(page.getByTestId("month-income")).toHaveText(taka(1200));
      await expect(page.getByTestId("card-net-income")).toHaveText(taka(1200 - 5400));

      // Reports: this month for the worker (the closed member's collection stays on the books).
      await page.getByTestId("tab-reports").click();
      const remaining = members.reduce((s, m) => s + m.installment + m.savings, 0);
      await expect(page.getByTestId("month-report").locator("tbody tr")).toHaveCount(1);
      await expect(page.getByTestId("month-report").locator("tbody tr")).toContainText(taka(remaining));
      await noSidewaysScroll(page, 360);

      // Settings: the admin saves the society's details for real.
      await page.getByTestId("tab-settings").click();
      await page.locator("#society-registration").fill(`REG-${locale}-${societyId.slice(-6)}`);
      await page.getByTestId("society-settings-form").getByRole("button", { name: TEXT[locale].save }).click();
      await expect(page.getByTestId("settings-saved")).toBeVisible();
      const [saved] = await dbQuery<{ registrationNumber: string }>(`SELECT "registrationNumber" FROM "Society" WHERE "id" = $1`, [societyId]);
      expect(saved!.registrationNumber).toBe(`REG-${locale}-${societyId.slice(-6)}`);
      await expect(page.getByTestId("society-stats")).toContainText(taka(remaining));
      await noSidewaysScroll(page, 360);
    });
  });
}

test.describe("society pages by who is asking", () => {
  let demoSocietyId: string;
  let photoWorkerId: string;
  let memberId: string;

  test.beforeAll(async () => {
    const [demo] = await dbQuery<{ id: string; workerId: string }>(
      `SELECT s."id", w."id" AS "workerId" FROM "Society" s JOIN "SocietyWorker" w ON w."societyId" = s."id" WHERE w."photoId" IS NOT NULL AND s."registrationNumber" = 'DHK-COOP-2019-0417' LIMIT 1`,
    );
    demoSocietyId = demo!.id;
    photoWorkerId = demo!.workerId;
    const [member] = await dbQuery<{ id: string }>(`SELECT "id" FROM "SocietyMember" WHERE "societyId" = $1 LIMIT 1`, [demoSocietyId]);
    memberId = member!.id;
    // The loan officer runs another society only.
    await newSociety(`অন্য সমিতি ${Date.now()}`, [{ role: "loan_officer", access: "admin" }]);
  });

  // Pages, then the route handlers: the photo, the PDFs and the backup download.
  const urls = () => [
    ...SOCIETY_TABS.map((tab) => `/society-manager/${demoSocietyId}?tab=${tab}`),
    `/society-manager/${demoSocietyId}/workers/${photoWorkerId}/photo`,
    societyDownloads.memberProfile(demoSocietyId, memberId),
    societyDownloads.memberCalendar(demoSocietyId, memberId),
    societyDownloads.databaseReport(demoSocietyId),
    societyDownloads.books(demoSocietyId, { from: "2026-11-01", to: "2026-11-27" }, "1000"),
    societyDownloads.backup(demoSocietyId),
  ];

  test("anonymous: pages send to the society home, the photo, PDFs and backup answer 401", async ({ request }) => {
    for (const url of urls()) {
      const res = await request.get(url, { maxRedirects: 0 });
      if (!url.includes("?tab=")) expect(res.status(), url).toBe(401);
      else {
        expect(res.status(), url).toBe(307);
        expect(res.headers().location, url).toMatch(/\/society-manager$/);
      }
    }
    expect((await request.get("/society-manager")).status()).toBe(200);
    // The field app's guide belongs to no society: an anonymous visitor goes to the society home like a tab.
    const guide = await request.get(FIELD_GUIDE_PATH, { maxRedirects: 0 });
    expect(guide.status()).toBe(307);
    expect(guide.headers().location).toMatch(/\/society-manager$/);
  });

  // The guide answers by society.view in any society, whichever: 200 to whoever holds a society (the loan officer runs
  // one of his own, not this one; other tests give the back-office admin some), 404 to whoever holds none.
  for (const [role, expected] of [
    ["society_manager", 200],
    ["collection_agent", 200],
    ["loan_officer", 404],
    ["admin", 404],
  ] as const) {
    test(`${role}: every tab, the photo, the PDFs and the backup answer ${expected}; the field app's guide as the societies held`, async ({ page, context }) => {
      await sessionCookieFor(context, role);
      for (const url of urls()) {
        const res = await page.request.get(url, { maxRedirects: 0 });
        expect(res.status(), `${role} ${url}`).toBe(expected);
      }
      const [held] = await dbQuery<{ n: number }>(
        `SELECT count(*)::int AS "n" FROM "SocietyManager" m JOIN "StaffUser" u ON u."id" = m."staffUserId" WHERE u."phone" = $1`,
        [demoStaff(role).phone],
      );
      expect((await page.request.get(FIELD_GUIDE_PATH, { maxRedirects: 0 })).status(), `${role} ${FIELD_GUIDE_PATH}`).toBe(held!.n > 0 ? 200 : 404);
    });
  }
  test("a staff member holding no society is refused the field app's guide (404)", async ({ page, context }) => {
    await sessionCookieFor(context, "kyc_officer");
    const [held] = await dbQuery<{ n: number }>(`SELECT count(*)::int AS "n" FROM "SocietyManager" m JOIN "StaffUser" u ON u."id" = m."staffUserId" WHERE u."phone" = $1`, [demoStaff("kyc_officer").phone]);
    expect(held!.n).toBe(0);
    expect((await page.request.get(FIELD_GUIDE_PATH, { maxRedirects: 0 })).status()).toBe(404);
  });
});

test.describe("the field app's guide", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("its old static address, /APK_INSTALL_GUIDE.html, redirects to it for good", async ({ request }) => {
    const res = await request.get("/APK_INSTALL_GUIDE.html", { maxRedirects: 0 });
    expect(res.status()).toBe(308);
    expect(res.headers().location).toMatch(/^(https?:\/\/[^/]+)?\/society-manager\/field-guide$/);
  });

  for (const locale of ["bn", "en"] as const) {
    test(`in ${locale} at 360 px: one language, linked from the society home, every section, a way to the field screen`, async ({ page, context }) => {
      await sessionCookieFor(context, "collection_agent");
      await setLocale(page, locale);
      await page.goto("/society-manager");
      await page.getByTestId("field-guide-link").click();
      await expect(page).toHaveURL(/\/society-manager\/field-guide$/);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[locale].guideTitle);
      // What you need, the three steps, offline, the cash, sign-out, troubleshooting.
      await expect(page.getByTestId("field-guide-section")).toHaveCount(8);
      // One language a page: nothing of the other one's title.
      await expect(page.getByText(TEXT[locale === "bn" ? "en" : "bn"].guideTitle)).toHaveCount(0);
      await noSidewaysScroll(page, 360);
      // A button to each of the reader's field screens, where the app installs (not opened here: the screen syncs).
      await expect(page.getByTestId("field-guide-open-field").first()).toHaveAttribute("href", /^\/society-manager\/[^/]+\/field$/);
    });
  }
});
