import { describe, expect, it } from "vitest";
import { suggestedDisbursementChannel } from "./disbursement-channel";

describe("suggestedDisbursementChannel", () => {
  it("takes a wallet from the payout account's name, in either language, else the bank", () => {
    expect(suggestedDisbursementChannel("bKash (mobile account)")).toBe("bkash");
    expect(suggestedDisbursementChannel("নগদ")).toBe("nagad");
    expect(suggestedDisbursementChannel("Dutch-Bangla Rocket")).toBe("rocket");
    expect(suggestedDisbursementChannel("Sonali Bank")).toBe("bank_transfer");
    expect(suggestedDisbursementChannel(null)).toBe("bank_transfer");
  });
});
