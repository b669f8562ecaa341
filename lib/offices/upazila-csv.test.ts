import { describe, expect, it } from "vitest";
import { parseUpazilaCsv } from "./upazila-csv";

describe("an upazila routing file", () => {
  it("reads district and upazila in either language and the branch code as typed (Bengali digits too); every row in file order", () => {
    const parsed = parseUpazilaCsv("\uFEFFDistrict,Upazila,Branch\r\nDhaka,Savar,b0001\r\nঢাকা,ধামরাই,B০০০২\r\nDhaka,savar,B0003\r\n");
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { upazilaCode: "365", branchCode: "B0001", line: 2 },
        { upazilaCode: "366", branchCode: "B0002", line: 3 },
        { upazilaCode: "365", branchCode: "B0003", line: 4 },
      ],
      errors: [],
    });
  });

  it("reports an unknown upazila and a bad branch code by line, keeping the good rows", () => {
    const parsed = parseUpazilaCsv('district,upazila,branch\nDinajpur,Savar,B0001\nDhaka,Dhamrai,"B 1"\nDhaka,Dhamrai,\nDhaka,Savar,B0001\n');
    expect(parsed).toEqual({
      ok: true,
      rows: [{ upazilaCode: "365", branchCode: "B0001", line: 5 }],
      errors: [
        { line: 2, field: "upazila", error: "unknownUpazila" },
        { line: 3, field: "branch", error: "invalidOfficeCode" },
        { line: 4, field: "branch", error: "required" },
      ],
    });
  });

  it("refuses the wrong header and an unreadable file", () => {
    expect(parseUpazilaCsv("upazila,branch\nSavar,B0001\n")).toEqual({ ok: false, error: "badHeader" });
    expect(parseUpazilaCsv('district,upazila,branch\n"Dhaka,Savar,B0001\n')).toEqual({ ok: false, error: "badCsv" });
  });
});
