import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { dhakaToday } from "@/lib/format";
import { ageOn, type ProductLimits } from "./rules";
import { buildApplicationSchema, buildLoanDetailsSchema, buildPersonalInfoSchema, employmentInfoSchema, simulatedNidResultSchema } from "./schemas";

/** The spec's four products (section 9). */
const PRODUCTS: ProductLimits[] = [
  { key: "instant", minAmount: 5_000, maxAmount: 50_000, minTenure: 1, maxTenure: 12 },
  { key: "salary", minAmount: 50_000, maxAmount: 1_000_000, minTenure: 12, maxTenure: 60 },
  { key: "consumer", minAmount: 100_000, maxAmount: 2_000_000, minTenure: 24, maxTenure: 84 },
  { key: "business", minAmount: 25_000, maxAmount: 500_000, minTenure: 6, maxTenure: 36 },
];

const TODAY = "2026-11-22";
const today = () => TODAY;

/** Field path -> first message key, or null when the value is valid. */
function errors(result: z.ZodSafeParseResult<unknown>): Record<string, string> | null {
  if (result.success) return null;
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

describe("loan details (step 1)", () => {
  const schema = buildLoanDetailsSchema(PRODUCTS);
  const good = { loanType: "instant", amount: "৫০,০০০", tenure: "12", purpose: "Shop stock" };

  it("accepts typed values and cleans them: Bengali digits, grouping commas, ৳", () => {
    expect(schema.parse(good)).toEqual({ loanType: "instant", amount: 50_000, tenure: 12, purpose: "Shop stock" });
    expect(schema.parse({ ...good, amount: "৳ 5,000", tenure: "৬" })).toMatchObject({ amount: 5_000, tenure: 6 });
    expect(schema.parse({ ...good, amount: 20_000, tenure: 6 })).toMatchObject({ amount: 20_000, tenure: 6 });
    expect(schema.parse({ ...good, purpose: "  trimmed  " }).purpose).toBe("trimmed");
  });

  it("requires every field", () => {
    expect(errors(schema.safeParse({}))).toEqual({
      loanType: "required",
      amount: "required",
      tenure: "required",
      purpose: "required",
    });
    expect(errors(schema.safeParse({ ...good, amount: "", tenure: "", purpose: "   " }))).toEqual({
      amount: "required",
      tenure: "required",
      purpose: "required",
    });
  });

  it("refuses an unknown loan type", () => {
    expect(errors(schema.safeParse({ ...good, loanType: "mortgage" }))).toEqual({ loanType: "required" });
  });

  it.each([
    ["abc", "invalidAmount"],
    ["-5000", "invalidAmount"],
    ["0", "invalidAmount"],
    ["5000.50", "invalidAmount"],
    ["2,000,000,000", "invalidAmount"],
  ])("amount %s -> %s", (amount, key) => {
    expect(errors(schema.safeParse({ ...good, amount }))).toEqual({ amount: key });
  });

  it("keeps the amount within the chosen product's range, bounds included", () => {
    expect(errors(schema.safeParse({ ...good, amount: "5000" }))).toBeNull();
    expect(errors(schema.safeParse({ ...good, amount: "50000" }))).toBeNull();
    expect(errors(schema.safeParse({ ...good, amount: "4999" }))).toEqual({ amount: "amountOutOfRange" });
    expect(errors(schema.safeParse({ ...good, amount: "50001" }))).toEqual({ amount: "amountOutOfRange" });
    expect(errors(schema.safeParse({ ...good, loanType: "salary", amount: "40000" }))).toEqual({ amount: "amountOutOfRange" });
    expect(errors(schema.safeParse({ ...good, loanType: "consumer", amount: "২০,০০,০০০", tenure: "24" }))).toBeNull();
  });

  it("allows only the fixed tenure list, limited to the product's range", () => {
    for (const tenure of ["5", "7", "13", "84", "1"]) {
      expect(errors(schema.safeParse({ ...good, tenure })), tenure).toEqual({ tenure: "tenureNotAllowed" });
    }
    // instant: 1-12 months -> 6 and 12 only
    expect(errors(schema.safeParse({ ...good, tenure: "6" }))).toBeNull();
    expect(errors(schema.safeParse({ ...good, tenure: "18" }))).toEqual({ tenure: "tenureNotAllowed" });
    // consumer: 24-84 -> 24..60
    const consumer = { ...good, loanType: "consumer", amount: "100000" };
    expect(errors(schema.safeParse({ ...consumer, tenure: "12" }))).toEqual({ tenure: "tenureNotAllowed" });
    expect(errors(schema.safeParse({ ...consumer, tenure: "60" }))).toBeNull();
    // business: 6-36
    const business = { ...good, loanType: "business", amount: "25000" };
    expect(errors(schema.safeParse({ ...business, tenure: "36" }))).toBeNull();
    expect(errors(schema.safeParse({ ...business, tenure: "48" }))).toEqual({ tenure: "tenureNotAllowed" });
  });

  it("treats a product missing from the limits (inactive) as not offered", () => {
    const onlySalary = buildLoanDetailsSchema(PRODUCTS.filter((p) => p.key === "salary"));
    expect(errors(onlySalary.safeParse(good))).toEqual({ loanType: "required" });
  });

  it("limits the purpose length", () => {
    expect(errors(schema.safeParse({ ...good, purpose: "x".repeat(501) }))).toEqual({ purpose: "tooLong" });
    expect(errors(schema.safeParse({ ...good, purpose: "x".repeat(500) }))).toBeNull();
  });
});

describe("personal info (step 2)", () => {
  const schema = buildPersonalInfoSchema(today);
  const good = {
    name: "Rahima Begum",
    phone: "01712-345678",
    email: "",
    dob: "1990-05-17",
    nid: "1234567890",
    address: "House 12, Road 5, Mirpur, Dhaka",
    nidCardCaptured: true,
  };

  it("accepts good values and normalizes phone, NID and e-mail", () => {
    expect(schema.parse(good)).toEqual({ ...good, phone: "+8801712345678", email: undefined });
    expect(schema.parse({ ...good, email: " Rahima@Example.COM " }).email).toBe("rahima@example.com");
  });

  it.each([
    ["+৮৮০ ১৭১২-৩৪৫৬৭৮", "+8801712345678"],
    ["8801712345678", "+8801712345678"],
    ["+880 1912 345678", "+8801912345678"],
    ["০১৭১২৩৪৫৬৭৮", "+8801712345678"],
  ])("phone %s -> %s", (phone, e164) => {
    expect(schema.parse({ ...good, phone }).phone).toBe(e164);
  });

  it.each(["01212345678", "0171234567", "017123456789", "12345", "+1 202 555 0100"])("phone %s is invalid", (phone) => {
    expect(errors(schema.safeParse({ ...good, phone }))).toEqual({ phone: "invalidPhone" });
  });

  it.each([
    ["1234567890", "1234567890"],
    ["1234567890123", "1234567890123"],
    ["19901234567890123", "19901234567890123"],
    ["১২৩৪৫৬৭৮৯০", "1234567890"],
    ["১৯৯০১২৩৪৫৬৭৮৯০১২৩", "19901234567890123"],
  ])("NID %s -> %s", (nid, expected) => {
    expect(schema.parse({ ...good, nid }).nid).toBe(expected);
  });

  it.each(["12345678901", "123456789", "123456789012345", "১২৩৪৫৬৭৮৯০১"])("NID %s is invalid", (nid) => {
    expect(errors(schema.safeParse({ ...good, nid }))).toEqual({ nid: "invalidNid" });
  });

  it("is 18 on the birthday exactly and under age one day before", () => {
    expect(errors(schema.safeParse({ ...good, dob: "2008-11-22" }))).toBeNull();
    expect(errors(schema.safeParse({ ...good, dob: "2008-11-23" }))).toEqual({ dob: "underAge" });
    expect(errors(schema.safeParse({ ...good, dob: "২০০৮-১১-২২" }))).toBeNull();
  });

  it("refuses impossible or absurd dates of birth", () => {
    for (const dob of ["2001-02-30", "17/05/1990", "1990-5-17", "1900-01-01", "2030-01-01"]) {
      const key = dob === "2030-01-01" ? "underAge" : "invalidDate";
      expect(errors(schema.safeParse({ ...good, dob })), dob).toEqual({ dob: key });
    }
  });

  it("makes e-mail optional but checks it when given", () => {
    const { email: _omit, ...withoutEmail } = good;
    void _omit;
    expect(errors(schema.safeParse(withoutEmail))).toBeNull();
    expect(errors(schema.safeParse({ ...good, email: "not-an-email" }))).toEqual({ email: "invalidEmail" });
    expect(errors(schema.safeParse({ ...good, email: "a@b" }))).toEqual({ email: "invalidEmail" });
  });

  it("requires the NID card to be captured", () => {
    expect(errors(schema.safeParse({ ...good, nidCardCaptured: false }))).toEqual({ nidCardCaptured: "nidCardRequired" });
    expect(errors(schema.safeParse({ ...good, nidCardCaptured: undefined }))).toEqual({ nidCardCaptured: "nidCardRequired" });
  });

  it("requires name, phone, dob, NID and address", () => {
    expect(errors(schema.safeParse({ ...good, name: " ", phone: "", dob: "", nid: "", address: "" }))).toEqual({
      name: "required",
      phone: "required",
      dob: "required",
      nid: "required",
      address: "required",
    });
  });

  it("uses the Dhaka date when no today is injected", () => {
    const fresh = buildPersonalInfoSchema();
    const eighteenYearsAgo = `${Number(dhakaToday().slice(0, 4)) - 18}${dhakaToday().slice(4)}`;
    expect(errors(fresh.safeParse({ ...good, dob: eighteenYearsAgo }))).toBeNull();
  });
});

describe("employment info (step 3)", () => {
  const good = { employmentType: "salaried", employer: "Square Textiles", monthlyIncome: "৩৫,০০০", existingLoans: "" };

  it("accepts good values; existing loans optional", () => {
    expect(employmentInfoSchema.parse(good)).toEqual({
      employmentType: "salaried",
      employer: "Square Textiles",
      monthlyIncome: 35_000,
      existingLoans: undefined,
    });
    expect(employmentInfoSchema.parse({ ...good, existingLoans: "0" }).existingLoans).toBe(0);
    expect(employmentInfoSchema.parse({ ...good, existingLoans: "১০,০০০" }).existingLoans).toBe(10_000);
    expect(employmentInfoSchema.parse({ ...good, existingLoans: null }).existingLoans).toBeUndefined();
  });

  it("offers the spec's four employment types", () => {
    for (const t of ["salaried", "business", "freelancer", "other"]) {
      expect(employmentInfoSchema.safeParse({ ...good, employmentType: t }).success, t).toBe(true);
    }
    expect(errors(employmentInfoSchema.safeParse({ ...good, employmentType: "self_employed" }))).toEqual({
      employmentType: "required",
    });
  });

  it("requires a positive whole monthly income", () => {
    expect(errors(employmentInfoSchema.safeParse({ ...good, monthlyIncome: "" }))).toEqual({ monthlyIncome: "required" });
    for (const income of ["0", "-100", "abc", "100.5"]) {
      expect(errors(employmentInfoSchema.safeParse({ ...good, monthlyIncome: income })), income).toEqual({
        monthlyIncome: "invalidIncome",
      });
    }
  });

  it("refuses negative or non-numeric existing loans", () => {
    for (const loans of ["-1", "abc"]) {
      expect(errors(employmentInfoSchema.safeParse({ ...good, existingLoans: loans })), loans).toEqual({
        existingLoans: "invalidExistingLoans",
      });
    }
  });

  it("requires the employer", () => {
    expect(errors(employmentInfoSchema.safeParse({ ...good, employer: "" }))).toEqual({ employer: "required" });
  });
});

describe("simulated NID result", () => {
  const good = { nidNumber: "1234567890", name: "Md. Rahim", dateOfBirth: "1990-05-17", confidence: 93 };
  it("accepts the prototype's result shape", () => {
    expect(simulatedNidResultSchema.safeParse(good).success).toBe(true);
    expect(simulatedNidResultSchema.safeParse({ ...good, bloodGroup: "B+", fatherName: "A", motherName: "B", address: "C" }).success).toBe(true);
  });
  it("bounds confidence and lengths", () => {
    expect(simulatedNidResultSchema.safeParse({ ...good, confidence: 101 }).success).toBe(false);
    expect(simulatedNidResultSchema.safeParse({ ...good, confidence: 90.5 }).success).toBe(false);
    expect(simulatedNidResultSchema.safeParse({ ...good, nidNumber: "1".repeat(18) }).success).toBe(false);
  });
});

describe("whole application", () => {
  const schema = buildApplicationSchema(PRODUCTS, today);
  const good = {
    loanType: "salary",
    amount: "২,০০,০০০",
    tenure: "24",
    purpose: "Home repair",
    name: "Karim Uddin",
    phone: "+৮৮০ ১৭১২-৩৪৫৬৭৮",
    email: "karim@example.com",
    dob: "1985-01-31",
    nid: "19851234567890123",
    address: "Agrabad, Chattogram",
    nidCardCaptured: true,
    employmentType: "salaried",
    employer: "BRAC",
    monthlyIncome: "60000",
    existingLoans: "",
    language: "bn",
    idempotencyKey: "4b8f9a3e-2c1d-4e5f-9a8b-7c6d5e4f3a2b",
  };

  it("accepts a full application and strips what the server computes itself", () => {
    const parsed = schema.parse({ ...good, emi: 1, totalPayable: 2, calculation: { emi: 1 } });
    expect(parsed).toMatchObject({ amount: 200_000, tenure: 24, phone: "+8801712345678", language: "bn" });
    expect(parsed).not.toHaveProperty("emi");
    expect(parsed).not.toHaveProperty("totalPayable");
    expect(parsed).not.toHaveProperty("calculation");
  });

  it("applies the product limits across steps", () => {
    expect(errors(schema.safeParse({ ...good, loanType: "instant" }))).toEqual({
      amount: "amountOutOfRange",
      tenure: "tenureNotAllowed",
    });
  });

  it("requires language and a UUID idempotency key", () => {
    expect(schema.safeParse({ ...good, language: "fr" }).success).toBe(false);
    expect(schema.safeParse({ ...good, idempotencyKey: "1" }).success).toBe(false);
    const { idempotencyKey: _k, ...noKey } = good;
    void _k;
    expect(schema.safeParse(noKey).success).toBe(false);
  });

  it("accepts an optional simulated NID result and refuses a malformed one", () => {
    const simulatedNid = { nidNumber: "1234567890", name: "Karim", dateOfBirth: "1985-01-31", confidence: 90 };
    expect(schema.safeParse({ ...good, simulatedNid }).success).toBe(true);
    expect(schema.safeParse({ ...good, simulatedNid: { ...simulatedNid, confidence: "high" } }).success).toBe(false);
  });
});

describe("age helpers", () => {
  it("counts full years", () => {
    expect(ageOn("2008-11-22", "2026-11-22")).toBe(18);
    expect(ageOn("2008-11-23", "2026-11-22")).toBe(17);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn("2008-02-29", "2026-03-01")).toBe(18);
  });
  it("takes today's date in Dhaka, not UTC", () => {
    // 20:30 UTC on 21 Nov is 02:30 on 22 Nov in Dhaka (UTC+6).
    expect(dhakaToday(new Date("2026-11-21T20:30:00Z"))).toBe("2026-11-22");
    expect(dhakaToday(new Date("2026-11-21T17:59:00Z"))).toBe("2026-11-21");
  });
});
