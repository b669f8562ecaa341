/**
 * Security headers on every kind of response (public page, signed-in page, route handler, PDF, static file),
 * a back-office page refusing to be framed by another origin, and a walk through the public site, the staff
 * sign-in, the back office, the society tool and its PDFs without one Content Security Policy violation.
 */
import { createHash } from "node:crypto";
import { expect, test, type APIResponse } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { dbQuery, fillLoanDetails } from "./support";
import { DEMO_PASSWORD, demoSecret, demoStaff, sessionCookieFor, signInThroughScreen } from "./staff";

const EVERYWHERE = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

function policy(response: APIResponse): Map<string, string> {
  const header = response.headers()["content-security-policy"] ?? "";
  return new Map(header.split(";").map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources.join(" ")]));
}

/** `camera`: "self" on the public site (where the NID card is photographed), "none" in the signed-in areas and downloads. */
function expectCommonHeaders(response: APIResponse, camera: "self" | "none" = "none") {
  expect(response.headers()).toMatchObject(EVERYWHERE);
  expect(response.headers()["permissions-policy"]).toContain(camera === "self" ? "camera=(self)" : "camera=()");
  expect(response.headers()["permissions-policy"]).toContain("geolocation=()");
  expect(response.headers()["strict-transport-security"]).toBeUndefined();
}

async function demoSocietyId(): Promise<string> {
  const [row] = await dbQuery<{ id: string }>(
    `SELECT s."id" FROM "Society" s JOIN "SocietyManager" m ON m."societyId" = s."id" JOIN "StaffUser" u ON u."id" = m."staffUserId"
     WHERE u."phone" = $1 AND m."access" = 'admin' ORDER BY s."createdAt" LIMIT 1`,
    [demoStaff("society_manager").phone],
  );
  return row!.id;
}

test.describe("security headers", () => {
  test("public pages: the static policy, still prerendered; the camera allowed for the card photo, nowhere else", async ({ request }) => {
    for (const path of ["/", "/loans", "/calculator", "/about"]) {
      await request.get(path); // the first request renders and caches the page
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectCommonHeaders(response, "self");
      expect(response.headers()["x-nextjs-prerender"], path).toBe("1");
      const csp = policy(response);
      expect(csp.get("script-src")).toBe("'self' 'unsafe-inline'");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("object-src")).toBe("'none'");
      expect(csp.get("base-uri")).toBe("'self'");
      expect(csp.get("form-action")).toBe("'self'");
      expect(csp.get("default-src")).toBe("'self'");
      // No nonce on a page every visitor shares.
      expect(response.headers()["content-security-policy"]).not.toContain("nonce-");
    }
    for (const path of ["/apply", "/kyc/resubmit"]) {
      const response = await request.get(path);
      expectCommonHeaders(response, "self");
    }
  });

  test("signed-in pages: a fresh nonce per request, on Next's scripts too", async ({ page, context }) => {
    await sessionCookieFor(context, "admin");
    const nonces = new Set<string>();
    for (const path of ["/admin/dashboard", "/admin/dashboard", "/admin/loans", "/admin/login"]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expectCommonHeaders(response);
      const csp = policy(response);
      const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp.get("script-src")).toContain("'strict-dynamic'");
      expect(csp.get("script-src")).not.toContain("unsafe-inline");
      expect(csp.get("frame-ancestors")).toBe("'none'");
      expect(csp.get("object-src")).toBe("'none'");
      nonces.add(nonce!);
      if (response.status() === 200) {
        const scripts = [...(await response.text()).matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        // Every script runs by this request's nonce, or (the web font's, in the root layout) by its hash in the policy.
        for (const [, tag, body] of scripts) {
          if (tag!.includes("nonce=")) expect(tag).toContain(`nonce="${nonce}"`);
          else expect(csp.get("script-src"), tag).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
        }
        expect(scripts.filter(([, tag]) => !tag!.includes("nonce=")).length).toBeLessThanOrEqual(1);
      }
    }
    expect(nonces.size).toBe(4);

    const societyId = await demoSocietyId();
    await sessionCookieFor(context, "society_manager");
    const society = await page.request.get(`/society-manager/${societyId}`);
    expect(society.status()).toBe(200);
    expect(policy(society).get("script-src")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
  });

  test("route handlers, PDFs and static files: a policy that loads nothing, and the same headers everywhere", async ({ page, context }) => {
    await sessionCookieFor(context, "society_manager");
    const societyId = await demoSocietyId();
    const pdf = await page.request.get(`/society-manager/${societyId}/report.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expectCommonHeaders(pdf);
    expect(policy(pdf).get("default-src")).toBe("'none'");
    expect(policy(pdf).get("frame-ancestors")).toBe("'none'");

    await sessionCookieFor(context, "admin");
    const handler = await page.request.get("/admin/api/dashboard/version");
    expect(handler.status()).toBe(200);
    expectCommonHeaders(handler);
    expect(policy(handler).get("default-src")).toBe("'none'");
    // Refused requests carry them too.
    const anonymous = await page.request.fetch("/admin/api/kyc/export", { headers: { cookie: "" } });
    expect(anonymous.status()).toBe(401);
    expectCommonHeaders(anonymous);

    await page.goto("/");
    const chunk = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[src*="/_next/static/"]')!.src);
    for (const url of [chunk, "/icon.svg"]) {
      const file = await page.request.get(url);
      expect(file.status(), url).toBe(200);
      expectCommonHeaders(file, url === chunk ? "none" : "self");
      expect(policy(file).get("frame-ancestors")).toBe("'none'");
    }
  });

  test("HSTS only when the request came over HTTPS through the proxy", async ({ request }) => {
    const plain = await request.get("/loans");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
    const overTls = await request.get("/loans", { headers: { "x-forwarded-proto": "https" } });
    expect(overTls.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
    const handler = await request.get("/admin/api/dashboard/version", { headers: { "x-forwarded-proto": "https" } });
    expect(handler.headers()["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
  });
});

test("a back-office page refuses to load in a frame from another origin", async ({ page, context }) => {
  await sessionCookieFor(context, "admin");
  const app = new URL(test.info().project.use.baseURL!);
  // Another origin on this machine (localhost, not the app's 127.0.0.1), served by the test itself: a page that
  // frames the sign-in page, the dashboard, and (the control) a page of its own.
  const other = `http://localhost:${app.port}`;
  await page.route(`${other}/attacker/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: route.request().url().endsWith("/inner")
        ? `<!doctype html><title>inner</title><p id="inner">framed</p>`
        : `<!doctype html><title>x</title>
           <iframe id="control" src="${other}/attacker/inner"></iframe>
           <iframe id="login" src="${app.origin}/admin/login"></iframe>
           <iframe id="dashboard" src="${app.origin}/admin/dashboard"></iframe>`,
    }),
  );
  await page.goto(`${other}/attacker/frame`);
  // Framing works here: the control page shows inside its frame.
  await expect(page.frameLocator("#control").locator("#inner")).toHaveText("framed");
  // The app's pages do not: the browser puts its error page in their place.
  await expect.poll(() => page.frames().filter((f) => f.url().startsWith("chrome-error://")).length, { timeout: 10_000 }).toBe(2);
  for (const id of ["login", "dashboard"]) {
    await expect(page.frameLocator(`#${id}`).locator("#phone, [data-testid=admin-nav]")).toHaveCount(0);
  }
});

// The walk is three tests, each with its own time: on a loaded CI machine the whole walk outran one test's budget.
test("a walk through the public site and the wizard's first step logs no CSP violation", async ({ page, context }) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(context);

  for (const path of ["/", "/loans", "/calculator", "/eligibility", "/status", "/about"]) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
  }
  // The wizard's first step, used as an applicant would.
  await page.goto("/apply");
  await fillLoanDetails(page, { type: "instant", amount: "20000", tenure: "6", purpose: "School fees" });
  await page.getByTestId("apply-next").click();
  await expect(page.getByTestId("nid-capture")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the staff sign-in and a walk through the back office log no CSP violation", async ({ page, context }) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(context);
  // The footer's For staff is a full page load: the sign-in page gets the signed-in policy, not the public one.
  await page.goto("/");
  const [signInPage] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/login" && r.request().resourceType() === "document"),
    page.getByTestId("footer-staff-link").click(),
  ]);
  expect(signInPage.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);

  // Staff sign-in through the two-step screen, then the back office.
  const admin = demoStaff("admin");
  await signInThroughScreen(page, admin.phone, DEMO_PASSWORD, demoSecret("admin"));
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  const [application] = await dbQuery<{ applicationId: string }>(`SELECT "applicationId" FROM "LoanApplication" ORDER BY "submittedAt" DESC LIMIT 1`);
  const [kycCase] = await dbQuery<{ id: string }>(`SELECT "id" FROM "KycCase" ORDER BY "submittedAt" DESC LIMIT 1`);
  for (const path of [
    `/admin/application-review?view=${application!.applicationId}`,
    "/admin/loans",
    "/admin/repayments",
    "/admin/user-profiles",
    `/admin/kyc?view=${kycCase!.id}`,
    "/admin/settings/messages",
  ]) {
    await page.goto(path);
    await expect(page.getByTestId("admin-nav").first()).toBeAttached();
  }
  await page.getByTestId("admin-nav").first().getByRole("link").nth(1).click();
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a walk through the society tool with a PDF opened the way its button opens it logs no CSP violation", async ({ page, context }) => {
  test.setTimeout(120_000);
  const violations = await watchCspViolations(context);
  await sessionCookieFor(context, "society_manager");
  const societyId = await demoSocietyId();
  for (const tab of ["dashboard", "members", "collection", "reports"]) {
    await page.goto(`/society-manager/${societyId}?tab=${tab}`);
    await page.waitForLoadState("networkidle");
  }
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("database-pdf").click()]);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();

  expect(violations).toEqual([]);
});
