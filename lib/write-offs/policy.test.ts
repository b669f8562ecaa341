import { describe, expect, it } from "vitest";
import { DEFAULT_WRITE_OFF_POLICY, latestWriteOffDay, writeOffRefusal, type WriteOffFacts } from "./policy";

const BAD_FROM_DAYS = 366; // the seeded rules: bad is over 365 days overdue
const bad: WriteOffFacts = { status: "disbursed", principalOutstanding: 40_000, oldestUnpaidDue: "2023-06-01", lastProvisionRequired: 40_000 };

describe("the write-off policy (the regulator's defaults)", () => {
  it("dates a write-off on the latest 30 June or 31 December not after today", () => {
    expect(latestWriteOffDay("2026-11-29", DEFAULT_WRITE_OFF_POLICY.allowedDays)).toBe("2026-06-30");
    expect(latestWriteOffDay("2026-06-29", DEFAULT_WRITE_OFF_POLICY.allowedDays)).toBe("2025-12-31");
    expect(latestWriteOffDay("2026-12-31", DEFAULT_WRITE_OFF_POLICY.allowedDays)).toBe("2026-12-31");
  });

  it("takes a loan bad for two years and fully provisioned, on a policy day", () => {
    // Overdue from 1 June 2023: bad from 1 June 2024 (366 days), two years of it by 1 June 2026.
    expect(writeOffRefusal(bad, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBeNull();
  });

  it("refuses a loan bad for less than two years, not fully provisioned, not running, or on another day", () => {
    expect(writeOffRefusal({ ...bad, oldestUnpaidDue: "2024-08-01" }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("notBadLongEnough");
    // The edge: bad from 30 June 2024 exactly two years before.
    expect(writeOffRefusal({ ...bad, oldestUnpaidDue: "2023-06-30" }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe(null);
    expect(writeOffRefusal({ ...bad, oldestUnpaidDue: "2023-07-01" }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("notBadLongEnough");
    expect(writeOffRefusal({ ...bad, lastProvisionRequired: 30_000 }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("notFullyProvisioned");
    expect(writeOffRefusal({ ...bad, lastProvisionRequired: null }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("notFullyProvisioned");
    expect(writeOffRefusal({ ...bad, lastProvisionRequired: null }, "2026-06-30", "2026-11-29", { ...DEFAULT_WRITE_OFF_POLICY, requireFullyProvisioned: false }, BAD_FROM_DAYS)).toBeNull();
    expect(writeOffRefusal({ ...bad, status: "closed" }, "2026-06-30", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("loanNotRunning");
    expect(writeOffRefusal(bad, "2026-07-31", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("notWriteOffDay");
    expect(writeOffRefusal(bad, "2026-12-31", "2026-11-29", DEFAULT_WRITE_OFF_POLICY, BAD_FROM_DAYS)).toBe("futureWriteOffDay");
    expect(writeOffRefusal(bad, "2026-09-30", "2026-11-29", { ...DEFAULT_WRITE_OFF_POLICY, allowedDays: ["09-30"] }, BAD_FROM_DAYS)).toBeNull();
  });
});
