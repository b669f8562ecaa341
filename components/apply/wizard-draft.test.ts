import { describe, expect, it } from "vitest";
import { clearDraft, readDraft, WIZARD_DRAFT_KEY, writeDraft, type WizardDraft } from "./wizard-draft";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const draft: WizardDraft = {
  source: "?type=salary",
  step: 3,
  loan: { loanType: "salary", amount: "২,০০,০০০", tenure: "24", purpose: "বাড়ি মেরামত" },
  personal: { name: "রহিমা খাতুন", phone: "01712-345678", email: "", dob: "1990-05-17", nid: "১২৩৪৫৬৭৮৯০", address: "মিরপুর, ঢাকা", upazilaCode: "249" },
  employment: { employmentType: "salaried", employer: "স্কয়ার", monthlyIncome: "৬০,০০০", existingLoans: "" },
};

describe("the wizard's draft", () => {
  it("comes back as it was written, Bengali digits and all, without the card flag", () => {
    const storage = memoryStorage();
    writeDraft(storage, { ...draft, personal: { ...draft.personal, nidCardCaptured: true } as WizardDraft["personal"] });
    expect(readDraft(storage)).toEqual(draft);
    expect(storage.items.get(WIZARD_DRAFT_KEY)).not.toContain("nidCardCaptured");
    clearDraft(storage);
    expect(readDraft(storage)).toBeNull();
  });

  it("is ignored when it is not one this version wrote", () => {
    const storage = memoryStorage();
    for (const stored of ["{not json", "null", "[]", JSON.stringify({ ...draft, step: 7 }), JSON.stringify({ ...draft, loan: { amount: 5 } }), JSON.stringify({ ...draft, source: undefined }), JSON.stringify({ ...draft, employment: { employer: "x".repeat(1001) } })]) {
      storage.items.set(WIZARD_DRAFT_KEY, stored);
      expect(readDraft(storage)).toBeNull();
    }
  });

  it("never breaks the wizard when storage refuses (private mode, full)", () => {
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(() => writeDraft(refusing, draft)).not.toThrow();
    expect(() => clearDraft(refusing)).not.toThrow();
    expect(readDraft(refusing)).toBeNull();
  });
});
