/**
 * A PDF's first page as a person sees it, compared with a reviewed PNG: the page turned into a PNG with pdftoppm and
 * compared pixel by pixel (pixelmatch, anti-aliasing tolerant) with tests/fixtures/pdf/<name>.png.
 *
 * After an intended change: run the test with UPDATE_PDF_REFERENCES=1, then look at every PNG it wrote before
 * committing. A failing run leaves the PNG it got and a difference image in test-results/pdf-reference.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pixelmatch from "pixelmatch";
import sharp from "sharp";
import { expect } from "vitest";

const REFERENCES = path.join(process.cwd(), "tests", "fixtures", "pdf");
const FAILURES = path.join(process.cwd(), "test-results", "pdf-reference");
const update = process.env.UPDATE_PDF_REFERENCES === "1";
/** Share of pixels allowed to differ beyond pixelmatch's colour threshold (a few glyph edges). */
const MAX_DIFFERENT = 0.001;

export async function firstPagePixels(pdf: Buffer, resolution = 60): Promise<{ png: Buffer; data: Buffer; width: number; height: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), "pdf-reference-"));
  writeFileSync(path.join(dir, "doc.pdf"), pdf);
  execFileSync("pdftoppm", ["-r", String(resolution), "-f", "1", "-l", "1", "-singlefile", "-png", path.join(dir, "doc.pdf"), path.join(dir, "page")]);
  const png = readFileSync(path.join(dir, "page.png"));
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { png, data, width: info.width, height: info.height };
}

/** Fails unless page 1 of `pdf` matches tests/fixtures/pdf/<name>.png (written instead with UPDATE_PDF_REFERENCES=1). */
export async function expectFirstPageToMatchReference(pdf: Buffer, name: string, resolution = 60): Promise<void> {
  const actual = await firstPagePixels(pdf, resolution);
  const reference = path.join(REFERENCES, `${name}.png`);
  if (update) {
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(reference, actual.png);
  }
  expect(existsSync(reference), `${reference} is missing: render it with UPDATE_PDF_REFERENCES=1 and review it`).toBe(true);
  const expected = await sharp(readFileSync(reference)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([actual.width, actual.height]).toEqual([expected.info.width, expected.info.height]);
  const diff = new Uint8Array(actual.width * actual.height * 4);
  const different = pixelmatch(actual.data, expected.data, diff, actual.width, actual.height, { threshold: 0.1 });
  if (different / (actual.width * actual.height) >= MAX_DIFFERENT) {
    mkdirSync(FAILURES, { recursive: true });
    writeFileSync(path.join(FAILURES, `${name}.actual.png`), actual.png);
    await sharp(Buffer.from(diff), { raw: { width: actual.width, height: actual.height, channels: 4 } }).png().toFile(path.join(FAILURES, `${name}.diff.png`));
  }
  expect(different / (actual.width * actual.height)).toBeLessThan(MAX_DIFFERENT);
}
