/**
 * The field app in a real browser at 360 px, offline for real (context.setOffline): the screen opens from the
 * service worker's copy, collections wait in IndexedDB through reloads and a closed tab, and reach the database
 * exactly once when the network returns, even when the first sync's answer is cut off after the server committed.
 * Two phones collecting from one member offline: both kept, the member flagged. A member deleted while the phone
 * was offline: that entry needs attention with the reason, the others are recorded. Signing out clears the phone.
 * Closing the day, an ended session, a removed grant, installability; axe on the screen in both languages.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test } from "@playwright/test";
import { formatTaka } from "../../lib/format";
import { collect, fieldSociety, openField, recordedRows, seriousAxeViolations, waiting, WAITING_TEXT, withAxe } from "./field-support";
import { dbQuery, noSidewaysScroll } from "./support";
import { demoStaff, sessionCookieFor } from "./staff";

test.describe("the field app at 360 px", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  /**
   * Both languages run the whole offline day; the English one also has a member deleted on the server while the
   * phone is offline (19 recorded, that one needs attention) and ends with signing out.
   */
  for (const locale of ["bn", "en"] as const) {
    const deleted = locale === "en";
    test(`a day offline in ${locale}: 20 collections survive reloads and a closed tab and are recorded once${deleted ? "; a member deleted meanwhile needs attention" : ""}`, async ({ page, context }) => {
      test.setTimeout(120_000);
      const { societyId, memberIds } = await fieldSociety(20, { withoutLoan: deleted ? [4] : [] });
      await withAxe(context);
      await openField(page, context, locale, societyId);
      await expect(page.getByTestId("field-member")).toHaveCount(20);
      await noSidewaysScroll(page, 360);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // No network: the page itself comes from the service worker, the sheet from IndexedDB.
      await context.setOffline(true);
      await page.reload();
      await expect(page.getByTestId("field-online")).toHaveAttribute("data-online", "false");
      await expect(page.getByTestId("field-member")).toHaveCount(20);
      for (let i = 0; i < 20; i++) await collect(page, i);
      await waiting(page, 20);
      await expect(page.getByTestId("field-waiting")).toHaveText(WAITING_TEXT[locale]);
      // Reloaded with the 20 on the phone: all still there.
      await page.reload();
      await waiting(page, 20);
      await expect(page.locator('[data-testid="field-member"][data-status="waiting"]')).toHaveCount(20);
      await page.getByTestId("field-member").first().click();
      await expect(page.getByTestId("field-receipt")).toHaveAttribute("data-receipt", "");
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The tab is closed and the app opened again, still with no network.
      await page.close();
      const again = await context.newPage();
      await again.goto(`/society-manager/${societyId}/field`);
      await waiting(again, 20);
      if (deleted) await dbQuery(`DELETE FROM "SocietyMember" WHERE "id" = $1`, [memberIds[4]]);
      const expected = deleted ? 19 : 20;

      // The network returns; the first sync's answer is cut off after the server committed.
      let cut = 0;
      await context.route("**/field/sync", async (route) => {
        if (cut++ > 0) return route.continue();
        await route.fetch();
        await route.abort("connectionreset");
      });
      await context.setOffline(false);
      await expect.poll(() => cut).toBeGreaterThan(0);
      await expect.poll(async () => (await recordedRows(societyId)).length).toBe(expected);
      await waiting(again, 20);

      // Sent again: the server finds every entry recorded; nothing twice.
      await again.getByTestId("field-sync").click();
      await waiting(again, 0);
      const rows = await recordedRows(societyId);
      expect(rows).toHaveLength(expected);
      const kept = memberIds.filter((_, i) => !deleted || i !== 4);
      expect(new Set(rows.map((r) => r.memberId))).toEqual(new Set(kept));
      expect(new Set(rows.map((r) => r.clientId)).size).toBe(expected);
      const numbers = rows.map((r) => Number(r.code.replace(/\D/g, ""))).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: expected }, (_, i) => numbers[0]! + i));
      const [sms] = await dbQuery<{ count: string; members: string }>(
        `SELECT count(*) AS "count", count(DISTINCT "entityId") AS "members" FROM "OutboxMessage" WHERE "template" = 'society.receipt' AND "entityId" = ANY($1)`,
        [memberIds],
      );
      expect(sms).toEqual({ count: String(expected), members: String(expected) });
      await expect(again.locator('[data-testid="field-member"][data-status="paid"]')).toHaveCount(expected);

      // A receipt is numbered once synced.
      await again.getByTestId("field-member").first().click();
      await expect(again.getByTestId("field-receipt")).toHaveAttribute("data-receipt", /\S/);
      await again.keyboard.press("Escape");
      if (!deleted) return;

      // The deleted member's entry stays on the phone with the reason, and the server knows the phone holds it.
      await expect(again.getByTestId("field-attention-entry")).toHaveCount(1);
      await expect(again.getByTestId("field-attention-entry")).toHaveAttribute("data-reason", "memberNotFound");
      await expect(again.getByTestId("field-attention-entry")).toContainText("The member was deleted");
      const [device] = await dbQuery<{ attention: number }>(`SELECT sum("attentionReported")::int AS "attention" FROM "FieldDevice" WHERE "societyId" = $1`, [societyId]);
      expect(device!.attention).toBe(1);

      // Signing out with an entry still on the phone asks first; declining keeps everything.
      const declined = again.waitForEvent("dialog").then((dialog) => dialog.dismiss());
      await again.getByTestId("field-sign-out").click();
      await declined;
      await expect(again.getByTestId("field-sign-out")).toBeEnabled();
      expect(again.url()).toContain("/field");
      expect(await again.evaluate(() => new Promise<number>((resolve) => {
        const open = indexedDB.open("rinbondhu-field");
        open.onsuccess = () => open.result.transaction("outbox").objectStore("outbox").count().onsuccess = (e) => resolve((e.target as IDBRequest<number>).result);
      }))).toBe(1);

      // Agreeing discards it, clears the phone's copy and signs out.
      again.once("dialog", (dialog) => void dialog.accept());
      await again.getByTestId("field-sign-out").click();
      await again.waitForURL(/\/admin\/login/);
      const databases = await again.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
      expect(databases).not.toContain("rinbondhu-field");
      expect(await again.evaluate(async () => (await caches.open("field-pages").then((c) => c.keys())).length)).toBe(0);
    });
  }

  test("two phones collect from the same member offline: both kept, the member flagged", async ({ browser }) => {
    test.setTimeout(90_000);
    const { societyId, memberIds } = await fieldSociety(3);
    const phones = await Promise.all([browser.newContext(), browser.newContext()]);
    const pages = await Promise.all(phones.map((c) => c.newPage()));
    for (const [i, context] of phones.entries()) {
      await openField(pages[i]!, context, "bn", societyId);
      await context.setOffline(true);
      await collect(pages[i]!, 0);
      await waiting(pages[i]!, 1);
    }
    for (const [i, context] of phones.entries()) {
      await context.setOffline(false);
      await waiting(pages[i]!, 0);
    }
    const rows = await recordedRows(societyId);
    expect(rows.map((r) => r.memberId)).toEqual([memberIds[0], memberIds[0]]);
    await pages[0]!.getByTestId("field-sync").click();
    await expect(pages[0]!.locator('[data-testid="field-member"][data-flagged="true"]')).toHaveCount(1);
    await expect(pages[0]!.getByTestId("field-flagged")).toBeVisible();
    await Promise.all(phones.map((c) => c.close()));
  });

  test("the admin links the worker's account; the worker closes the day with a difference; another admin confirms the cash", async ({ page, context, browser }) => {
    test.setTimeout(90_000);
    const { societyId, workerId } = await fieldSociety(3, { linked: false });
    await openField(page, context, "bn", societyId);
    await expect(page.getByTestId("field-problem")).toHaveAttribute("data-problem", "noWorkerLinked");

    const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await sessionCookieFor(office, "society_manager");
    const admin = await office.newPage();
    await admin.goto(`/society-manager/${societyId}`);
    await admin.getByTestId("field-link-account").selectOption({ label: demoStaff("collection_agent").name });
    await expect.poll(async () => (await dbQuery<{ staffUserId: string | null }>(`SELECT "staffUserId" FROM "SocietyWorker" WHERE "id" = $1`, [workerId]))[0]!.staffUserId).not.toBeNull();

    await page.getByTestId("field-sync").click();
    await expect(page.getByTestId("field-member")).toHaveCount(3);
    await collect(page, 0);
    await collect(page, 1);
    await expect(page.locator('[data-testid="field-member"][data-status="paid"]')).toHaveCount(2);
    const expected = 101 + 20 + 102 + 20;
    await expect(page.getByTestId("field-close-expected")).toHaveText(formatTaka(expected, "bn"));

    // Ten taka short, typed in Bengali digits: a note is required.
    await page.locator("#field-counted").fill("২৩৩");
    await page.getByTestId("field-close-submit").click();
    await expect(page.locator("#field-close-note-error")).toBeVisible();
    await page.locator("#field-close-note").fill("একজন সদস্য ১০ টাকা কম দিয়েছেন");
    await page.getByTestId("field-close-submit").click();
    await expect(page.getByTestId("field-close-status")).toHaveAttribute("data-status", "submitted");

    await admin.reload();
    const row = admin.getByTestId("field-overview-worker");
    await expect(row.getByTestId("field-overview-on-phones")).toHaveAttribute("data-count", "0");
    await expect(row.getByTestId("field-overview-sync")).not.toContainText("কখনো");
    await expect(admin.getByTestId("field-overview-unconfirmed")).toHaveText(formatTaka(expected - 10, "bn"));
    await admin.getByTestId("field-handover-confirm").click();
    await expect(admin.getByTestId("field-handover")).toHaveCount(0);
    const [handover] = await dbQuery<{ status: string; expected: number; counted: number; confirmer: string }>(
      `SELECT h."status", h."expected", h."counted", s."phone" AS "confirmer" FROM "FieldCashHandover" h JOIN "StaffUser" s ON s."id" = h."confirmedById" WHERE h."societyId" = $1`,
      [societyId],
    );
    expect(handover).toEqual({ status: "confirmed", expected, counted: expected - 10, confirmer: demoStaff("society_manager").phone });
    await page.getByTestId("field-sync").click();
    await expect(page.getByTestId("field-close-status")).toHaveAttribute("data-status", "confirmed");
    await office.close();
  });

  test("the outbox survives an ended session; a removed grant takes the sheet off the phone and keeps the entry in view", async ({ page, context }) => {
    test.setTimeout(90_000);
    const { societyId } = await fieldSociety(3);
    await openField(page, context, "bn", societyId);
    await context.setOffline(true);
    await collect(page, 0);
    await collect(page, 1);

    // The session ended while the phone was offline: nothing is lost, and signing in again sends it.
    await context.clearCookies();
    await context.setOffline(false);
    await expect(page.getByTestId("field-problem")).toHaveAttribute("data-problem", "signedOut");
    await waiting(page, 2);
    await sessionCookieFor(context, "collection_agent");
    await page.getByTestId("field-sync").click();
    await waiting(page, 0);
    expect(await recordedRows(societyId)).toHaveLength(2);

    // The society takes the account's access away while one more collection waits on the phone.
    await context.setOffline(true);
    await collect(page, 2);
    await dbQuery(`DELETE FROM "SocietyManager" WHERE "societyId" = $1 AND "staffUserId" = (SELECT "id" FROM "StaffUser" WHERE "phone" = $2)`, [societyId, demoStaff("collection_agent").phone]);
    await context.setOffline(false);
    await expect(page.getByTestId("field-problem")).toHaveAttribute("data-problem", "noAccess");
    await expect(page.getByTestId("field-no-sheet")).toBeVisible();
    await expect(page.getByTestId("field-attention-entry")).toHaveAttribute("data-reason", "noAccess");
    expect(await recordedRows(societyId)).toHaveLength(2);
  });

  test("Chrome finds the field app installable, and the installed app starts with no network", async () => {
    const testInfo = test.info();
    const { societyId } = await fieldSociety(2);
    // A normal Playwright context is incognito, where Chrome never offers to install.
    const profile = await mkdtemp(join(tmpdir(), "field-install-"));
    const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL: testInfo.project.use.baseURL, viewport: { width: 360, height: 740 } });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await openField(page, context, "bn", societyId);
      // The header links the field app's guide (a page of the society tool).
      await expect(page.getByTestId("field-guide-link")).toHaveAttribute("href", "/society-manager/field-guide");
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      const { errors, data } = await cdp.send("Page.getAppManifest");
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!) as { name: string; short_name: string; start_url: string; display: string; icons: { sizes: string; purpose: string }[] };
      expect(manifest).toMatchObject({ name: "ঋণবন্ধু মাঠের অ্যাপ", short_name: "মাঠের অ্যাপ", start_url: `/society-manager/${societyId}/field`, display: "standalone" });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
      // In English too; it names nothing of the society, so a shared cache may keep it by its URL.
      const english = await page.request.get(`/field-app.webmanifest?society=${societyId}&lang=en`);
      expect(english.headers()["cache-control"]).toBe("public, max-age=3600");
      expect(await english.json()).toMatchObject({ name: "RinBondhu field app", short_name: "Field app", lang: "en" });

      // Opened from the home screen with no signal: the start page and the day's sheet are on the phone.
      await context.setOffline(true);
      const fromHome = await context.newPage();
      await fromHome.goto(manifest.start_url);
      await expect(fromHome.getByTestId("field-member")).toHaveCount(2);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
