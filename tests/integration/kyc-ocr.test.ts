/**
 * OCR of NID cards on our own server (issue 9), on synthetic cards rendered by Chromium from known names, numbers
 * and dates (tests/support/synthetic-nid-cards.ts): the number is read exactly on at least 90% of the clear cards;
 * two of each hard kind (tilted, blurred, dark, small, sideways) are read and their figures printed, not asserted
 * (the whole set is `npm run bench:ocr`, docs/benchmarks.md). The trained data come
 * from the npm packages on disk; the worker is never given a URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ocrWorkerOptions, readNidCard, readNidCardWithin, stopOcr } from "@/lib/kyc/ocr/engine";
import { renderSyntheticCards, type CardVariant, type SyntheticCard } from "../support/synthetic-nid-cards";

let cards: SyntheticCard[] = [];

beforeAll(async () => {
  cards = await renderSyntheticCards();
}, 120_000);

afterAll(async () => {
  await stopOcr();
});

describe("OCR of NID cards", () => {
  it("loads its trained data from a local folder, never from the network", async () => {
    const options = await ocrWorkerOptions();
    expect(options.langPath).not.toMatch(/^https?:/);
    expect(options).toMatchObject({ gzip: true, cacheMethod: "none" });
  });

  it("reads the NID number exactly on at least 90% of the clear cards, and reports the hard ones", async () => {
    const results = new Map<CardVariant, { cards: number; nid: number; name: number; dob: number; ms: number }>();
    const hardSeen = new Map<CardVariant, number>();
    const sample = cards.filter((c) => c.variant === "clear" || (hardSeen.set(c.variant, (hardSeen.get(c.variant) ?? 0) + 1).get(c.variant) ?? 0) <= 2);
    for (const card of sample) {
      const started = performance.now();
      const reading = await readNidCard(card.jpeg);
      const row = results.get(card.variant) ?? { cards: 0, nid: 0, name: 0, dob: 0, ms: 0 };
      row.cards += 1;
      row.ms += performance.now() - started;
      if (reading.fields.nidNumber === card.identity.nid) row.nid += 1;
      if ((reading.fields.fullName ?? "").toUpperCase().replace(/\s+/g, " ") === card.identity.nameEn) row.name += 1;
      if (reading.fields.dateOfBirth === card.identity.dateOfBirth) row.dob += 1;
      results.set(card.variant, row);
    }
    console.log("variant    cards  NID  name  DOB  mean ms");
    for (const [variant, r] of results) console.log(`${variant.padEnd(10)} ${String(r.cards).padStart(5)} ${String(r.nid).padStart(4)} ${String(r.name).padStart(5)} ${String(r.dob).padStart(4)} ${String(Math.round(r.ms / r.cards)).padStart(8)}`);
    const clear = results.get("clear")!;
    expect(clear.cards).toBe(24);
    expect(clear.nid / clear.cards).toBeGreaterThanOrEqual(0.9);
  }, 300_000);

  it("gives up within the time it is given, and reads the next card normally", async () => {
    const card = cards.find((c) => c.variant === "clear")!;
    const started = performance.now();
    expect(await readNidCardWithin(card.jpeg, 1)).toBeNull();
    expect(performance.now() - started).toBeLessThan(500);
    expect((await readNidCard(card.jpeg)).fields.nidNumber).toBe(card.identity.nid);
  }, 60_000);

  it("refuses what is not an image", async () => {
    await expect(readNidCard(new TextEncoder().encode("<html>not a card</html>"))).rejects.toThrow();
    expect(await readNidCardWithin(new TextEncoder().encode("junk"), 4000)).toBeNull();
  }, 60_000);
});
