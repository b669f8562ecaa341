import { describe, expect, it } from "vitest";
import { parseCardDate, parseNidCardText } from "./card-fields";

const NOW = new Date("2026-11-23T00:00:00Z");

describe("parseNidCardText", () => {
  it("reads the test card's layout, each label above its value", () => {
    const text = "PEOPLE'S REPUBLIC OF BANGLADESH\nNational ID Card - TEST SPECIMEN\n\nName\n\nTEST APPLICANT\n\nFather\n\nTEST FATHER\n\nMother\n\nTEST MOTHER\n\nDate of Birth\n\n15 May 1990\n\nNID No. 1234 567 890\n";
    expect(parseNidCardText(text, NOW)).toEqual({ nidNumber: "1234567890", fullName: "TEST APPLICANT", dateOfBirth: "1990-05-15" });
  });

  it("reads a smart card's front, labels and values on one line, with Bengali lines around them", () => {
    const text = [
      "গণপ্রজাতন্ত্রী বাংলাদেশ সরকার",
      "Government of the People's Republic of Bangladesh",
      "National ID Card / জাতীয় পরিচয় পত্র",
      "নাম: মোঃ রহিম উদ্দিন",
      "Name: MD RAHIM UDDIN",
      "পিতা: মোঃ নুর উদ্দিন",
      "মাতা: হাসিনা বেগম",
      "Date of Birth: 07 Mar 1985",
      "ID NO: 1234 567 890",
    ].join("\n");
    expect(parseNidCardText(text, NOW)).toEqual({ nidNumber: "1234567890", fullName: "MD RAHIM UDDIN", dateOfBirth: "1985-03-07" });
  });

  it("reads the old card's 13- and 17-digit numbers", () => {
    expect(parseNidCardText("National ID No. 1985123456789", NOW).nidNumber).toBe("1985123456789");
    expect(parseNidCardText("NID No : 1985 2612 3456 78901", NOW).nidNumber).toBe("19852612345678901");
  });

  it("tolerates OCR noise inside the number and Bengali digits", () => {
    expect(parseNidCardText("ID NO: 12O4 5G7 89O", NOW).nidNumber).toBe("1204567890");
    expect(parseNidCardText("ID NO: ১২৩৪ ৫৬৭ ৮৯০", NOW).nidNumber).toBe("1234567890");
    expect(parseNidCardText("ID N0. 1234-567-890", NOW).nidNumber).toBe("1234567890");
  });

  it("leaves out a number of the wrong length, a missing name and an impossible date, never guessing", () => {
    expect(parseNidCardText("ID NO: 1234 567 89\nName: 42\nDate of Birth: 31 Feb 1985", NOW)).toEqual({ nidNumber: null, fullName: null, dateOfBirth: null });
    expect(parseNidCardText("", NOW)).toEqual({ nidNumber: null, fullName: null, dateOfBirth: null });
  });

  it("cleans punctuation noise from the name line", () => {
    expect(parseNidCardText("Name: | RAHIMA KHATUN .", NOW).fullName).toBe("RAHIMA KHATUN");
    expect(parseNidCardText("Name: MST. RAHIMA KHATUN", NOW).fullName).toBe("MST. RAHIMA KHATUN");
  });
});

describe("parseCardDate", () => {
  it("reads the printed forms", () => {
    expect(parseCardDate("07 Mar 1985", NOW)).toBe("1985-03-07");
    expect(parseCardDate("7 March 1985", NOW)).toBe("1985-03-07");
    expect(parseCardDate("01 0ct 1992", NOW)).toBe("1992-10-01");
    expect(parseCardDate("07/03/1985", NOW)).toBe("1985-03-07");
    expect(parseCardDate("1985-03-07", NOW)).toBe("1985-03-07");
  });

  it("refuses dates that cannot be a birth date", () => {
    expect(parseCardDate("07 Mar 2030", NOW)).toBeNull();
    expect(parseCardDate("07 Mar 1850", NOW)).toBeNull();
    expect(parseCardDate("30 Feb 1990", NOW)).toBeNull();
    expect(parseCardDate("07 Xyz 1985", NOW)).toBeNull();
  });
});
