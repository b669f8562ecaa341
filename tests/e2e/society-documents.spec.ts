/**
 * The society's documents in a real browser, as a society admin at a desk: open each PDF (the button
 * waits for the server and opens it in a new tab), download a JSON backup, make a change, restore the
 * backup through the preview and its confirmation, and see the change undone, then the same with the
 * compressed backup; a society user cannot restore. The PDFs' pages are compared as images with reviewed
 * references in tests/unit/pdf-reference.test.ts.
 */
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { societyDownloads } from "../../lib/society/tabs";
import { dbQuery } from "./support";
import { demoStaff, sessionCookieFor } from "./staff";

test.use({ viewport: { width: 1280, height: 900 } });

async function societyWithRecords(): Promise<{ id: string; memberId: string }> {
  const [row] = await dbQuery<{ id: string }>(`INSERT INTO "Society" ("id", "name", "updatedAt") VALUES ('e2e' || md5(random()::text), $1, now()) RETURNING "id"`, [`নথি সমিতি ${Date.now()}`]);
  const id = row!.id;
  for (const [role, access] of [["society_manager", "admin"], ["collection_agent", "user"]] as const) {
    await dbQuery(`INSERT INTO "SocietyManager" ("societyId", "staffUserId", "access") SELECT $1, "id", $2::"SocietyRole" FROM "StaffUser" WHERE "phone" = $3`, [id, access, demoStaff(role).phone]);
  }
  await dbQuery(`INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "totalMembers", "createdByRole") VALUES ($1 || 'w', $1, 'W001', 'করিম শ্রমিক', 'মিরপুর', '+8801711000901', 2, 'admin')`, [id]);
  await dbQuery(
    `INSERT INTO "SocietyMember" ("id", "societyId", "code", "memberCode", "name", "nid", "phone", "workerId", "area", "installmentAmount", "savingsAmount", "joinDate", "createdByRole")
     VALUES ($1 || 'm1', $1, 'M001', 'ন-১', 'রহিমা খাতুন', '3304718265', '+8801811000901', $1 || 'w', 'মিরপুর', 100, 50, '2026-01-01', 'admin'),
            ($1 || 'm2', $1, 'M002', 'ন-২', 'সালমা বেগম', '6612345678', '+8801811000902', $1 || 'w', 'মিরপুর', 200, 20, '2026-01-01', 'admin')`,
    [id],
  );
  await dbQuery(
    `INSERT INTO "SocietyCollection" ("id", "societyId", "code", "memberId", "workerId", "date", "installmentCollected", "savingsCollected", "createdByRole")
     VALUES ($1 || 'c1', $1, 'C001', $1 || 'm1', $1 || 'w', (now() AT TIME ZONE 'Asia/Dhaka')::date, 100, 50, 'user')`,
    [id],
  );
  return { id, memberId: `${id}m1` };
}

test("open each PDF, download a backup, change something, restore it and see the change undone", async ({ page, context }) => {
  test.setTimeout(90_000);
  const society = await societyWithRecords();
  await sessionCookieFor(context, "society_manager");
  await page.goto(`/society-manager/${society.id}?tab=members`);

  // Each member PDF opens in a new tab once the server has made it.
  for (const [testId, path] of [["member-profile-pdf", "profile.pdf"], ["member-calendar-pdf", "calendar.pdf"]] as const) {
    const [response, popup] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/members/${society.memberId}/${path}`)),
      page.waitForEvent("popup"),
      page.getByTestId(testId).first().click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    const pdf = await page.request.get(response.url());
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    // The new tab shows the PDF the page received (a blob URL of it).
    await expect.poll(() => popup.url()).toMatch(/^blob:/);
    await popup.close();
  }

  await page.goto(`/society-manager/${society.id}?tab=reports`);
  const [report] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith(societyDownloads.databaseReport(society.id))),
    page.waitForEvent("popup"),
    page.getByTestId("database-pdf").click(),
  ]);
  expect(report.status()).toBe(200);

  // Download the backup.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("backup-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^society_backup_\d{4}-\d{2}-\d{2}_\d+\.json$/);
  const file = await download.path();
  const backup = JSON.parse(readFileSync(file, "utf8")) as { members: { name: string }[]; version: string };
  expect(backup.version).toBe("2.0");
  expect(backup.members.map((m) => m.name)).toEqual(["রহিমা খাতুন", "সালমা বেগম"]);

  // A change: a member deleted.
  await dbQuery(`DELETE FROM "SocietyMember" WHERE "id" = $1`, [`${society.id}m2`]);
  await page.goto(`/society-manager/${society.id}?tab=members`);
  await expect(page.getByText("সালমা বেগম")).toHaveCount(0);

  // Restore: preview, the warning, confirmation, success; the member is back.
  await page.goto(`/society-manager/${society.id}?tab=reports`);
  await page.getByTestId("backup-file").setInputFiles(file);
  const preview = page.getByTestId("backup-preview");
  await expect(preview).toBeVisible();
  await expect(preview).toContainText("বর্তমান সব ডেটা প্রতিস্থাপিত হবে");
  await page.getByTestId("backup-confirm").click();
  await expect(page.getByTestId("backup-success")).toContainText("ব্যাকআপ সফলভাবে ইমপোর্ট হয়েছে");
  await page.goto(`/society-manager/${society.id}?tab=members`);
  await expect(page.getByText("সালমা বেগম")).toBeVisible();

  // The same with the compressed backup: the browser unpacks it for the preview, the server for the restore.
  await page.goto(`/society-manager/${society.id}?tab=reports`);
  const [packed] = await Promise.all([page.waitForEvent("download"), page.getByTestId("backup-download-compressed").click()]);
  expect(packed.suggestedFilename()).toMatch(/^society_backup_\d{4}-\d{2}-\d{2}_\d+\.json\.gz$/);
  const packedFile = await packed.path();
  expect(JSON.parse(gunzipSync(readFileSync(packedFile)).toString("utf8")).members).toHaveLength(2);
  await dbQuery(`DELETE FROM "SocietyMember" WHERE "id" = $1`, [`${society.id}m2`]);
  await page.getByTestId("backup-file").setInputFiles({ name: packed.suggestedFilename(), mimeType: "application/gzip", buffer: readFileSync(packedFile) });
  await expect(page.getByTestId("backup-preview")).toBeVisible();
  await page.getByTestId("backup-confirm").click();
  await expect(page.getByTestId("backup-success")).toContainText("ব্যাকআপ সফলভাবে ইমপোর্ট হয়েছে");
  await page.goto(`/society-manager/${society.id}?tab=members`);
  await expect(page.getByText("সালমা বেগম")).toBeVisible();

  // A bad file is refused in the preview with its message, and nothing is sent.
  await page.goto(`/society-manager/${society.id}?tab=reports`);
  await page.getByTestId("backup-file").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{"workers": [') });
  await expect(page.getByTestId("backup-problems")).toContainText("ফাইলটি পড়া যায়নি");
});

test("a society user may download but not restore: the spec's message", async ({ page, context }) => {
  const society = await societyWithRecords();
  await sessionCookieFor(context, "collection_agent");
  await page.goto(`/society-manager/${society.id}?tab=reports`);
  await expect(page.getByTestId("backup-download")).toBeVisible();
  await page.getByTestId("backup-upload").click();
  await expect(page.getByText("শুধুমাত্র অ্যাডমিন ডেটা মুছতে পারবেন")).toBeVisible();
});
