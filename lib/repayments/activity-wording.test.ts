import { describe, expect, it } from "vitest";
import { activityWording, readActivityFacts } from "./activity-wording";

describe("collection activity wording", () => {
  it("words the facts each kind of activity records", () => {
    expect(activityWording("call_made", { emiNumber: 3, tenure: 12, dueDate: "2026-11-05" })).toEqual({ key: "callAbout", values: { emi: 3, tenure: 12, due: "2026-11-05" } });
    expect(activityWording("reminder_sent", { emiNumber: 4, tenure: 12, amount: 2500, dueDate: "2026-12-05", language: "en" })).toEqual({
      key: "reminder",
      values: { emi: 4, tenure: 12, amount: 2500, due: "2026-12-05", language: "en" },
    });
    expect(activityWording("reminder_sent", { emiNumber: 7, dueDate: "2026-11-26" })).toEqual({ key: "reminderDue", values: { emi: 7, due: "2026-11-26" } });
    expect(activityWording("payment_received", { emiNumber: 4, amount: 4500 })).toEqual({ key: "paymentReceived", values: { emi: 4, amount: 4500 } });
    expect(activityWording("auto_collection", { emiNumber: 6 })).toEqual({ key: "autoMatched", values: { emi: 6 } });
    expect(activityWording("promise_to_pay", { promisedDate: "2026-11-25" })).toEqual({ key: "promise", values: { date: "2026-11-25" } });
  });

  it("has no words for facts that are missing: the note then stands alone", () => {
    expect(activityWording("call_made", { emiNumber: 3 })).toBeNull();
    expect(activityWording("field_visit", {})).toBeNull();
    expect(activityWording("promise_to_pay", {})).toBeNull();
  });

  it("reads back only well-typed facts from the database's JSON", () => {
    expect(readActivityFacts({ emiNumber: 3, tenure: "12", dueDate: "5 October", amount: -1, language: "fr", extra: 1 })).toEqual({ emiNumber: 3 });
    expect(readActivityFacts(null)).toEqual({});
    expect(readActivityFacts(["x"])).toEqual({});
    expect(readActivityFacts({ dueDate: "2026-11-05", promisedDate: "2026-11-25", language: "bn", amount: 0 })).toEqual({
      dueDate: "2026-11-05",
      promisedDate: "2026-11-25",
      language: "bn",
      amount: 0,
    });
  });
});
