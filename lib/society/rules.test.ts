import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarMonth, daysDueThisMonth, initialOf, missedDays, monthOf, monthlyTarget, planSheet, salaryTotal, truncateName } from "./rules";
import { societyCode, societyCodeNumber, societyCodes } from "./codes";

describe("society codes", () => {
  it("pads to three digits and grows past 999", () => {
    expect(societyCode("W", 1)).toBe("W001");
    expect(societyCode("IE", 42)).toBe("IE042");
    expect(societyCode("C", 1000)).toBe("C1000");
    expect(societyCodes("salary", 9, 2)).toEqual(["WS010", "WS011"]);
  });
  it("reads the number back and ignores foreign codes", () => {
    expect(societyCodeNumber("member", "M017")).toBe(17);
    expect(societyCodeNumber("member", "W017")).toBeNull();
    expect(societyCodeNumber("incomeExpense", "IE12a")).toBeNull();
  });
  it("refuses a non-positive number", () => {
    expect(() => societyCode("M", 0)).toThrow(RangeError);
  });
});

describe("society arithmetic", () => {
  it("salary total is base plus bonus minus deductions", () => {
    expect(salaryTotal(8000, 500, 200)).toBe(8300);
  });
  it("monthly target is the daily instalment plus savings of all members times 30", () => {
    expect(monthlyTarget([{ installmentAmount: 200, savingsAmount: 50 }, { installmentAmount: 0, savingsAmount: 30 }])).toBe(8400);
    expect(monthlyTarget([])).toBe(0);
  });
  it("missed days are the day of month minus collected days, never negative", () => {
    expect(missedDays(23, 20)).toBe(3);
    expect(missedDays(5, 7)).toBe(0);
  });
  it("truncates by visible characters, keeping Bengali vowel signs with their letters", () => {
    expect(truncateName("Rafiqul Islam Khan", 12)).toBe("Rafiqul Isla…");
    expect(truncateName("রফিকুল ইসলাম", 12)).toBe("রফিকুল ইসলাম");
    const name = "মোছাঃ শিরিনা আক্তার খাতুন চৌধুরী";
    const cut = truncateName(name, 15);
    expect(cut.endsWith("…")).toBe(true);
    const kept = cut.slice(0, -1);
    expect(name.startsWith(kept)).toBe(true);
    // The next character is not a vowel sign or virama left behind by the cut.
    expect(/^[\p{M}\u09CD]/u.test(name.slice(kept.length))).toBe(false);
    expect(truncateName("Short", 12)).toBe("Short");
  });
  it("initial of a name", () => {
    expect(initialOf("amena")).toBe("A");
    expect(initialOf("কুলসুম")).toBe("কু");
    expect(initialOf("  ")).toBe("?");
  });
});

describe("planSheet", () => {
  const existing = [
    { id: "c1", memberId: "m1", installment: 200, savings: 50 },
    { id: "c2", memberId: "m2", installment: 100, savings: 0 },
    { id: "c3", memberId: "m3", installment: 0, savings: 30 },
  ];
  it("creates rows for members with an amount and none for empty members", () => {
    const plan = planSheet([], [
      { memberId: "m1", installment: 200, savings: 50 },
      { memberId: "m2", installment: null, savings: null },
      { memberId: "m3", installment: 0, savings: 0 },
    ]);
    expect(plan).toEqual({ create: [{ memberId: "m1", installment: 200, savings: 50 }], update: [], remove: [], delta: 250 });
  });
  it("saving again updates changed rows, removes emptied ones, keeps unchanged ones, and adds only the difference", () => {
    const plan = planSheet(existing, [
      { memberId: "m1", installment: 200, savings: 50 },
      { memberId: "m2", installment: 150, savings: 10 },
      { memberId: "m3", installment: null, savings: null },
      { memberId: "m4", installment: 20, savings: null },
    ]);
    expect(plan.create).toEqual([{ memberId: "m4", installment: 20, savings: 0 }]);
    expect(plan.update).toEqual([{ id: "c2", installment: 150, savings: 10 }]);
    expect(plan.remove).toEqual(["c3"]);
    expect(plan.delta).toBe(20 + 60 - 30);
  });
  it("the worker's total after any sequence of saves equals the sum of the last save (property)", () => {
    const amount = fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null });
    const sheet = fc.array(fc.record({ installment: amount, savings: amount }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.array(sheet, { minLength: 1, maxLength: 5 }), (saves) => {
        let rows: { id: string; memberId: string; installment: number; savings: number }[] = [];
        let total = 0;
        let nextId = 0;
        for (const save of saves) {
          const entries = save.map((e, i) => ({ memberId: `m${i}`, ...e }));
          const plan = planSheet(rows, entries);
          total += plan.delta;
          rows = rows.filter((r) => !plan.remove.includes(r.id)).map((r) => {
            const u = plan.update.find((x) => x.id === r.id);
            return u ? { ...r, installment: u.installment, savings: u.savings } : r;
          });
          rows.push(...plan.create.map((c) => ({ id: `c${nextId++}`, ...c })));
        }
        const last = saves.at(-1)!;
        const lastMembers = new Set(last.map((_, i) => `m${i}`));
        const kept = rows.filter((r) => !lastMembers.has(r.memberId));
        const expected = last.reduce((s, e) => s + (e.installment ?? 0) + (e.savings ?? 0), 0) + kept.reduce((s, r) => s + r.installment + r.savings, 0);
        expect(total).toBe(expected);
        expect(new Set(rows.map((r) => r.memberId)).size).toBe(rows.length);
      }),
    );
  });
});

describe("monthOf", () => {
  it("gives the month's bounds as calendar dates and the day of month", () => {
    const m = monthOf("2026-12-31");
    expect(m.start.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(m.end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(m.dayOfMonth).toBe(31);
    expect(m.month).toBe("2026-12");
  });
});

describe("calendarMonth", () => {
  it("lays November 2026 out Saturday first, with collected, missed and upcoming days", () => {
    const collected = new Map([["2026-11-01", { installment: 100, savings: 50 }], ["2026-11-23", { installment: 100, savings: 0 }]]);
    const month = calendarMonth("2026-11", "2026-11-23", collected);
    // 1 November 2026 is a Sunday: one blank Saturday before it.
    expect(month.weeks[0]![0]).toBeNull();
    expect(month.weeks[0]![1]).toMatchObject({ day: 1, state: "collected", installment: 100, savings: 50 });
    expect(month.weeks.every((w) => w.length === 7)).toBe(true);
    expect(month.weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(month.weeks.flat().find((d) => d?.day === 24)?.state).toBe("upcoming");
    expect(month).toMatchObject({ installment: 200, savings: 50, collectedDays: 2 });
    // The spec's rule for the current month: day of month minus collected days.
    expect(month.missedDays).toBe(missedDays(23, 2));
  });

  it("counts every uncollected day of a past month as missed and none of a future month", () => {
    expect(calendarMonth("2024-02", "2026-11-23", new Map()).missedDays).toBe(29);
    expect(calendarMonth("2027-01", "2026-11-23", new Map()).missedDays).toBe(0);
  });
});

describe("the days of this month a member was due to pay", () => {
  it("is the day of the month for a member who joined before it, and counts from the joining day otherwise", () => {
    expect(daysDueThisMonth("2026-11-28", "2025-03-20")).toBe(28);
    expect(daysDueThisMonth("2026-11-28", "2026-11-28")).toBe(1);
    expect(daysDueThisMonth("2026-11-28", "2026-11-20")).toBe(9);
    expect(daysDueThisMonth("2026-11-28", "2026-11-29")).toBe(0);
    // A member who joined today and paid today has missed nothing (the walk's member showed 27 missed days).
    expect(missedDays(daysDueThisMonth("2026-11-28", "2026-11-28"), 1)).toBe(0);
  });
});
