import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "@/lib/format";
import { withShownDetails } from "./shown-error";

describe("withShownDetails", () => {
  it("gives a count the screen's digits and a day its date, leaving codes and amounts as they are", () => {
    const error = { code: "conflict" as const, reason: "workerHasMembers", details: { count: 12, through: "2026-11-16", code: "SAL001", amount: 1500 } };
    expect(withShownDetails(error, "bn")?.details).toEqual({ count: "১২", through: formatCalendarDate("2026-11-16", "bn"), code: "SAL001", amount: 1500 });
    expect(withShownDetails(error, "en")?.details).toEqual({ count: "12", through: "16 November 2026", code: "SAL001", amount: 1500 });
  });

  it("passes an error without details through", () => {
    expect(withShownDetails(null, "bn")).toBeNull();
    expect(withShownDetails({ code: "server" }, "bn")).toEqual({ code: "server" });
  });
});
