import { describe, expect, it } from "vitest";
import { entryParticulars } from "./particulars";

describe("a book line's particulars", () => {
  it("say what, whom and which record, leaving out what is missing, then the notes", () => {
    const none = { memberName: null, memberCode: null, workerName: null, recordCode: null, category: null };
    expect(entryParticulars("Withdrawal", { ...none, memberName: "Rahima", memberCode: "M-7" })).toBe("Withdrawal · Rahima (M-7)");
    expect(entryParticulars("Income", { ...none, recordCode: "IE001", category: "অনুদান" }, false, "Reversed")).toBe("Income · IE001 অনুদান · Reversed");
    expect(entryParticulars("Hand-over", { ...none, workerName: "Karim" })).toBe("Hand-over · Karim");
  });
});
