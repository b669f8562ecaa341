/**
 * A backup file read as it unpacks, for the server's restore: the top-level lists come out a batch of
 * records at a time, each record parsed on its own, so a society of 300,000 collections is never one
 * 90 MB string plus its parsed tree (about 400 MB of heap) and the reading overlaps the insert.
 *
 * Only the top level is scanned here (which key, where each record of a list starts and ends); every
 * record and every other value is parsed by JSON.parse, which also rejects anything malformed inside
 * them. The general streaming parsers measured 4–9× slower than JSON.parse on these files (see
 * docs/decisions/0093-backup-stream-top-level-splitter.md). The limits of `checkJsonShape` (nesting depth, string length) apply as the text goes by.
 */
import { BACKUP_MAX_DEPTH, BACKUP_MAX_STRING, BackupReadProblem, backupTextChunks, checkFileShape, readBackup, readProblemAnswer, type BackupProblem } from "./format";

export type BackupEvent =
  /** A top-level array begins: its records follow as `items`, then `listEnd`. */
  | { type: "listStart"; list: string }
  | { type: "items"; list: string; items: unknown[] }
  | { type: "listEnd"; list: string }
  /** Any other top-level member, parsed whole. */
  | { type: "value"; key: string; value: unknown };

const QUOTE = 34, BACKSLASH = 92, COMMA = 44, COLON = 58, OPEN_OBJECT = 123, CLOSE_OBJECT = 125, OPEN_ARRAY = 91, CLOSE_ARRAY = 93;
const BLANK = /^[ \t\n\r]*$/;
const fail = (code: BackupProblem["code"] = "readError"): never => {
  throw new BackupReadProblem({ code });
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fail();
  }
}

/**
 * Splits a backup's JSON text, fed in pieces, into events. A text whose top level is not an object is
 * kept whole and judged by `readBackup` at the end, so it gets exactly the answer the preview gives.
 */
export class BackupScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringLength = 0;
  private started = false;
  private finished = false;
  /** The top level is not an object: the whole text, for readBackup. */
  private whole: string[] | null = null;
  /** At depth 1: reading a key (before ':') or a value (after it). */
  private expectKey = true;
  private commaBeforeKey = false;
  private key = "";
  /** The value just read was a list, so nothing but blanks may follow it before ',' or '}'. */
  private afterList = false;
  /** The top-level list being read (depth 2 holds its records). */
  private list: string | null = null;
  private listHasItems = false;
  private items: unknown[] = [];
  /** The text of the current key, value or record from earlier pieces; the current piece's part starts at `segmentStart`. */
  private parts: string[] = [];
  private segmentStart = 0;

  constructor(
    private readonly maxDepth = BACKUP_MAX_DEPTH,
    private readonly maxString = BACKUP_MAX_STRING,
  ) {}

  /** The events this piece completes. Throws a BackupReadProblem. */
  push(piece: string): BackupEvent[] {
    if (this.whole) {
      this.whole.push(piece);
      return [];
    }
    const events: BackupEvent[] = [];
    let i = 0;
    if (!this.started) {
      while (i < piece.length && BLANK.test(piece[i]!)) i++;
      if (i === piece.length) return events;
      if (piece.charCodeAt(i) !== OPEN_OBJECT) {
        this.whole = [piece];
        return events;
      }
      this.started = true;
      this.depth = 1;
      i++;
    }
    this.segmentStart = i;
    for (; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.stringLength > this.maxString) fail("valueTooLong");
        }
        this.stringLength++;
        continue;
      }
      if (this.finished) {
        if (!BLANK.test(piece[i]!)) fail();
        continue;
      }
      switch (c) {
        case QUOTE:
          this.inString = true;
          this.stringLength = 0;
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (this.depth === 1 && !this.expectKey && c === OPEN_ARRAY && BLANK.test(this.segment(piece, i))) {
            this.list = this.key;
            this.listHasItems = false;
            this.depth = 2;
            this.segmentStart = i + 1;
            events.push({ type: "listStart", list: this.list });
          } else if (++this.depth > this.maxDepth) fail("tooDeep");
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (this.depth === 2 && this.list !== null) {
            if (c !== CLOSE_ARRAY) fail();
            const text = this.take(piece, i);
            if (!BLANK.test(text)) this.addItem(text);
            else if (this.listHasItems) fail(); // a trailing comma
            this.flushItems(events);
            events.push({ type: "listEnd", list: this.list });
            this.list = null;
            this.afterList = true;
            this.depth = 1;
            this.segmentStart = i + 1;
          } else if (this.depth === 1) {
            if (c !== CLOSE_OBJECT) fail();
            this.endMember(this.take(piece, i), events);
            this.depth = 0;
            this.finished = true;
          } else this.depth--;
          break;
        case COMMA:
          if (this.depth === 2 && this.list !== null) {
            const text = this.take(piece, i);
            if (BLANK.test(text)) fail();
            this.addItem(text);
            this.segmentStart = i + 1;
          } else if (this.depth === 1) {
            if (this.expectKey) fail(); // a comma where a key belongs: `{,` or `,,`
            this.endMember(this.take(piece, i), events);
            this.expectKey = true;
            this.commaBeforeKey = true;
            this.segmentStart = i + 1;
          }
          break;
        case COLON:
          if (this.depth === 1 && this.expectKey) {
            const key = parse(this.take(piece, i));
            if (typeof key !== "string") fail();
            this.key = key as string;
            this.expectKey = false;
            this.commaBeforeKey = false;
            this.afterList = false;
            this.segmentStart = i + 1;
          }
          break;
      }
    }
    if (!this.finished) this.parts.push(piece.slice(this.segmentStart));
    this.flushItems(events);
    return events;
  }

  /** The events of the end of the text. Throws a BackupReadProblem for a text that is not a whole backup. */
  end(): BackupEvent[] {
    if (this.whole || !this.started) {
      const read = readBackup((this.whole ?? []).join(""), 0);
      // Never ok: a backup's top level is an object.
      return fail(read.ok ? "invalidFormat" : read.problems[0]!.code);
    }
    if (!this.finished || this.inString) fail();
    return [];
  }

  /** The current segment's text up to `end` (exclusive), without consuming it. */
  private segment(piece: string, end: number): string {
    return this.parts.join("") + piece.slice(this.segmentStart, end);
  }

  /** The current segment's text up to `end`, consumed. */
  private take(piece: string, end: number): string {
    const text = this.parts.length > 0 ? this.parts.join("") + piece.slice(this.segmentStart, end) : piece.slice(this.segmentStart, end);
    this.parts = [];
    return text;
  }

  private addItem(text: string) {
    this.items.push(parse(text));
    this.listHasItems = true;
  }

  private flushItems(events: BackupEvent[]) {
    if (this.items.length === 0 || this.list === null) return;
    events.push({ type: "items", list: this.list, items: this.items });
    this.items = [];
  }

  /** A key's value ends at ',' or '}'. */
  private endMember(text: string, events: BackupEvent[]) {
    if (this.expectKey) {
      // `{}` is an empty object; `{"a":1,}` and `{"a"}` are not JSON.
      if (!BLANK.test(text) || this.commaBeforeKey) fail();
      return;
    }
    if (this.afterList) {
      if (!BLANK.test(text)) fail();
      return;
    }
    if (BLANK.test(text)) fail();
    events.push({ type: "value", key: this.key, value: parse(text) });
  }
}

/** A backup's events as it unpacks (plain or compressed). Throws a BackupReadProblem. */
export async function* backupEvents(bytes: Uint8Array): AsyncGenerator<BackupEvent> {
  const scanner = new BackupScanner();
  for await (const piece of backupTextChunks(bytes)) yield* scanner.push(piece);
  yield* scanner.end();
}

/** The lists a restore reads whole before it streams the collections. */
const PEOPLE = ["workers", "members"] as const;

/**
 * A backup opened for a restore. The workers and members are read first (they come first in every
 * known file); then the collections can be pulled one batch at a time, and `rest` reads what follows
 * them and checks the file's top level as `checkFileShape` does. A file whose collections come before
 * its workers or members is read whole first (the same answer, with the memory of a whole read).
 */
export type OpenedBackup = {
  workers: unknown[];
  members: unknown[];
  collections: AsyncIterable<unknown[]>;
  /** The file's other top-level values and lists, once the collections have been read. */
  rest: () => Promise<{ ok: true; file: Record<string, unknown> } | { ok: false; problems: BackupProblem[] }>;
  /** Stops reading (and unpacking) the file, wherever the reading is. */
  close: () => Promise<void>;
};

export async function openBackup(bytes: Uint8Array): Promise<{ ok: true; backup: OpenedBackup } | { ok: false; problems: BackupProblem[] }> {
  const events = backupEvents(bytes);
  const close = async () => void (await events.return(undefined));
  // No prototype: a key named "__proto__" is a key like any other, as JSON.parse treats it.
  const file = Object.create(null) as Record<string, unknown>;
  let repeatedList = false;
  /** A list begins: its records are kept under its key; a list key given twice makes the file invalid. */
  const keep = (list: string) => {
    if (Object.hasOwn(file, list)) repeatedList = true;
    file[list] = [];
  };
  const apply = (event: BackupEvent) => {
    if (event.type === "listStart") keep(event.list);
    else if (event.type === "items") (file[event.list] as unknown[]).push(...event.items);
    else if (event.type === "value") file[event.key] = event.value;
  };
  const finish = () => {
    if (repeatedList) return { ok: false as const, problems: [{ code: "invalidFormat" as const }] };
    const shape = checkFileShape(file);
    return shape.ok ? { ok: true as const, file: shape.data } : shape;
  };

  try {
    // Up to the collections, once the workers and members are complete; or to the end.
    const done = new Set<string>();
    let streaming = false;
    for (;;) {
      const next = await events.next();
      if (next.done) break;
      const event = next.value;
      if (event.type === "listStart" && event.list === "collections" && PEOPLE.every((list) => done.has(list)) && !Object.hasOwn(file, "collections")) {
        file.collections = [];
        streaming = true;
        break;
      }
      apply(event);
      if (event.type === "listEnd") done.add(event.list);
    }
    if (!streaming) {
      const whole = finish();
      if (!whole.ok) return whole;
      const { workers, members, collections } = whole.file as { workers: unknown[]; members: unknown[]; collections: unknown[] };
      return {
        ok: true,
        backup: {
          workers,
          members,
          collections: (async function* () {
            for (let start = 0; start < collections.length; start += 1_000) yield collections.slice(start, start + 1_000);
          })(),
          rest: async () => whole,
          close,
        },
      };
    }
    let collectionsRead = false;
    return {
      ok: true,
      backup: {
        workers: file.workers as unknown[],
        members: file.members as unknown[],
        collections: (async function* () {
          for (;;) {
            const next = await events.next();
            if (next.done) return;
            const event = next.value;
            if (event.type === "listEnd") break;
            // Records of the collections list only: the scanner ends the list before anything else.
            if (event.type === "items") yield event.items;
          }
          collectionsRead = true;
        })(),
        rest: async () => {
          if (!collectionsRead) throw new Error("Read the collections before the rest of the backup");
          try {
            for await (const event of events) apply(event);
          } catch (error) {
            return readProblemAnswer(error);
          }
          return finish();
        },
        close,
      },
    };
  } catch (error) {
    return readProblemAnswer(error);
  }
}
