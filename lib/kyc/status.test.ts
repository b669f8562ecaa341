import { describe, expect, it } from "vitest";
import { KycCaseStatus } from "@/lib/generated/prisma/enums";
import { canTransition, customerKycStatusFor, KYC_TRANSITIONS } from "./status";

describe("KYC state machine", () => {
  it("decides only open cases, and a new photo only reopens a case that asked for one", () => {
    const statuses = Object.values(KycCaseStatus);
    const allowed = (t: keyof typeof KYC_TRANSITIONS) => statuses.filter((s) => canTransition(t, s));
    expect(allowed("approve")).toEqual(["pending_review", "under_review"]);
    expect(allowed("reject")).toEqual(["pending_review", "under_review"]);
    expect(allowed("requestResubmission")).toEqual(["pending_review", "under_review"]);
    expect(allowed("startReview")).toEqual(["pending_review"]);
    expect(allowed("resubmitted")).toEqual(["resubmission_required"]);
  });

  it("never leaves a decided case by a decision", () => {
    for (const t of Object.keys(KYC_TRANSITIONS) as (keyof typeof KYC_TRANSITIONS)[]) {
      expect(canTransition(t, "approved")).toBe(false);
      expect(canTransition(t, "rejected")).toBe(false);
    }
  });

  it("maps the latest case onto the customer's KYC status", () => {
    expect(customerKycStatusFor("approved")).toBe("verified");
    expect(customerKycStatusFor("rejected")).toBe("rejected");
    expect(customerKycStatusFor("resubmission_required")).toBe("pending");
    expect(customerKycStatusFor("under_review")).toBe("pending");
    expect(customerKycStatusFor(null)).toBe("pending");
  });
});
