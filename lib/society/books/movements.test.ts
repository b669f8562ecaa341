import { describe, expect, it } from "vitest";
import { planSheet } from "@/lib/society/rules";
import { instalmentsBeyondLoan, sheetMovements } from "./movements";

describe("a collection sheet's movements in the books", () => {
  const existing = [
    { id: "c1", memberId: "m1", installment: 200, savings: 50, posted: true },
    { id: "c2", memberId: "m2", installment: 100, savings: 0, posted: true },
    { id: "c3", memberId: "m3", installment: 300, savings: 0, posted: false },
  ];

  it("post a new row in full, a changed row by its difference, a removed row taken back", () => {
    const rows = [
      { memberId: "m1", installment: 250, savings: 50 },
      { memberId: "m2", installment: 0, savings: 0 },
      { memberId: "m4", installment: 0, savings: 80 },
    ];
    const plan = planSheet(existing, rows);
    expect(sheetMovements(existing, plan, "w1")).toEqual([
      { memberId: "m4", workerId: "w1", installment: 0, savings: 80 },
      { memberId: "m1", workerId: "w1", installment: 50, savings: 0 },
      { memberId: "m2", workerId: "w1", installment: -100, savings: 0 },
    ]);
  });

  it("count a row that had posted nothing (pending, missed) as new money when it is collected", () => {
    const plan = planSheet(existing, [{ memberId: "m3", installment: 300, savings: 20 }]);
    expect(sheetMovements(existing, plan, "w1")).toEqual([{ memberId: "m3", workerId: "w1", installment: 300, savings: 20 }]);
  });

  it("move nothing when nothing changed", () => {
    const plan = planSheet(existing, [{ memberId: "m1", installment: 200, savings: 50 }]);
    expect(sheetMovements(existing, plan, "w1")).toEqual([]);
  });
});

describe("instalments a member's loan does not cover", () => {
  const owed = new Map([
    ["m1", 500],
    ["m2", 0],
    ["m3", -100],
  ]);

  it("refuses an instalment from a member who owes nothing (or whose account is already in credit), or more than she owes", () => {
    expect(instalmentsBeyondLoan([{ memberId: "m2", installment: 100 }], owed)).toEqual([{ memberId: "m2", owed: 0, instalment: 100 }]);
    expect(instalmentsBeyondLoan([{ memberId: "m3", installment: 1 }], owed)).toEqual([{ memberId: "m3", owed: 0, instalment: 1 }]);
    expect(instalmentsBeyondLoan([{ memberId: "m1", installment: 501 }], owed)).toEqual([{ memberId: "m1", owed: 500, instalment: 501 }]);
    expect(instalmentsBeyondLoan([{ memberId: "m9", installment: 10 }], owed)).toEqual([{ memberId: "m9", owed: 0, instalment: 10 }]);
  });

  it("takes an instalment up to what is owed, counting every movement of the member together", () => {
    expect(instalmentsBeyondLoan([{ memberId: "m1", installment: 500 }], owed)).toEqual([]);
    expect(instalmentsBeyondLoan([{ memberId: "m1", installment: 300 }, { memberId: "m1", installment: 300 }], owed)).toEqual([{ memberId: "m1", owed: 500, instalment: 600 }]);
  });

  it("always lets an instalment be lowered or taken back, and ignores savings-only movements", () => {
    expect(instalmentsBeyondLoan([{ memberId: "m2", installment: -100 }], owed)).toEqual([]);
    expect(instalmentsBeyondLoan([{ memberId: "m2", installment: 0 }], owed)).toEqual([]);
  });
});
