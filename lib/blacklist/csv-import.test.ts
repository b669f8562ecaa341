import { describe, expect, it } from "vitest";
import { parseBlacklistCsv } from "./csv-import";

describe("parseBlacklistCsv", () => {
  it("reads NIDs and phones in any usual form, quoted reasons with commas, a BOM and CRLF", () => {
    const text = "\uFEFFkind,value,reason\r\nnid,১৯৯০ ১২৩৪ ০০০০১,Forged card\r\nphone,+880 1712-345678,\"Fraud, reported by a lender\"\r\nPHONE,01812345678,Bounced cheques\r\n";
    expect(parseBlacklistCsv(text)).toEqual({
      ok: true,
      rows: [
        { kind: "nid", value: "1990123400001", reason: "Forged card" },
        { kind: "phone", value: "+8801712345678", reason: "Fraud, reported by a lender" },
        { kind: "phone", value: "+8801812345678", reason: "Bounced cheques" },
      ],
      errors: [],
    });
  });

  it("reports bad rows by line and keeps the good ones; a repeated entry counts once", () => {
    const text = "kind,value,reason\nnid,12345,Too short\nemail,a@b.c,Wrong kind\nphone,01712345678,\nphone,01712345678,First\nphone,+8801712345678,Same again\n";
    const parsed = parseBlacklistCsv(text);
    expect(parsed).toEqual({
      ok: true,
      rows: [{ kind: "phone", value: "+8801712345678", reason: "First" }],
      errors: [
        { line: 2, field: "value", error: "invalidNid" },
        { line: 3, field: "kind", error: "required" },
        { line: 4, field: "reason", error: "required" },
      ],
    });
  });

  it("refuses a file without the header or that is not CSV", () => {
    expect(parseBlacklistCsv("value,reason\n123,x")).toEqual({ ok: false, error: "badHeader" });
    expect(parseBlacklistCsv('kind,value,reason\nnid,"unterminated')).toEqual({ ok: false, error: "badCsv" });
    expect(parseBlacklistCsv("kind,value,reason\n")).toEqual({ ok: true, rows: [], errors: [] });
  });
});
