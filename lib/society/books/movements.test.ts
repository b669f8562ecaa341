import { describe, expect, it } from "vitest";
import { planSheet } from "@/lib/society/rules";
import { sheetMovements } from "./movements";

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
