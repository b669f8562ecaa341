import "server-only";
import { copyFile, mkdir, rename, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createWorker, type Worker } from "tesseract.js";
import { parseNidCardText, type CardFields } from "./card-fields";
import { log } from "@/lib/ops/logger";

/**
 * OCR of an NID card photo on this server: tesseract.js (WebAssembly, in a worker thread) with the English and
 * Bengali trained data installed from npm and read from disk. Nothing is fetched from the network: no CDN
 * language path, no remote core. Two lanes per process, each with its own worker created on first use and used
 * one card at a time: "interactive" for a person waiting (the wizard's bounded read), "background" for the job
 * queue, so an applicant's card never waits behind the officers' queue of cards.
 */

export type CardReading = {
  text: string;
  /** Tesseract's mean word confidence, whole percent 0-100. */
  confidence: number;
  fields: CardFields;
};

const LANGUAGES = ["eng", "ben"] as const;
/** Wider than this only costs time; narrower loses the small print of the number line. */
const OCR_WIDTH = 1200;

/**
 * Where npm installed the trained data, from the app's folder (`npm start` and the standalone server both run there).
 * Not `require.resolve`: in the production bundle it answers a module id, not a path, so a server whose folder below
 * had not been filled by an earlier process could never read a card.
 */
const dataPackageDir = (language: string) => path.join(process.cwd(), "node_modules", "@tesseract.js-data", language);

/**
 * tesseract.js takes one folder for every language, and npm installs each language in its own package: the
 * files are copied once into one folder under the system's temp directory (atomically, so two processes starting
 * together never read half a file).
 */
async function languageFolder(): Promise<string> {
  const folder = path.join(tmpdir(), "rinbondhu-ocr-lang-4.0.0");
  await mkdir(folder, { recursive: true });
  for (const language of LANGUAGES) {
    const target = path.join(folder, `${language}.traineddata.gz`);
    const exists = await stat(target).then((s) => s.size > 0, () => false);
    if (exists) continue;
    const packageDir = dataPackageDir(language);
    const partial = `${target}.${process.pid}.part`;
    await copyFile(path.join(packageDir, "4.0.0", `${language}.traineddata.gz`), partial);
    await rename(partial, target);
  }
  return folder;
}

/** The options the worker is created with: a local folder, gzip data, no browser cache (exported for the tests). */
export async function ocrWorkerOptions() {
  return { langPath: await languageFolder(), gzip: true, cacheMethod: "none" as const };
}

export type OcrLane = "interactive" | "background";

/** Per lane: its worker, and its recognitions one after another (tesseract's worker holds one image at a time). */
const lanes: Record<OcrLane, { workerPromise: Promise<Worker> | null; queue: Promise<unknown> }> = {
  interactive: { workerPromise: null, queue: Promise.resolve() },
  background: { workerPromise: null, queue: Promise.resolve() },
};

function worker(lane: OcrLane): Promise<Worker> {
  const state = lanes[lane];
  state.workerPromise ??= ocrWorkerOptions()
    .then((options) => createWorker([...LANGUAGES], 1, options))
    .catch((error) => {
      state.workerPromise = null; // the next call tries again
      throw error;
    });
  return state.workerPromise;
}

/** Greyscale, contrast stretched, EXIF-rotated, turned by `degrees`, at a fixed width: what tesseract reads best. */
async function prepare(image: Uint8Array, degrees = 0): Promise<Buffer> {
  const upright = degrees ? await sharp(image).rotate().rotate(degrees).toBuffer() : image;
  return sharp(upright).rotate().resize({ width: OCR_WIDTH, withoutEnlargement: false }).greyscale().normalise().png().toBuffer();
}

async function recognize(prepared: Buffer, lane: OcrLane) {
  const state = lanes[lane];
  const run = state.queue.then(async () => {
    const w = await worker(lane);
    try {
      // rotateAuto: tesseract straightens a photo taken at a slant before reading it.
      return await w.recognize(prepared, { rotateAuto: true });
    } catch (error) {
      // A crashed worker is replaced on the next call.
      state.workerPromise = null;
      await w.terminate().catch(() => undefined);
      throw error;
    }
  });
  state.queue = run.catch(() => undefined);
  const { data } = await run;
  return { text: data.text, confidence: Math.max(0, Math.min(100, Math.round(data.confidence))), fields: parseNidCardText(data.text) };
}

/**
 * Reads a card photo. A portrait photo of a card lying sideways reads as nothing: when a tall picture gives no
 * NID number, it is read once more turned a quarter (each way, until one gives a number). Throws when the image
 * cannot be decoded or the worker fails.
 */
export async function readNidCard(image: Uint8Array, lane: OcrLane = "background"): Promise<CardReading> {
  const first = await recognize(await prepare(image), lane);
  if (first.fields.nidNumber) return first;
  const { width = 0, height = 0, orientation = 1 } = await sharp(image).metadata();
  const portrait = orientation >= 5 ? width > height : height > width;
  if (!portrait) return first;
  for (const degrees of [90, 270]) {
    const turned = await recognize(await prepare(image, degrees), lane);
    if (turned.fields.nidNumber) return turned;
  }
  return first;
}

/**
 * `readNidCard` bounded in time, for a person who is waiting: null after `timeoutMs` or on any failure (logged).
 * It runs in the interactive lane; a recognition still running there carries on, and later interactive reads queue
 * behind it (never behind the background queue).
 */
export async function readNidCardWithin(image: Uint8Array, timeoutMs: number): Promise<CardReading | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  const reading = readNidCard(image, "interactive").catch((error) => {
    log.warn({ area: "ocr", err: error }, "card not read");
    return null;
  });
  try {
    return await Promise.race([reading, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts a lane's worker ahead of its first card: loading the trained data takes about 3 s, which the first
 * applicant's bounded read (4 s) cannot afford. A failure is left for the first real read to report.
 */
export async function warmOcr(lane: OcrLane): Promise<void> {
  await worker(lane).catch(() => undefined);
}

/** Stops the worker once the cards already queued are read (tests, benchmarks, shutdown). */
export async function stopOcr(): Promise<void> {
  for (const state of Object.values(lanes)) {
    await state.queue;
    const current = state.workerPromise;
    state.workerPromise = null;
    if (current) await (await current).terminate();
  }
}
