import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMonthDay,
  formatMonthDays,
  formatNumber,
  formatPercent,
  formatPhone,
  formatTaka,
  localizeDigits,
  parseNumberInput,
  toAsciiDigits,
} from "./index";

describe("formatTaka", () => {
  it("puts ৳ in front with Bengali digits and lakh grouping in Bengali", () => {
    expect(formatTaka(4584, "bn")).toBe("৳৪,৫৮৪");
    expect(formatTaka(1_000_000, "bn")).toBe("৳১০,০০,০০০");
  });

  it("uses lakh/crore grouping in English too", () => {
    expect(formatTaka(1_000_000, "en")).toBe("৳10,00,000");
    expect(formatTaka(10_00_00_000, "en")).toBe("৳10,00,00,000");
    expect(formatTaka(4584, "en")).toBe("৳4,584");
  });

  it("shows no decimals and rounds to whole taka", () => {
    expect(formatTaka(4583.6, "en")).toBe("৳4,584");
    expect(formatTaka(4583.4, "en")).toBe("৳4,583");
    expect(formatTaka(0, "bn")).toBe("৳০");
  });

  it("puts the minus sign before the ৳", () => {
    expect(formatTaka(-1500, "en")).toBe("-৳1,500");
  });
});

describe("formatNumber and formatPercent", () => {
  it("formats plain numbers per locale", () => {
    expect(formatNumber(50_000, "bn")).toBe("৫০,০০০");
    expect(formatNumber(50_000, "en")).toBe("50,000");
  });

  it("groups whole numbers exactly as Intl does (bn-BD, en-IN), at every length and sign", () => {
    const samples = [0, -0, 7, -7, 999, 1_000, -1_000, 99_999, 1_00_000, -12_34_567, 10_00_00_000, 12_34_56_78_901, Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 15; digits++) samples.push(Number("9".repeat(digits)), -Number("1".padEnd(digits, "0")));
    samples.push(-Number("1".padEnd(16, "0")));
    const intl = { bn: new Intl.NumberFormat("bn-BD", { maximumFractionDigits: 0 }), en: new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }) };
    for (const value of samples) {
      for (const locale of ["bn", "en"] as const) expect(formatNumber(value, locale), `${value} ${locale}`).toBe(intl[locale].format(value));
    }
    expect(formatNumber(12_34_567, "bn")).toBe("১২,৩৪,৫৬৭");
    expect(formatNumber(-0, "en")).toBe("-0");
  });

  it("builds no Intl.NumberFormat for a whole number (the first one costs a slow phone ~80 ms)", () => {
    const original = Intl.NumberFormat;
    Intl.NumberFormat = function () {
      throw new Error("Intl.NumberFormat was built");
    } as unknown as typeof Intl.NumberFormat;
    try {
      expect(formatNumber(4_58_400, "bn", 2)).toBe("৪,৫৮,৪০০");
      expect(formatTaka(-1_500, "en")).toBe("-৳1,500");
      expect(formatPercent(18, "en")).toBe("18%");
      expect(() => formatNumber(1.2345, "en", 3)).toThrow("Intl.NumberFormat was built"); // a fraction still goes to Intl
    } finally {
      Intl.NumberFormat = original;
    }
  });

  it("formats percentages with up to two decimals", () => {
    expect(formatPercent(18, "en")).toBe("18%");
    expect(formatPercent(18, "bn")).toBe("১৮%");
    expect(formatPercent(12.5, "en")).toBe("12.5%");
    expect(formatPercent(12.5, "bn")).toBe("১২.৫%");
  });
});

describe("digits", () => {
  it("converts Bengali digits to ASCII and back", () => {
    expect(toAsciiDigits("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
    expect(localizeDigits("LB1234", "bn")).toBe("LB১২৩৪");
    expect(localizeDigits("LB1234", "en")).toBe("LB1234");
  });
});

describe("parseNumberInput", () => {
  it("reads Bengali digits", () => {
    expect(parseNumberInput("১২৩")).toBe(123);
    expect(parseNumberInput("৫০,০০০")).toBe(50_000);
    expect(parseNumberInput("১০,০০,০০০")).toBe(1_000_000);
  });

  it("reads ASCII digits with grouping, spaces, ৳ and Tk", () => {
    expect(parseNumberInput("50000")).toBe(50_000);
    expect(parseNumberInput("50,000")).toBe(50_000);
    expect(parseNumberInput(" ৳ 50,000 ")).toBe(50_000);
    expect(parseNumberInput("Tk. 500")).toBe(500);
    expect(parseNumberInput("১২.৫")).toBe(12.5);
  });

  it("returns null for anything that is not a number", () => {
    expect(parseNumberInput("")).toBeNull();
    expect(parseNumberInput("   ")).toBeNull();
    expect(parseNumberInput("abc")).toBeNull();
    expect(parseNumberInput("১২x")).toBeNull();
    expect(parseNumberInput("1e5")).toBeNull();
    expect(parseNumberInput("12.")).toBeNull();
    expect(parseNumberInput("Infinity")).toBeNull();
  });
});

describe("formatDate", () => {
  // 20:00 UTC on 1 January is 02:00 on 2 January in Dhaka (UTC+6).
  const lateEveningUtc = "2026-01-01T20:00:00Z";

  it("shows the calendar date in Asia/Dhaka, not UTC", () => {
    expect(formatDate(lateEveningUtc, "en")).toBe("2 January 2026");
    expect(formatDate(lateEveningUtc, "bn")).toBe("২ জানুয়ারি, ২০২৬");
  });

  it("accepts Date objects and timestamps", () => {
    const date = new Date(lateEveningUtc);
    expect(formatDate(date, "en")).toBe("2 January 2026");
    expect(formatDate(date.getTime(), "en")).toBe("2 January 2026");
  });

  it("honours custom options", () => {
    expect(formatDate(lateEveningUtc, "en", { day: "2-digit", month: "2-digit", year: "numeric" })).toBe("02/01/2026");
  });

  it("includes the Dhaka time in formatDateTime", () => {
    expect(formatDateTime(lateEveningUtc, "en")).toContain("2 Jan 2026");
    expect(formatDateTime(lateEveningUtc, "en")).toMatch(/\b2:00\b/);
    expect(formatDateTime(lateEveningUtc, "bn")).toContain("২:০০");
  });
});

describe("formatPhone", () => {
  it("writes an E.164 number the local way, split after five digits", () => {
    expect(formatPhone("+8809612345678")).toBe("09612-345678");
    expect(formatPhone("+8801712345678")).toBe("01712-345678");
  });

  it("keeps Latin digits, as every number people dial or type does (the same in both languages)", () => {
    expect(formatPhone("+8809612345678")).toMatch(/^[0-9-]+$/);
  });

  it("leaves numbers of unexpected length unsplit", () => {
    expect(formatPhone("+88029123456")).toBe("029123456");
  });
});

describe("formatMonthDay / formatMonthDays", () => {
  it("says a day of the year as people do, in both languages, and lists days as alternatives", () => {
    expect(formatMonthDay("06-30", "en")).toBe("30 June");
    expect(formatMonthDay("06-30", "bn")).toBe("৩০ জুন");
    expect(formatMonthDays(["06-30", "12-31"], "en")).toBe("30 June or 31 December");
    expect(formatMonthDays(["06-30", "12-31"], "bn")).toBe("৩০ জুন বা ৩১ ডিসেম্বর");
    expect(formatMonthDays(["03-31"], "en")).toBe("31 March");
    expect(formatMonthDays(["03-31", "06-30", "12-31"], "en")).toBe("31 March, 30 June or 31 December");
    expect(formatMonthDays(["03-31", "06-30", "12-31"], "bn")).toBe("৩১ মার্চ, ৩০ জুন বা ৩১ ডিসেম্বর");
  });
});
