import { describe, expect, it } from "vitest";
import { findUpazila, placeOf, UPAZILAS, upazilaByCode, upazilaGroups, upazilaLabel } from "./upazilas";

describe("Bangladesh's upazilas", () => {
  it("lists every upazila once by code, each with a Bengali and an English name in a known district", () => {
    expect(UPAZILAS.length).toBeGreaterThanOrEqual(490);
    expect(new Set(UPAZILAS.map((u) => u.code)).size).toBe(UPAZILAS.length);
    for (const u of UPAZILAS) {
      expect(u.bn).toMatch(/[\u0980-\u09FF]/);
      expect(u.en).toMatch(/^[A-Z][A-Za-z' ().-]+$/);
      expect(placeOf(u.code)).toBeDefined();
    }
  });

  it("finds an upazila by its district and name in either language, ignoring case and spaces; a name alone is not enough", () => {
    expect(findUpazila("Dhaka", "Savar")?.code).toBe("365");
    expect(findUpazila(" ঢাকা ", "সাভার")?.code).toBe("365");
    expect(findUpazila("dhaka", "  SAVAR ")?.code).toBe("365");
    // Nawabganj is in Dhaka and in Dinajpur.
    expect(findUpazila("Dhaka", "Nawabganj")?.code).toBe("368");
    expect(findUpazila("দিনাজপুর", "নবাবগঞ্জ")?.code).toBe("404");
    expect(findUpazila("Dinajpur", "Savar")).toBeUndefined();
    // Today's official spellings, and the old ones a spreadsheet may still hold.
    expect(findUpazila("Cox's Bazar", "Cox's Bazar Sadar")?.code).toBe("80");
    expect(findUpazila("coxsbazar", "Coxsbazar Sadar")?.code).toBe("80");
    expect(findUpazila("Comilla", "Comilla Sadar")?.code).toBe("11");
    expect(findUpazila("Barisal", "Barishal Sadar")?.code).toBe("249");
    // The upazilas made in 2021.
    expect(findUpazila("কক্সবাজার", "ঈদগাঁও")?.code).toBe("505");
    expect(findUpazila("Sunamganj", "Madhyanagar")?.code).toBe("506");
    expect(findUpazila("Madaripur", "Dasar")?.code).toBe("507");
    expect(findUpazila("", "Savar")).toBeUndefined();
    expect(upazilaByCode("99999")).toBeUndefined();
  });

  it("labels an upazila with its district in the reader's language", () => {
    expect(upazilaLabel("365", "bn")).toBe("সাভার, ঢাকা");
    expect(upazilaLabel("365", "en")).toBe("Savar, Dhaka");
    expect(upazilaLabel("nope", "en")).toBeUndefined();
  });

  it("groups the choice by district, every upazila once, in the reader's order", () => {
    for (const locale of ["bn", "en"] as const) {
      const groups = upazilaGroups(locale);
      expect(groups).toHaveLength(64);
      expect(groups.flatMap((g) => g.upazilas).length).toBe(UPAZILAS.length);
      const names = groups.map((g) => g.district);
      expect(names).toEqual([...names].sort(new Intl.Collator(locale === "bn" ? "bn-BD" : "en").compare));
    }
    expect(upazilaGroups("en")[0]!.district).toBe("Bagerhat");
  });
});
