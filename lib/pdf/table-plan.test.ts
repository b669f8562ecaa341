import { describe, expect, it } from "vitest";
import { planPages, wrapText, type TableSection } from "./table-plan";

/** Every character 1 pt wide: widths are string lengths. */
const measure = (text: string) => [...text].length;

describe("wrapText", () => {
  it("keeps text that fits whole and wraps longer text at spaces", () => {
    expect(wrapText("রহিমা খাতুন", 20, measure)).toEqual(["রহিমা খাতুন"]);
    expect(wrapText("aaa bbb ccc", 7, measure)).toEqual(["aaa bbb", "ccc"]);
  });

  it("breaks a word wider than the column between graphemes, never inside a conjunct", () => {
    const lines = wrapText("কিস্তিস্ত্রী", 4, measure);
    expect(lines.join("")).toBe("কিস্তিস্ত্রী");
    for (const line of lines) expect(line.startsWith("\u09CD")).toBe(false);
  });
});

describe("planPages", () => {
  const section = (rows: number, title = "T"): TableSection => ({
    title,
    columns: [{ header: "a", width: 100 }, { header: "b", width: 100 }],
    rows: Array.from({ length: rows }, (_, i) => [`r${i}`, "x"]),
  });

  it("fills pages to their line budget and repeats the header on a continued page", () => {
    const pages = planPages([section(25)], measure, 10);
    // Page 1: title (2) + header (1) + 7 rows; next pages: title (2) + header (1) + 7 rows.
    expect(pages.map((p) => p[0]!.rows.length)).toEqual([7, 7, 7, 4]);
    expect(pages.slice(1).every((p) => p[0]!.continued && p[0]!.header?.cells.join() === "a,b")).toBe(true);
    expect(pages.flatMap((p) => p[0]!.rows.map((r) => r.cells[0]![0]))).toEqual(Array.from({ length: 25 }, (_, i) => `r${i}`));
  });

  it("moves a section to a new page when its title, header and first row do not fit", () => {
    const pages = planPages([section(6, "A"), section(3, "B")], measure, 10);
    expect(pages).toHaveLength(2);
    expect(pages[1]![0]!.title).toBe("B");
    expect(pages[1]![0]!.continued).toBe(false);
  });

  it("wraps a header wider than its column with the header's own measure, and counts its lines", () => {
    const columns = [{ header: "Member code", width: 40 }, { header: "Name", width: 100 }];
    const bold = (text: string) => 3 * [...text].length;
    const pages = planPages([{ columns, rows: Array.from({ length: 12 }, () => ["x", "y"]) }], measure, 10, bold);
    expect(pages[0]![0]!.header).toEqual({ cells: [["Member", "code"], ["Name"]], height: 2 });
    // Page 1: header (2) + 8 rows.
    expect(pages.map((p) => p[0]!.rows.length)).toEqual([8, 4]);
  });

  // Width 12 leaves 3 pt after padding and slack: one two-letter word a line.
  it("aligns columns: a wrapped cell makes its whole row taller", () => {
    const pages = planPages([{ columns: [{ header: "", width: 12 }, { header: "", width: 100 }], rows: [["aa bb cc", "one"], ["z", "two"]], showHeader: false }], measure, 50);
    const [part] = pages[0]!;
    expect(part!.rows.map((r) => r.height)).toEqual([3, 1]);
    expect(part!.rows.map((r) => r.cells)).toEqual([[["aa", "bb", "cc"], ["one"]], [["z"], ["two"]]]);
  });
});
