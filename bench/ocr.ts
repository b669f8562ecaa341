/**
 * `npm run bench:ocr`: OCR of the synthetic NID card set (tests/support/synthetic-nid-cards.ts: 24 identities, clear,
 * and tilted, blurred, dark, small or sideways photos) on this server's tesseract.js worker. Run it pinned to one
 * core, as the issue asks: `taskset -c 0 npm run bench:ocr`. Prints time per card (after one warm-up card) and
 * the share read exactly per variant. Goal (issue 9): ≤ 3 s per card on one core.
 */
import { performance } from "node:perf_hooks";
import { readNidCard, stopOcr } from "../lib/kyc/ocr/engine";
import { renderSyntheticCards, type CardVariant } from "../tests/support/synthetic-nid-cards";
import { formatStats, stats } from "./stats";

const cards = await renderSyntheticCards();
console.log(`[bench] ${cards.length} synthetic cards rendered`);
const warm = performance.now();
await readNidCard(cards[0]!.jpeg);
console.log(`[bench] worker start + first card: ${Math.round(performance.now() - warm)} ms`);

const rows = new Map<CardVariant, { samples: number[]; nid: number; name: number; dob: number }>();
const all: number[] = [];
for (const card of cards) {
  const started = performance.now();
  const reading = await readNidCard(card.jpeg);
  const ms = performance.now() - started;
  all.push(ms);
  const row = rows.get(card.variant) ?? { samples: [], nid: 0, name: 0, dob: 0 };
  row.samples.push(ms);
  if (reading.fields.nidNumber === card.identity.nid) row.nid += 1;
  if ((reading.fields.fullName ?? "").toUpperCase().replace(/\s+/g, " ") === card.identity.nameEn) row.name += 1;
  if (reading.fields.dateOfBirth === card.identity.dateOfBirth) row.dob += 1;
  rows.set(card.variant, row);
}
console.log("\n| Variant | Cards | NID exact | Name exact | DOB exact | Time per card |\n|---|---|---|---|---|---|");
for (const [variant, r] of rows) {
  const n = r.samples.length;
  console.log(`| ${variant} | ${n} | ${r.nid}/${n} | ${r.name}/${n} | ${r.dob}/${n} | ${formatStats(stats(r.samples))} |`);
}
console.log(`\nAll cards: ${formatStats(stats(all))}`);
await stopOcr();
