import { gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BackupReadProblem, readBackup } from "./format";
import { BackupScanner, openBackup, type BackupEvent } from "./stream";

/** Feeds `text` in pieces cut at `cuts` and rebuilds the top-level object from the events, or the problem. */
function scan(text: string, cuts: number[] = []): Record<string, unknown> | { problem: string } {
  const scanner = new BackupScanner();
  const events: BackupEvent[] = [];
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  try {
    let from = 0;
    for (const to of [...points, text.length]) {
      events.push(...scanner.push(text.slice(from, to)));
      from = to;
    }
    events.push(...scanner.end());
  } catch (error) {
    if (error instanceof BackupReadProblem) return { problem: error.problem.code };
    throw error;
  }
  const file: Record<string, unknown> = {};
  for (const event of events) {
    if (event.type === "listStart") file[event.list] = [];
    else if (event.type === "items") (file[event.list] as unknown[]).push(...event.items);
    else if (event.type === "value") file[event.key] = event.value;
  }
  return file;
}

const scalar = fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null));
// Strings with the characters that matter to a scanner: quotes, backslashes, brackets, commas, colons, Bengali.
const tricky = fc.string({ unit: fc.constantFrom(..."\"\\{}[],: \n\tকিস্তি", "a", "\u2028") });
const record = fc.dictionary(fc.oneof(fc.string(), tricky), fc.oneof(scalar, tricky, fc.array(scalar, { maxLength: 3 })), { maxKeys: 5 });
const backup = fc.record({
  workers: fc.array(record, { maxLength: 4 }),
  members: fc.array(record, { maxLength: 4 }),
  collections: fc.array(fc.oneof(record, scalar), { maxLength: 6 }),
  society: fc.option(record, { nil: undefined }),
  version: fc.constant("2.0"),
  extra: fc.option(fc.oneof(scalar, tricky, fc.array(record, { maxLength: 2 })), { nil: undefined }),
});

describe("BackupScanner", () => {
  it("rebuilds exactly what JSON.parse reads, however the text is cut into pieces and spaced", () => {
    fc.assert(
      fc.property(backup, fc.array(fc.nat(), { maxLength: 12 }), fc.boolean(), (file, cuts, spaced) => {
        const text = JSON.stringify(file, null, spaced ? 2 : undefined);
        expect(scan(text, cuts)).toEqual(JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  it("refuses what readBackup refuses and accepts what it accepts, for damaged files", () => {
    fc.assert(
      fc.property(backup, fc.nat(), fc.constantFrom("cut", "insert", "delete"), fc.constantFrom(..."{}[],:\"\\x 0"), fc.array(fc.nat(), { maxLength: 6 }), (file, at, how, char, cuts) => {
        const text = JSON.stringify(file);
        const p = at % (text.length + 1);
        const damaged = how === "cut" ? text.slice(0, p) : how === "insert" ? text.slice(0, p) + char + text.slice(p) : text.slice(0, p) + text.slice(p + 1);
        const expected = readBackup(damaged, 0);
        const got = scan(damaged, cuts);
        if (expected.ok) expect(got).toEqual(expected.data);
        else if (["invalidFormat", "unsupportedVersion"].includes(expected.problems[0]!.code)) {
          // JSON without a backup's shape: the scanner reads it as it is; openBackup checks the shape after.
          if (!("problem" in got)) expect(got).toEqual(JSON.parse(damaged));
        } else expect(got).toHaveProperty("problem");
      }),
      { numRuns: 1500 },
    );
  });

  it("refuses nesting deeper than a backup has and strings longer than any field, as checkJsonShape does", () => {
    expect(scan(`{"workers":[],"members":[],"collections":[${"[".repeat(50)}${"]".repeat(50)}]}`)).toEqual({ problem: "tooDeep" });
    // File → list → record → one level of value.
    expect(scan(`{"workers":[{"a":[1],"b":{"c":2}}]}`)).toEqual({ workers: [{ a: [1], b: { c: 2 } }] });
    expect(scan(`{"workers":[{"a":[[1]]}]}`)).toEqual({ problem: "tooDeep" });
    const long = `{"workers":[{"photo":"${"x".repeat(7 * 1024 * 1024 + 1)}"}]}`;
    expect(scan(long, [100, 5_000_000])).toEqual({ problem: "valueTooLong" });
  });

  it("answers as readBackup for a top level that is not an object", () => {
    expect(scan("hello")).toEqual({ problem: "readError" });
    expect(scan("")).toEqual({ problem: "readError" });
    expect(scan("  [1, 2]")).toEqual({ problem: "invalidFormat" });
    expect(scan(`${"[".repeat(100)}${"]".repeat(100)}`)).toEqual({ problem: "tooDeep" });
    expect(scan(`{"a":1} {"b":2}`)).toEqual({ problem: "readError" });
    expect(scan(`{"a":1}  \n`)).toEqual({ a: 1 });
    // Found by the property above: a comma where a key belongs.
    expect(scan(`{,"a":1}`)).toEqual({ problem: "readError" });
    expect(scan(`{"a":1,,"b":2}`)).toEqual({ problem: "readError" });
    expect(scan(`{}`)).toEqual({});
  });
});

describe("openBackup", () => {
  const text = JSON.stringify({ workers: [{ id: "W001" }], members: [{ id: "M001" }], collections: Array.from({ length: 40_000 }, (_, i) => ({ id: `C${i}` })), workerSalaries: [{ id: "WS001" }], version: "2.0" });

  async function readAll(bytes: Uint8Array) {
    const opened = await openBackup(bytes);
    if (!opened.ok) return opened;
    const collections: unknown[] = [];
    for await (const batch of opened.backup.collections) collections.push(...batch);
    return { workers: opened.backup.workers, members: opened.backup.members, collections, rest: await opened.backup.rest() };
  }

  it("gives the workers and members first, then the collections in batches, then the rest, plain or compressed", async () => {
    for (const bytes of [new TextEncoder().encode(text), new Uint8Array(gzipSync(text))]) {
      const read = await readAll(bytes);
      const whole = JSON.parse(text) as Record<string, unknown>;
      expect(read).toMatchObject({ workers: whole.workers, members: whole.members, collections: whole.collections });
      expect(read).toHaveProperty("rest.ok", true);
      expect(read).toHaveProperty("rest.file.workerSalaries", whole.workerSalaries);
    }
  });

  it("reads a file whose collections come first whole, with the same answer", async () => {
    const reordered = JSON.parse(text) as Record<string, unknown>;
    const first = JSON.stringify({ collections: reordered.collections, workers: reordered.workers, members: reordered.members, version: "2.0" });
    const read = await readAll(new TextEncoder().encode(first));
    expect(read).toMatchObject({ workers: reordered.workers, collections: reordered.collections, rest: { ok: true } });
  });

  it("checks the top level after the collections: a wrong version, a missing list, a list given twice", async () => {
    const wrongVersion = text.replace(`"version":"2.0"`, `"version":"3.0"`);
    expect(await readAll(new TextEncoder().encode(wrongVersion))).toHaveProperty("rest", { ok: false, problems: [{ code: "unsupportedVersion", value: "3.0" }] });
    expect(await readAll(new TextEncoder().encode(`{"workers":[],"members":[]}`))).toEqual({ ok: false, problems: [{ code: "invalidFormat" }] });
    expect(await readAll(new TextEncoder().encode(`{"workers":[],"members":[],"collections":{}}`))).toEqual({ ok: false, problems: [{ code: "invalidFormat" }] });
    expect(await readAll(new TextEncoder().encode(`{"workers":[],"members":[],"collections":[],"collections":[]}`))).toHaveProperty("rest", { ok: false, problems: [{ code: "invalidFormat" }] });
  });

  it("reports a record broken in the middle of the collections while they are read (past the first piece read)", async () => {
    const broken = text.replace(`{"id":"C30000"}`, `{"id":"C30000",}`);
    const opened = await openBackup(new TextEncoder().encode(broken));
    expect(opened.ok).toBe(true);
    const read = (async () => {
      for await (const batch of (opened as { ok: true; backup: { collections: AsyncIterable<unknown[]> } }).backup.collections) void batch;
    })();
    await expect(read).rejects.toEqual(new BackupReadProblem({ code: "readError" }));
  });
});
