/**
 * Issue 41, point 5 (decision 0260) in the browser: the super admin asks on the Staff page (English, 1280 px) to move
 * a member of staff of the main branch to the demo area; the branch manager approves her side on the transfers screen
 * (Bengali, 360 px), then the area manager the other (English, 1280 px), and she belongs to the area. The person moved
 * is made for the test (a copy of the demo collection agent), so the demo accounts the other specs sign in with stay
 * where they are. Axe finds nothing serious on each screen.
 */
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "./field-support";
import { staffPage } from "./staff-page";
import { dbQuery, noSidewaysScroll } from "./support";

test("a member of staff moves to the area with the approval of the branch's manager and the area's", async ({ browser }) => {
  const suffix = String(Date.now()).slice(-7);
  const id = `e2e-staff-move-${suffix}`;
  const phone = `+88017${suffix.padStart(8, "6")}`.slice(0, 14);
  const name = `Rina Das ${suffix}`;
  await dbQuery(
    `INSERT INTO "StaffUser" ("id", "name", "phone", "passwordHash", "role", "officeId", "updatedAt")
     SELECT $1, $2, $3, "passwordHash", 'collection_agent', 'office-main-branch', now() FROM "StaffUser" WHERE "role" = 'collection_agent' ORDER BY "createdAt" LIMIT 1`,
    [id, name, phone],
  );

  // The super admin asks for the move.
  const admin = await staffPage(browser, "super_admin", { width: 1280, language: "en" });
  await admin.goto("/admin/users");
  await admin.locator(`[data-testid=staff-row][data-phone="${phone}"]`).getByTestId("staff-actions").click();
  await admin.getByRole("menuitem", { name: "Move to another office" }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("New office").selectOption("office-demo-area");
  await dialog.getByLabel("Reason").fill("Needed for the area's collections");
  await admin.mouse.move(0, 0);
  expect(await seriousAxeViolations(admin)).toEqual([]);
  await dialog.getByTestId("staff-action-confirm").click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await dbQuery<{ status: string }>(`SELECT "status"::text FROM "StaffTransfer" WHERE "staffUserId" = $1`, [id])).map((r) => r.status)).toEqual(["requested"]);
  await admin.context().close();

  // The main branch's manager approves her side, in Bengali on a phone.
  const manager = await staffPage(browser, "branch_manager", { width: 360, language: "bn" });
  manager.on("dialog", (d) => void d.accept());
  await manager.goto("/admin/transfers");
  const row = manager.locator(`[data-testid=staff-transfer-row][data-staff="${name}"]`);
  await expect(row).toContainText("বর্তমান অফিস: অপেক্ষায়");
  await row.getByTestId("approve-transfer").click();
  await expect(row).toContainText("নতুন অফিস: অপেক্ষায়");
  await expect(row).not.toContainText("বর্তমান অফিস: অপেক্ষায়");
  await manager.mouse.move(0, 0);
  await expect(manager.locator("button:disabled")).toHaveCount(0);
  expect(await seriousAxeViolations(manager)).toEqual([]);
  await noSidewaysScroll(manager, 360);
  await manager.screenshot({ path: test.info().outputPath("staff-transfer-bn-360.png"), fullPage: true });
  await manager.context().close();

  // The area's manager approves the other side: the move is made.
  const area = await staffPage(browser, "area_manager", { width: 1280, language: "en" });
  area.on("dialog", (d) => void d.accept());
  await area.goto("/admin/transfers");
  const areaRow = area.locator(`[data-testid=staff-transfer-row][data-staff="${name}"]`);
  await areaRow.getByTestId("approve-transfer").click();
  await expect(areaRow).toContainText("Completed");
  await expect.poll(async () => (await dbQuery<{ officeId: string }>(`SELECT "officeId" FROM "StaffUser" WHERE "id" = $1`, [id]))[0]?.officeId).toBe("office-demo-area");
  await area.mouse.move(0, 0);
  await expect(area.locator("button:disabled")).toHaveCount(0);
  expect(await seriousAxeViolations(area)).toEqual([]);
  await area.screenshot({ path: test.info().outputPath("staff-transfer-en-1280.png"), fullPage: true });
  await area.context().close();
});
