/**
 * Issue 41 in a real browser, on the demo tree (two areas, four branches): a customer and an application of the Savar
 * branch (B0002) stay out of the main branch's manager's lists, search and dashboard, and her direct link to the
 * customer answers "not found"; the Dhaka area's manager sees them in the consolidated view and in B0002 alone, not in
 * B0001 alone. Bengali at 360 px and English at 1280 px; axe finds nothing serious.
 */
import { expect, test } from "@playwright/test";
import pg from "pg";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { noSidewaysScroll } from "./support";

const SAVAR = "office-demo-branch-savar";
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A customer and a pending application of the Savar branch, copies of demo rows with identities of their own. */
async function savarRecords(suffix: string): Promise<{ userNumber: string; name: string; applicationId: string }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const userNumber = `U9${suffix.slice(-5)}`;
  const name = `Savar Borrower ${suffix}`;
  const applicationId = `LB18${suffix.padStart(9, "0")}00`.slice(0, 15);
  const code = `RB-${[...suffix.slice(-4)].map((d) => CODE_ALPHABET[Number(d) + 10]).join("")}`;
  try {
    await client.query("BEGIN");
    await client.query(`CREATE TEMP TABLE c ON COMMIT DROP AS SELECT * FROM "Customer" WHERE "branchId" = 'office-main-branch' ORDER BY "userNumber" LIMIT 1`);
    await client.query(
      `UPDATE c SET "id" = $1, "userNumber" = $2, "userCode" = $3, "name" = $4, "nid" = $5, "phone" = $6, "email" = NULL, "profileImageId" = NULL, "branchId" = $7`,
      [`e2e-savar-customer-${suffix}`, userNumber, code, name, `77${suffix.padStart(8, "0")}`.slice(0, 10), `+8801555${suffix.slice(-6).padStart(6, "0")}`, SAVAR],
    );
    await client.query(`INSERT INTO "Customer" SELECT * FROM c`);
    await client.query(`CREATE TEMP TABLE a ON COMMIT DROP AS SELECT * FROM "LoanApplication" WHERE "status" = 'pending' ORDER BY "submittedAt" DESC LIMIT 1`);
    await client.query(
      `UPDATE a SET "id" = $1, "applicationId" = $2, "name" = $3, "idempotencyKey" = NULL, "nidImageId" = NULL, "customerId" = NULL, "branchId" = $4, "submittedAt" = now()`,
      [`e2e-savar-app-${suffix}`, applicationId, name, SAVAR],
    );
    await client.query(`INSERT INTO "LoanApplication" SELECT * FROM a`);
    await client.query("COMMIT");
  } finally {
    await client.end();
  }
  return { userNumber, name, applicationId };
}

for (const screen of [
  { width: 360, language: "bn" },
  { width: 1280, language: "en" },
] as const) {
  test(`${screen.language} at ${screen.width} px: the main branch's manager sees none of the Savar branch's records; the area's manager sees them in it`, async ({ browser }) => {
    const suffix = String(Date.now()).slice(-7);
    const savar = await savarRecords(suffix);

    const manager = await staffPage(browser, "branch_manager", screen);
    await manager.goto(`/admin/application-review?q=${savar.applicationId}`);
    await expect(manager.getByTestId("view-application")).toHaveCount(0);
    await manager.goto(`/admin/user-profiles?q=${encodeURIComponent(savar.name)}`);
    await expect(manager.getByTestId("view-customer")).toHaveCount(0);
    await manager.goto(`/admin/user-profiles?view=${savar.userNumber}`);
    await expect(manager.getByTestId("view-not-found")).toContainText(savar.userNumber);
    await expect(manager.getByRole("dialog")).toHaveCount(0);
    await expect(manager.locator("main")).not.toContainText(savar.name);
    await manager.goto("/admin/dashboard");
    await expect(manager.locator("main")).not.toContainText(savar.applicationId);
    await manager.mouse.move(0, 0);
    expect(await seriousAxeViolations(manager)).toEqual([]);
    if (screen.width < 600) await noSidewaysScroll(manager, screen.width);
    await manager.screenshot({ path: test.info().outputPath(`branch-lists-${screen.language}-${screen.width}.png`), fullPage: true });
    await manager.context().close();

    // The Dhaka area's manager: consolidated (B0001 and B0002), B0002 alone, B0001 alone.
    const area = await staffPage(browser, "area_manager", screen);
    const listed = async () => {
      await area.goto(`/admin/application-review?q=${savar.applicationId}`);
      return area.getByTestId("view-application").count();
    };
    expect(await listed()).toBe(1);
    await area.context().addCookies([{ name: "rb_branch", value: SAVAR, url: test.info().project.use.baseURL! }]);
    expect(await listed()).toBe(1);
    await area.context().addCookies([{ name: "rb_branch", value: "office-main-branch", url: test.info().project.use.baseURL! }]);
    expect(await listed()).toBe(0);
    await area.context().close();
  });
}
