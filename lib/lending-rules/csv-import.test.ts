import { describe, expect, it } from "vitest";
import { parseHolidayCsv } from "./csv-import";

describe("parseHolidayCsv", () => {
  it("reads holidays, Bengali digits and quoted names too, and reports bad rows by line", () => {
    const csv = [
      "date,name_bn,name_en",
      "2026-12-16,বিজয় দিবস,Victory Day",
      '২০২৬-১২-২৫,বড়দিন,"Christmas Day, the 25th"',
      "2026-02-30,ভুল দিন,Wrong day",
      "2026-03-26,,Independence Day",
    ].join("\n");
    const parsed = parseHolidayCsv(csv);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { date: "2026-12-16", nameBn: "বিজয় দিবস", nameEn: "Victory Day" },
        { date: "2026-12-25", nameBn: "বড়দিন", nameEn: "Christmas Day, the 25th" },
      ],
      errors: [
        { line: 4, field: "date", error: "invalidDate" },
        { line: 5, field: "nameBn", error: "required" },
      ],
    });
  });

  it("refuses another file's header", () => {
    expect(parseHolidayCsv("kind,value,reason\nnid,123,x")).toEqual({ ok: false, error: "badHeader" });
    expect(parseHolidayCsv("date,name_bn\n")).toEqual({ ok: false, error: "badHeader" });
  });
});
