import { describe, expect, it } from "vitest";
import { displayName, stillFromCard } from "./card-proposal";

describe("card proposal", () => {
  it("writes an all-capitals card name the way people write it", () => {
    expect(displayName("MD RAHIM UDDIN")).toBe("Md Rahim Uddin");
    expect(displayName("  RAHIMA   KHATUN ")).toBe("Rahima Khatun");
    expect(displayName("MD. ABDUL-KARIM")).toBe("Md. Abdul-Karim");
  });

  it("leaves mixed-case and Bengali names alone", () => {
    expect(displayName("Rahima Khatun")).toBe("Rahima Khatun");
    expect(displayName("রহিমা খাতুন")).toBe("রহিমা খাতুন");
  });

  it("marks a field only while it still holds what the card gave", () => {
    expect(stillFromCard({ nid: "1234567890" }, "nid", "1234567890")).toBe(true);
    expect(stillFromCard({ nid: "1234567890" }, "nid", "1234567891")).toBe(false);
    expect(stillFromCard({}, "name", "")).toBe(false);
  });
});
