import { expect, test } from "@playwright/test";
import { formatNumber, formatTaka } from "../../lib/format";
import { dbQuery, useEnglish } from "./support";

test.describe("public site", () => {
  test("home page renders in Bengali by default with the four products from the database", async ({ page }) => {
    const products = await dbQuery<{ key: string; titleBn: string }>(
      'select key, "titleBn" from "LoanProduct" where active order by "sortOrder"',
    );
    expect(products).toHaveLength(4);

    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "হোম" })).toHaveAttribute("aria-current", "page");

    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(4);
    for (const [i, product] of products.entries()) {
      await expect(cards.nth(i)).toContainText(product.titleBn);
      // Apply opens the wizard with this product chosen.
      await expect(cards.nth(i).getByRole("link")).toHaveAttribute("href", `/apply?type=${product.key}`);
    }
  });

  test("switching to English persists across navigation and visits", async ({ page, context }) => {
    await page.goto("/");
    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Home" })).toBeVisible();

    await expect(page).toHaveURL(/\/en$/);
    await page.getByTestId("site-header").getByRole("link", { name: "Loans", exact: true }).click();
    await expect(page).toHaveURL(/\/en\/loans$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // A new visit (new tab, same browser) is served in English by the server, with no Bengali flash.
    const again = await context.newPage();
    const html = await (await again.goto("/calculator"))!.text();
    expect(html).toContain('<html lang="en"');
    await expect(again.getByTestId("site-header").getByRole("link", { name: "Calculator" })).toHaveAttribute("aria-current", "page");

    await again.getByTestId("language-toggle").click();
    await expect(again.locator("html")).toHaveAttribute("lang", "bn");
  });

  test("active link: Home only on exactly /, others by prefix", async ({ page }) => {
    await useEnglish(page);
    const header = page.getByTestId("site-header");
    await page.goto("/loans");
    await expect(header.getByRole("link", { name: "Loans", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    await page.goto("/about");
    await expect(header.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: "Loans", exact: true })).not.toHaveAttribute("aria-current", "page");
  });

  test("public pages are served from Next's cache, each language at its own address", async ({ request }) => {
    const cached = ["/", "/loans", "/calculator", "/eligibility", "/about", "/contact", "/privacy", "/terms", "/compliance"];
    for (const locale of ["bn", "en"]) {
      for (const path of cached) {
        const url = locale === "bn" ? path : `/en${path === "/" ? "" : path}`;
        await request.get(url); // the first visit may render it
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        expect(response.headers()["x-nextjs-cache"], url).toMatch(/^(HIT|STALE)$/);
        expect(await response.text(), url).toContain(`<html lang="${locale}">`);
      }
    }
    // Without a cookie a Bengali address is Bengali, whatever the browser prefers.
    const anonymous = await request.get("/loans", { headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(await anonymous.text()).toContain('<html lang="bn">');
  });

  test("a product row changed directly in the database shows on /loans and / within a minute", async ({ page }) => {
    test.setTimeout(150_000);
    await useEnglish(page);
    const row = () => page.getByTestId("product-row").filter({ hasText: "Business" });
    const card = () => page.getByTestId("product-card").filter({ hasText: "Business" });
    await page.goto("/loans");
    await expect(row()).not.toContainText("21.5%");
    await page.goto("/");
    await expect(card()).not.toContainText("21.5%");

    const [before] = await dbQuery<{ annualRate: string }>(`select "annualRate" from "LoanProduct" where key = 'business'`);
    await dbQuery(`update "LoanProduct" set "annualRate" = 21.5 where key = 'business'`);
    const deadline = Date.now() + 65_000;
    const shows = async (path: string, target: () => ReturnType<typeof row>) => {
      await expect
        .poll(async () => (await page.goto(path), await target().textContent()), { timeout: deadline - Date.now(), intervals: [3_000] })
        .toContain("21.5%");
    };
    try {
      await shows("/loans", row);
      await shows("/", card);
    } finally {
      await dbQuery(`update "LoanProduct" set "annualRate" = $1 where key = 'business'`, [before!.annualRate]);
    }
  });

  test("the home page's figures are the database's (borrowers served, taka disbursed, the year's approval rate)", async ({ page }) => {
    test.setTimeout(120_000);
    // What the page should print, from the loans as they are now (the page is cached 30 s, and other tests lend).
    const expected = async () => {
      const [row] = await dbQuery<{ borrowers: number; disbursed: string; approved: number; decided: number }>(
        `SELECT count(DISTINCT "customerId") FILTER (WHERE "disbursedAt" IS NOT NULL)::int AS "borrowers",
                coalesce(sum("disbursedAmount") FILTER (WHERE "disbursedAt" IS NOT NULL), 0)::text AS "disbursed",
                count(*) FILTER (WHERE "approvedAt" >= now() - interval '365 days')::int AS "approved",
                count(*) FILTER (WHERE "approvedAt" >= now() - interval '365 days' OR "rejectedAt" >= now() - interval '365 days')::int AS "decided"
         FROM "Loan"`,
      );
      const rate = row!.decided > 0 ? `${formatNumber(Math.floor((row!.approved * 100) / row!.decided), "bn")}%` : null;
      return [formatNumber(row!.borrowers, "bn"), formatTaka(Number(row!.disbursed), "bn"), rate];
    };
    const shown = async () => {
      await page.goto("/");
      const value = (id: string) => page.getByTestId(id).locator("dd").textContent({ timeout: 2_000 }).catch(() => null);
      return [await value("stat-borrowers"), await value("stat-disbursed"), await value("stat-approval")];
    };
    await expect.poll(async () => JSON.stringify(await shown()) === JSON.stringify(await expected()), { timeout: 90_000, intervals: [2_000, 5_000, 10_000] }).toBe(true);
  });

  test("calculator: Instant Microloan 50,000 over 12 months", async ({ page }) => {
    await page.goto("/calculator");
    await page.getByTestId("calc-loan-type").selectOption("instant");
    // Typed with Bengali digits, as a Bengali keyboard produces them.
    await page.getByTestId("calc-amount").fill("৫০০০০");
    await page.getByTestId("calc-tenure").selectOption("12");
    await expect(page.getByTestId("calc-emi")).toHaveText("৳৪,৫৮৪");
    await expect(page.getByTestId("calc-total")).toHaveText("৳৫৫,০০৮");
    await expect(page.getByTestId("calc-interest")).toHaveText("৳৫,০০৮");

    await page.getByTestId("language-toggle").click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByTestId("calc-loan-type").selectOption("instant");
    await page.getByTestId("calc-amount").fill("50000");
    await page.getByTestId("calc-tenure").selectOption("12");
    await expect(page.getByTestId("calc-emi")).toHaveText("৳4,584");
    await expect(page.getByTestId("calc-total")).toHaveText("৳55,008");
    await expect(page.getByTestId("calc-interest")).toHaveText("৳5,008");
  });

  test("unknown paths get the not-found page in the visitor's language", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "পাতাটি খুঁজে পাওয়া যায়নি" })).toBeVisible();
    await expect(page.getByRole("link", { name: "হোমে ফিরে যান" })).toHaveAttribute("href", "/");

    await useEnglish(page);
    await page.goto("/about/no-such-page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    // Back-office paths send anonymous visitors to the staff sign-in first, existing or not.
    await page.goto("/admin/settings/system");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe("at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the mobile menu opens, lists the links and navigates", async ({ page }) => {
    await useEnglish(page);
    await page.goto("/");
    const header = page.getByTestId("site-header");
    await expect(header.getByRole("navigation")).toBeHidden();
    // Nothing may stick out sideways on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByTestId("mobile-menu-button").click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    for (const name of ["Home", "Loans", "Calculator", "About", "Contact"]) {
      await expect(menu.getByRole("link", { name })).toBeVisible();
    }
    // Staff enter from the footer's one link, not from the borrower's menu.
    await expect(menu.getByRole("link", { name: /staff/i })).toHaveCount(0);
    await expect(page.getByTestId("footer-staff-link")).toHaveAttribute("href", /\/admin\/login$/);
    await menu.getByRole("link", { name: "Calculator" }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(menu).toBeHidden();
  });
});
