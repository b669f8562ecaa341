/**
 * Issue 25: one address per language on the public site. Bengali at /, /loans, …; English at /en, /en/loans, …. The
 * URL alone decides what a page says (the same bytes with or without any cookie), so any shared cache may store it;
 * a saved English choice on a Bengali address is a redirect no shared cache stores; hreflang, canonical, sitemap and
 * robots come from PUBLIC_SITE_URL (tests/e2e/public-site-url.ts, set by tests/e2e/run.ts).
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { PUBLIC_PAGES } from "../../i18n/paths";
import { E2E_PUBLIC_SITE_URL } from "./public-site-url";

/** The browser's address of the server under test. */
const here = () => test.info().project.use.baseURL!.replace(/\/$/, "");
/** The site's public address, as its pages name it. */
const site = () => E2E_PUBLIC_SITE_URL;
const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);
const ADDRESSES = PUBLIC_PAGES.flatMap((path) => [
  { path, url: path, locale: "bn" as const },
  { path, url: english(path), locale: "en" as const },
]);

/** The page as a shared cache would see it, after a first request has rendered it. */
async function body(request: APIRequestContext, url: string, cookie?: string): Promise<string> {
  const response = await request.get(url, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
  expect(response.status(), `${url} with ${cookie ?? "no cookie"}`).toBe(200);
  return response.text();
}

test.describe("public addresses", () => {
  test("each language by its URL, whatever the cookie: / and /loans Bengali, /en and /en/loans English", async ({ request }) => {
    for (const [url, lang] of [["/", "bn"], ["/loans", "bn"], ["/en", "en"], ["/en/loans", "en"]] as const) {
      expect(await body(request, url), url).toContain(`<html lang="${lang}"`);
    }
    // An English address stays English for a visitor whose saved choice is Bengali.
    expect(await body(request, "/en/calculator", "NEXT_LOCALE=bn")).toContain('<html lang="en"');
    // /bn/… is sent to its address without the prefix.
    const prefixed = await request.get("/bn/loans?type=business", { maxRedirects: 0 });
    expect(prefixed.status()).toBe(308);
    expect(prefixed.headers().location).toBe("/loans?type=business");
    // No address sends anyone to another site, however many slashes it carries.
    for (const [url, cookie] of [[`${here()}/bn//evil.example/x`, ""], [`${here()}//evil.example/x`, "NEXT_LOCALE=en"], [`${here()}/en//evil.example/admin`, ""]] as const) {
      const response = await request.get(url, { headers: cookie ? { cookie } : {}, maxRedirects: 0 });
      const location = response.headers().location;
      if (location) expect(new URL(location, here()).host, url).toBe(new URL(here()).host);
    }
  });

  test("a saved English choice on a Bengali address is a redirect no shared cache stores (old cookie-only visitors too)", async ({ request, page }) => {
    for (const [from, to] of [["/", "/en"], ["/loans", "/en/loans"], ["/apply?type=business", "/en/apply?type=business"]] as const) {
      const response = await request.get(from, { headers: { cookie: "NEXT_LOCALE=en" }, maxRedirects: 0 });
      expect(response.status(), from).toBe(307);
      expect(response.headers().location, from).toBe(to);
      expect(response.headers()["cache-control"], from).toContain("private");
      expect(response.headers()["cache-control"], from).toContain("no-store");
    }
    // A returning English visitor from before the addresses existed lands on the English page.
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "en", url: here() }]);
    await page.goto("/calculator");
    await expect(page).toHaveURL(`${here()}/en/calculator`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Calculator" })).toHaveAttribute("aria-current", "page");
  });

  test("the app's own request for a Bengali address (a prefetch, the switch's navigation) gets that page, whatever the cookie", async ({ request }) => {
    // A prefetch made while the cookie still said English must not leave a redirect in the router's cache: switching
    // to Bengali would then bounce back to the English page.
    // As the browser's router fetches it: Sec-Fetch-Dest "empty" (Next.js strips its own RSC headers before the proxy).
    for (const headers of [{ rsc: "1", "next-router-prefetch": "1" }, { rsc: "1" }] as Record<string, string>[]) {
      // (Next.js sends a request without its cache-busting _rsc parameter on to the address with it: followed.)
      const response = await request.get("/about", { headers: { ...headers, "sec-fetch-dest": "empty", cookie: "NEXT_LOCALE=en" } });
      expect(response.status(), JSON.stringify(headers)).toBe(200);
      expect(new URL(response.url()).pathname, JSON.stringify(headers)).toBe("/about");
      expect(response.headers()["content-type"]).toContain("text/x-component");
    }
    // Opened as a page (a browser's navigation, or a client that says nothing), the address follows the saved choice.
    for (const headers of [{ "sec-fetch-dest": "document" }, {}] as Record<string, string>[]) {
      expect((await request.get("/about", { headers: { ...headers, cookie: "NEXT_LOCALE=en" }, maxRedirects: 0 })).status(), JSON.stringify(headers)).toBe(307);
    }
  });

  test("the toggle opens the same page in the other language and remembers the choice; links stay in the language", async ({ page }) => {
    await page.goto("/loans");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(`${here()}/en/loans`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
    // English pages link to English pages.
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Calculator" })).toHaveAttribute("href", "/en/calculator");
    await expect(page.getByTestId("product-row").first().getByRole("link").first()).toHaveAttribute("href", /^\/en\/apply\?type=/);
    await page.getByTestId("site-header").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(`${here()}/en/about`);
    await page.getByTestId("language-toggle").click();
    await expect(page).toHaveURL(`${here()}/about`);
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    expect((await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("bn");
  });

  test("every public page has its canonical address, hreflang for bn, en and x-default, a title, a description and Open Graph tags", async ({ request }) => {
    const titles = new Set<string>();
    for (const { path, url, locale } of ADDRESSES) {
      const html = await body(request, url);
      const link = (rel: string, lang?: string) => new RegExp(`<link rel="${rel}"${lang ? ` hrefLang="${lang}"` : ""} href="([^"]+)"`, "i").exec(html)?.[1];
      expect(link("canonical"), url).toBe(`${site()}${url}`);
      expect(link("alternate", "bn"), url).toBe(`${site()}${path}`);
      expect(link("alternate", "en"), url).toBe(`${site()}${english(path)}`);
      expect(link("alternate", "x-default"), url).toBe(`${site()}${path}`);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, url).toBeTruthy();
      titles.add(`${locale}:${title}`);
      expect(html, url).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, url).toContain(`<meta property="og:url" content="${site()}${url}"`);
      expect(html, url).toContain(`<meta property="og:locale" content="${locale === "bn" ? "bn_BD" : "en_US"}"`);
    }
    // Each page's title is its own, in each language.
    expect(titles.size).toBe(ADDRESSES.length);
  });

  test("sitemap.xml lists every public page in both languages; robots.txt keeps crawlers out of the signed-in areas", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    for (const { url } of ADDRESSES) expect(sitemap, url).toContain(`<loc>${site()}${url}</loc>`);
    expect(sitemap.match(/<loc>/g)).toHaveLength(ADDRESSES.length);
    expect(sitemap).toContain(`hreflang="en" href="${site()}/en/loans"`);
    const robots = await (await request.get("/robots.txt")).text();
    for (const area of ["/admin", "/society-manager", "/account"]) expect(robots).toContain(`Disallow: ${area}`);
    expect(robots).toContain(`Sitemap: ${site()}/sitemap.xml`);
  });

  test("every public page's body depends only on its URL: the same bytes with and without any cookie", async ({ request }) => {
    const cookies = (locale: string) => [`NEXT_LOCALE=${locale}; rb_session=not-a-session; theme=dark; _ga=GA1.2.3`, ...(locale === "en" ? ["NEXT_LOCALE=bn"] : [])];
    for (const { url, locale } of ADDRESSES) {
      await body(request, url); // the first request may render it
      for (const cookie of cookies(locale)) {
        // Between two identical plain answers (another test may change a product, and the page regenerate meanwhile).
        for (let attempt = 1; ; attempt++) {
          const before = await body(request, url);
          const withCookie = await body(request, url, cookie);
          const after = await body(request, url);
          if (before !== after && attempt < 4) continue;
          expect(before === after, `${url}: stable between requests`).toBe(true);
          expect(withCookie === before, `${url}: the same bytes with "${cookie}"`).toBe(true);
          break;
        }
      }
    }
  });

  test("links prefetch pages on a fast connection, never on Save-Data or 2G/3G", async ({ browser }) => {
    const cases = [
      { connection: { effectiveType: "4g", saveData: false }, prefetches: true },
      { connection: { effectiveType: "3g", saveData: false }, prefetches: false },
      { connection: { effectiveType: "2g", saveData: false }, prefetches: false },
      { connection: { effectiveType: "4g", saveData: true }, prefetches: false },
    ];
    for (const { connection, prefetches } of cases) {
      const context = await browser.newContext();
      await context.addInitScript((c) => Object.defineProperty(navigator, "connection", { configurable: true, value: { ...c, addEventListener() {}, removeEventListener() {} } }), connection);
      const page = await context.newPage();
      const requested: string[] = [];
      page.on("request", (request) => {
        if (request.headers()["rsc"] === "1") requested.push(request.url());
      });
      await page.goto("/");
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(1_500);
      expect(requested.length > 0, `${JSON.stringify(connection)}: ${requested.length} prefetches`).toBe(prefetches);
      await context.close();
    }
  });

  test("an English address with no cookie: its 404 is English, and My loans opens the borrower's page in English", async ({ page }) => {
    const missing = await page.goto("/en/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await page.goto("/en/loans");
    const signIn = page.getByTestId("my-loans-link").first();
    await expect(signIn).toHaveAttribute("href", "/en/account");
    await page.goto("/en/account");
    await expect(page).toHaveURL(`${here()}/account`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});
