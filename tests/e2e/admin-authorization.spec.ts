/**
 * The authorization matrix over HTTP: every back-office page and route handler × every role and an
 * anonymous visitor, generated from lib/auth/admin-routes.ts and the permission table. A page the role
 * may open answers 200; otherwise 403 (pages render the 403 screen) — and anonymous visitors are sent to
 * the sign-in page (pages) or get 401 (route handlers).
 */
import { expect, test } from "@playwright/test";
import { ADMIN_PAGES, ADMIN_ROUTE_HANDLERS } from "../../lib/auth/admin-routes";
import { ROLES, hasPermission, isBackOfficeRole } from "../../lib/auth/permissions";
import { dbQuery } from "./support";
import { sessionCookieFor } from "./staff";

let targets: { url: string; permission: (typeof ADMIN_PAGES)[number]["permission"]; kind: "page" | "handler" }[] = [];

test.beforeAll(async () => {
  const [withImage] = await dbQuery<{ applicationId: string }>(`SELECT "applicationId" FROM "LoanApplication" WHERE "nidImageId" IS NOT NULL ORDER BY "submittedAt" LIMIT 1`);
  const [kycDocument] = await dbQuery<{ id: string }>(`SELECT "id" FROM "KycDocument" ORDER BY "uploadedAt" LIMIT 1`);
  const [payment] = await dbQuery<{ paymentNumber: string }>(`SELECT "paymentNumber" FROM "LoanPayment" ORDER BY "paymentNumber" LIMIT 1`);
  const [disbursed] = await dbQuery<{ loanNumber: string }>(`SELECT "loanNumber" FROM "Loan" WHERE "status" = 'disbursed' ORDER BY "loanNumber" LIMIT 1`);
  targets = [
    ...ADMIN_PAGES.map((p) => ({ url: p.href, permission: p.permission, kind: "page" as const })),
    ...ADMIN_ROUTE_HANDLERS.map((r) => ({ url: r.sample.replace("{applicationWithImage}", withImage!.applicationId).replace("{kycDocument}", kycDocument!.id).replace("{payment}", payment!.paymentNumber).replace("{disbursedLoan}", disbursed!.loanNumber), permission: r.permission, kind: "handler" as const })),
  ];
});

test("anonymous visitors get only a redirect to sign-in or a 401", async ({ request }) => {
  for (const target of targets) {
    const res = await request.get(target.url, { maxRedirects: 0 });
    if (target.kind === "page") {
      expect(res.status(), target.url).toBe(307);
      expect(res.headers().location, target.url).toContain("/admin/login");
    } else {
      expect(res.status(), target.url).toBe(401);
    }
  }
});

for (const role of ROLES) {
  test(`${role}: each page and handler answers by the permission table`, async ({ page, context }) => {
    await sessionCookieFor(context, role);
    for (const target of targets) {
      const allowed = isBackOfficeRole(role) && hasPermission(role, target.permission);
      const res = await page.request.get(target.url, { maxRedirects: 0 });
      expect(res.status(), `${role} ${target.url}`).toBe(allowed ? 200 : 403);
    }
  });
}
