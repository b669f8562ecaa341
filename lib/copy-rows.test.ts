import { describe, expect, it } from "vitest";
import { copyChunks, copyLine } from "./copy-rows";

describe("copyLine", () => {
  it("writes tab-separated fields, null as \\N, dates in UTC", () => {
    expect(copyLine(["C001", 120, null, undefined, new Date("2025-01-02T03:04:05.006+06:00")])).toBe("C001\t120\t\\N\t\\N\t2025-01-01T21:04:05.006Z\n");
  });

  it("escapes what would end a field or a row, and the backslash itself", () => {
    expect(copyLine(["a\tb", "c\nd", "e\rf", "g\\h", "\\N"])).toBe("a\\tb\tc\\nd\te\\rf\tg\\\\h\t\\\\N\n");
  });

  it("keeps Bengali text as it is", () => {
    expect(copyLine(["রহিমা খাতুন", "কিস্তি"])).toBe("রহিমা খাতুন\tকিস্তি\n");
  });
});

describe("copyChunks", () => {
  it("gathers whole lines into chunks of at least the given size, the last one shorter, from a list or from rows read as they come", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => [`r${i}`]);
    const produced = (async function* () {
      for (const row of rows) yield row;
    })();
    expect(await chunksOf(produced, 9)).toEqual(await chunksOf(rows, 9));
    const chunks = await chunksOf(rows, 9);
    expect(chunks.join("")).toBe(rows.map((r) => `${r[0]}\n`).join(""));
    expect(chunks.every((c) => c.endsWith("\n"))).toBe(true);
    expect(chunks.slice(0, -1).every((c) => c.length >= 9)).toBe(true);
    expect(chunks.length).toBe(4);
  });

  it("writes nothing for no rows", async () => {
    expect(await chunksOf([])).toEqual([]);
  });
});

async function chunksOf(rows: Parameters<typeof copyChunks>[0], size?: number): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of copyChunks(rows, size)) chunks.push(chunk);
  return chunks;
}
