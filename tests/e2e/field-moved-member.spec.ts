/**
 * Issue 46, point 6, in a real browser with the network really off: the worker collects offline from a member whom the
 * office meanwhile moves to another worker (from the members table); at the next sync the phone keeps the entry, its
 * cash counted and apart, as waiting for the office (no "send again", no discard); an admin approves it on the
 * dashboard; at the phone's next sync it is recorded with its receipt, in her hand-over, and the new worker's sheet
 * shows the member paid.
 */
import { expect, test } from "@playwright/test";
import { formatTaka } from "../../lib/format";
import { collect, fieldSociety, openField, seriousAxeViolations, waiting, withAxe } from "./field-support";
import { dbQuery, noSidewaysScroll } from "./support";
import { sessionCookieFor } from "./staff";

test("bn phone, en office: a moved member's entry waits for approval, then lands on the new worker's sheet and in the hand-over", async ({ page, context, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 740 });
  // Member 1 pays 101 + 20.
  const { societyId } = await fieldSociety(2);
  await dbQuery(
    `INSERT INTO "SocietyWorker" ("id", "societyId", "code", "name", "area", "phone", "totalMembers", "createdByRole") VALUES ('w' || md5(random()::text), $1, 'W002', 'মাঠকর্মী রহিম', 'উত্তরা', '+8801811000302', 0, 'admin')`,
    [societyId],
  );
  await withAxe(context);
  await openField(page, context, "bn", societyId);
  await context.setOffline(true);
  await collect(page, 0);
  await waiting(page, 1);

  // At the office, meanwhile: the admin moves the member to W002 from the members table.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await office.addCookies([{ name: "NEXT_LOCALE", value: "en", url: test.info().project.use.baseURL! }]);
  await sessionCookieFor(office, "society_manager");
  const desk = await office.newPage();
  await desk.goto(`/society-manager/${societyId}?tab=members`);
  await desk.getByTestId("member-row").filter({ hasText: "FS-1" }).getByTestId("move-member").click();
  const form = desk.getByTestId("move-member-form");
  await expect(desk.getByRole("dialog")).toContainText("Her worker now: মাঠকর্মী সালমা");
  await form.getByRole("combobox", { name: "New worker" }).selectOption({ label: "W002 · মাঠকর্মী রহিম" });
  await desk.getByTestId("move-member-form-save").click();
  await expect(desk.getByRole("dialog")).toBeHidden();
  await expect(desk.getByTestId("member-row").filter({ hasText: "FS-1" })).toContainText("মাঠকর্মী রহিম");

  // Back online, the phone learns it: the entry waits for the office, its cash counted and shown apart.
  await context.setOffline(false);
  await waiting(page, 0);
  const held = page.getByTestId("field-attention-entry");
  await expect(held).toHaveAttribute("data-reason", "memberMoved");
  await expect(held).toContainText("অনুমোদনের অপেক্ষায়");
  await expect(page.getByTestId("field-attention-resend")).toHaveCount(0);
  await expect(page.getByTestId("field-attention-discard")).toHaveCount(0);
  await expect(page.getByTestId("field-cash")).toHaveText(formatTaka(121, "bn"));
  await expect(page.getByTestId("field-cash-held")).toHaveText(`${formatTaka(121, "bn")} আটকে আছে`);
  // The member is on the other worker's sheet now, not this one.
  await expect(page.getByTestId("field-member").filter({ hasText: "FS-1" })).toHaveCount(0);
  await noSidewaysScroll(page, 360);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The admin approves it on the dashboard.
  await desk.goto(`/society-manager/${societyId}`);
  const moved = desk.getByTestId("field-moved-entry");
  await expect(moved).toContainText(formatTaka(121, "en"));
  await expect(moved).toContainText("collected by W001 · মাঠকর্মী সালমা · now with W002 · মাঠকর্মী রহিম");
  await moved.getByTestId("field-moved-approve").click();
  await expect(desk.getByTestId("field-moved-entries")).toHaveCount(0);
  const [recorded] = await dbQuery<{ code: string; worker: string }>(
    `SELECT c."code", w."code" AS "worker" FROM "SocietyCollection" c JOIN "SocietyWorker" w ON w."id" = c."workerId" WHERE c."societyId" = $1`,
    [societyId],
  );
  expect(recorded!.worker).toBe("W001");

  // The phone's next sync: recorded with its receipt, nothing held, and in the hand-over.
  await page.getByTestId("field-sync").click();
  await expect(page.getByTestId("field-attention-entry")).toHaveCount(0);
  await expect(page.getByTestId("field-cash-held")).toHaveCount(0);
  await expect(page.getByTestId("field-cash")).toHaveText(formatTaka(121, "bn"));
  await expect(page.getByTestId("field-close-expected")).toHaveText(formatTaka(121, "bn"));

  // The new worker's sheet (the admin's field screen, W002 chosen): the member paid.
  await desk.goto(`/society-manager/${societyId}/field`);
  await desk.getByTestId("field-worker").selectOption({ label: "W002 · মাঠকর্মী রহিম" });
  await expect(desk.getByTestId("field-member").filter({ hasText: "FS-1" })).toHaveAttribute("data-status", "paid");
  await office.close();
});
