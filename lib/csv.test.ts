import { describe, expect, it } from "vitest";
import { csvResponse, toCsv } from "./csv";

describe("CSV", () => {
  it("quotes what needs quoting, starts with a BOM and defuses formulas", () => {
    const csv = toCsv([["নাম", "amount"], ['Karim "KU" Uddin', 5000], ["=HYPERLINK(1)", null], ["a,b", -3]]);
    expect(csv).toBe('\uFEFFনাম,amount\r\n"Karim ""KU"" Uddin",5000\r\n\'=HYPERLINK(1),\r\n"a,b",-3\r\n');
  });

  it("names the download in ASCII and UTF-8", () => {
    const res = csvResponse("x", "আবেদন-2026.csv");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="_____-2026.csv"; filename*=UTF-8''${encodeURIComponent("আবেদন-2026.csv")}`);
  });
});
