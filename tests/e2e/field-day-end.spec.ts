/**
 * Issue 46, the worker's day's end, in a real browser at 360 px with the network really off: cash for a refused entry
 * stays in the cash in hand, shown apart, with no "send again" where a resend cannot be recorded; the hand-over is not
 * offered at ৳0, and lists the held-back cash as its own line; a discard at sign-out reaches the office's count before
 * the session ends; an entry whose recording moment is far off the server's clock, and a changed resend of a recorded
 * entry, stay on the phone with a reason the worker can read.
 */
import { expect, test, type Page } from "@playwright/test";
import { formatTaka } from "../../lib/format";
import { collect, fieldSociety, openField, seriousAxeViolations, waiting, withAxe } from "./field-support";
import { dbQuery, noSidewaysScroll } from "./support";

test.use({ viewport: { width: 360, height: 740 } });

type StoredEntry = { id: string; memberId: string; installment: number; recordedAt: string; state: string };

/** The phone's outbox as IndexedDB holds it. */
function outbox(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(
    () =>
      new Promise<StoredEntry[]>((resolve, reject) => {
        const open = indexedDB.open("rinbondhu-field");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("outbox").objectStore("outbox").getAll();
          all.onsuccess = () => {
            resolve(all.result as StoredEntry[]);
            open.result.close();
          };
        };
      }),
  );
}

/** Writes an outbox row straight into IndexedDB, as a phone with a wrong clock (or an older app) would have kept it. */
function putEntry(page: Page, entry: StoredEntry): Promise<void> {
  return page.evaluate(
    (row) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("rinbondhu-field");
        open.onsuccess = () => {
          const tx = open.result.transaction("outbox", "readwrite");
          tx.objectStore("outbox").put(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entry,
  );
}

test("bn: a refused entry's cash stays counted and apart, the hand-over lists it, and a discard at sign-out reaches the office", async ({ page, context }) => {
  test.setTimeout(120_000);
  // Members' amounts: 101 + 20 and 103 + 20 (the third has no loan, so it can be deleted).
  const { societyId, memberIds } = await fieldSociety(3, { withoutLoan: [2] });
  await withAxe(context);
  await openField(page, context, "bn", societyId);

  // Nothing collected yet: no hand-over of ৳0 is offered.
  await expect(page.getByTestId("field-close-nothing")).toBeVisible();
  await expect(page.getByTestId("field-close-submit")).toHaveCount(0);

  await context.setOffline(true);
  // Offline, the language switch says it needs the network (and the screen stays as it was).
  await page.getByTestId("language-toggle").click();
  await expect(page.getByTestId("field-language-offline")).toHaveText("ভাষা বদলাতে নেট লাগবে: নেট এলে আবার চাপুন। আদায় লেখা চলবে।");
  await expect(page.getByTestId("field-online")).toHaveText("অফলাইন");
  await collect(page, 0);
  await collect(page, 2);
  await waiting(page, 2);
  await expect(page.getByTestId("field-close-send-first")).toBeVisible();
  // The office deletes the third member meanwhile.
  await dbQuery(`DELETE FROM "SocietyMember" WHERE "id" = $1`, [memberIds[2]]);
  await context.setOffline(false);
  await waiting(page, 0);
  await expect(page.getByTestId("field-attention-entry")).toHaveAttribute("data-reason", "memberNotFound");

  // The worker holds both collections' cash: the refused one is counted, and shown apart, in Bengali digits.
  await expect(page.getByTestId("field-cash")).toHaveText(formatTaka(121 + 123, "bn"));
  await expect(page.getByTestId("field-cash-held")).toHaveText(`${formatTaka(123, "bn")} আটকে আছে`);
  await expect(page.getByTestId("field-attention-amount")).toHaveText(formatTaka(123, "bn"));
  await expect(page.getByTestId("field-attention-entry")).toContainText("অফিসে দিন");
  // A deleted member's entry can never be recorded: no "send again", only discard.
  await expect(page.getByTestId("field-attention-resend")).toHaveCount(0);
  await expect(page.getByTestId("field-attention-discard")).toBeVisible();

  // The hand-over is open (nothing waits), expects what the server recorded, and lists the held-back cash apart.
  await expect(page.getByTestId("field-close-send-first")).toHaveCount(0);
  await expect(page.getByTestId("field-close-expected")).toHaveText(formatTaka(121, "bn"));
  await expect(page.getByTestId("field-close-held")).toContainText(formatTaka(123, "bn"));
  await noSidewaysScroll(page, 360);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const held = async () => (await dbQuery<{ held: number }>(`SELECT coalesce(sum("attentionReported" + "pendingReported"), 0)::int AS "held" FROM "FieldDevice" WHERE "societyId" = $1`, [societyId]))[0]!.held;
  expect(await held()).toBe(1);
  // Signing out, the worker agrees to discard the entry (its cash handed over at the office): the office's count is 0.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("field-sign-out").click();
  await page.waitForURL(/\/admin\/login/);
  expect(await held()).toBe(0);
});

test("en: an entry recorded with a clock far off, and a changed resend of a recorded one, stay on the phone with their reasons", async ({ page, context }) => {
  test.setTimeout(120_000);
  const { societyId, memberIds } = await fieldSociety(2);
  await openField(page, context, "en", societyId);
  await context.setOffline(true);
  await collect(page, 0);
  await collect(page, 1);
  await waiting(page, 2);
  const entries = await outbox(page);
  const first = entries.find((e) => e.memberId === memberIds[0])!;
  const second = entries.find((e) => e.memberId === memberIds[1])!;
  // The second was recorded on a phone whose clock said 2099.
  await putEntry(page, { ...second, recordedAt: "2099-01-01T00:00:00.000Z" });
  await context.setOffline(false);
  await waiting(page, 0);
  const entry = page.getByTestId("field-attention-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute("data-reason", "recordedAtOutOfRange");
  await expect(entry).toContainText("The phone's date and time were wrong");
  expect((await dbQuery(`SELECT 1 FROM "SocietyCollection" WHERE "societyId" = $1`, [societyId])).length).toBe(1);

  // The first, recorded, comes back with another amount (an older copy of the phone's data): the recorded one stands.
  const [recorded] = await dbQuery<{ code: string; installmentCollected: number }>(`SELECT "code", "installmentCollected" FROM "SocietyCollection" WHERE "clientId" = $1::uuid`, [first.id]);
  await putEntry(page, { ...first, installment: first.installment + 50, state: "waiting" });
  // Opened again (a write straight into IndexedDB bypasses Dexie's live queries): the screen sends it on opening.
  await page.reload();
  const changed = page.locator('[data-testid="field-attention-entry"][data-reason="differsFromRecorded"]');
  await expect(changed).toContainText(`receipt ${recorded!.code}`);
  await expect(changed.getByTestId("field-attention-resend")).toHaveCount(0);
  const [after] = await dbQuery<{ installmentCollected: number; count: string }>(
    `SELECT max("installmentCollected") AS "installmentCollected", count(*) AS "count" FROM "SocietyCollection" WHERE "societyId" = $1 AND "clientId" = $2::uuid`,
    [societyId, first.id],
  );
  expect(after).toEqual({ installmentCollected: recorded!.installmentCollected, count: "1" });
  // The changed copy's cash is not counted twice: the server's sheet has that collection.
  await expect(page.getByTestId("field-cash-held")).toHaveText(`${formatTaka(102 + 20, "en")} held back`);
});

test("bn: a collection after the day's hand-over opens a second one for what came since", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { societyId, workerId } = await fieldSociety(2);
  await openField(page, context, "bn", societyId);
  /** Collects from the nth member, then hands over exactly what the form expects (typed in Bengali digits). */
  const collectAndHandOver = async (nth: number, expected: number, round: number) => {
    await collect(page, nth);
    await waiting(page, 0);
    await expect(page.getByTestId("field-close-expected")).toHaveText(formatTaka(expected, "bn"));
    await page.locator("#field-counted").fill(String(expected).replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!));
    await page.getByTestId("field-close-submit").click();
    await expect(page.getByTestId("field-close-status")).toHaveAttribute("data-round", String(round));
    await expect(page.getByTestId("field-close-submit")).toHaveCount(0);
  };
  await collectAndHandOver(0, 121, 1);
  // A late collection: the next hand-over expects only it.
  await collectAndHandOver(1, 122, 2);
  const rounds = await dbQuery<{ round: number; expected: number; counted: number }>(
    `SELECT "round", "expected", "counted" FROM "FieldCashHandover" WHERE "workerId" = $1 ORDER BY "round"`,
    [workerId],
  );
  expect(rounds).toEqual([{ round: 1, expected: 121, counted: 121 }, { round: 2, expected: 122, counted: 122 }]);
});

test("the field app opened with no network after sign-out shows its own page asking to sign in when online", async ({ page, context }) => {
  test.setTimeout(90_000);
  const { societyId } = await fieldSociety(1);
  await openField(page, context, "en", societyId);
  await page.getByTestId("field-sign-out").click();
  await page.waitForURL(/\/admin\/login/);
  // Signing out deleted the phone's copy of the screen; the service worker stays, with its offline page.
  await context.setOffline(true);
  await page.goto(`/society-manager/${societyId}/field`);
  await expect(page.getByTestId("field-offline-page")).toBeVisible();
  await expect(page.locator('section[lang="bn"] h1')).toHaveText("মাঠের অ্যাপ: নেট নেই");
  await expect(page.locator('section[lang="en"]')).toContainText("When you are online, open the app again and sign in");
  await noSidewaysScroll(page, 360);
});
