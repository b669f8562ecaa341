import { describe, expect, it } from "vitest";
import { approvalOf } from "./two-sided-approval";

const open = { status: "requested", requestedById: "maker", fromApprovedById: null, toApprovedById: null };
const both = { from: true, to: true };

describe("a move's two approvals", () => {
  it("the first approver who sees both sides approves the side it leaves; the second completes it", () => {
    const first = approvalOf(open, "a", both);
    expect(first).toEqual({ ok: true, side: "from", approvals: { fromApprovedById: "a", toApprovedById: null }, completed: false });
    expect(approvalOf({ ...open, fromApprovedById: "a" }, "b", both)).toEqual({ ok: true, side: "to", approvals: { fromApprovedById: "a", toApprovedById: "b" }, completed: true });
  });

  it("someone who sees only the side it joins approves that side first", () => {
    expect(approvalOf(open, "b", { from: false, to: true })).toMatchObject({ ok: true, side: "to", completed: false });
  });

  it("refuses the requester, a second approval by one person, a side already approved, and a decided move", () => {
    expect(approvalOf(open, "maker", both)).toEqual({ ok: false, error: { code: "forbidden", reason: "sameAsRequester" } });
    expect(approvalOf({ ...open, fromApprovedById: "a" }, "a", both)).toEqual({ ok: false, error: { code: "forbidden", reason: "alreadyApprovedByYou" } });
    expect(approvalOf({ ...open, fromApprovedById: "a" }, "c", { from: true, to: false })).toEqual({ ok: false, error: { code: "conflict", reason: "awaitingOtherBranch" } });
    expect(approvalOf({ ...open, status: "rejected" }, "c", both)).toEqual({ ok: false, error: { code: "conflict", reason: "transferDecided", details: { status: "rejected" } } });
  });
});
