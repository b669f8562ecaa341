import { describe, expect, it } from "vitest";
import { MASK, maskText, maskValue } from "./log-mask";

describe("maskText", () => {
  it.each([
    ["sms to +8801712345678 sent", "sms to [masked] sent"],
    ["call 01712345678 or 8801812345678", "call [masked] or [masked]"],
    ["+880 1712-345678", "[masked]"],
    ["০১৭১২৩৪৫৬৭৮ typed in Bengali", "[masked] typed in Bengali"],
    ["NID 1990123456789 and 19901234567890123 and 1234567890", "NID [masked] and [masked] and [masked]"],
    ["code 482913 was wrong", "code [masked] was wrong"],
    ["/kyc/resubmit?token=SvBmFZGKvrsrjwkr7Ye0yjYRRGNou_mo1YhbYlPfDgQ&x=1", "/kyc/resubmit?token=[masked]&x=1"],
    ["Authorization: Bearer abc.def-123", "Authorization: Bearer [masked]"],
    ["duplicate key: password Walk-through-Pass-77, pin: 1234", "duplicate key: password [masked], pin: [masked]"],
    ["session eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.abc123def456", "session [masked]"],
  ])("masks %s", (input, expected) => {
    expect(maskText(input)).toBe(expected);
  });

  it.each([
    "application LB1795684736330547 decided",
    "loan LN-2026-000123 disbursed",
    "amount 50000 taka, 12 instalments",
    "at /work/main/.next/server/chunks/ssr/0e4_guhle8l7w.js:1234:56",
    "took 1234 ms",
  ])("keeps %s", (input) => {
    expect(maskText(input)).toBe(input);
  });
});

describe("maskValue", () => {
  it("replaces values under sensitive keys, whatever they are", () => {
    const masked = maskValue({ phone: "x", password: "hunter2", totpCode: 123456, nidNumber: "abc", recipient: "y", requestId: "r-1", statusCode: 500, ok: true });
    expect(masked).toEqual({ phone: MASK, password: MASK, totpCode: MASK, nidNumber: MASK, recipient: MASK, requestId: "r-1", statusCode: 500, ok: true });
  });

  it("keeps our own ids as they are: a request id (a UUID) and an error digest", () => {
    const ids = { requestId: "3f2a9c1e-1b2c-4d5e-8f90-123456789abc", digest: "2718281828" };
    expect(maskValue(ids)).toEqual(ids);
  });

  it("walks nested objects and arrays, and reduces errors to type, message and stack, masked", () => {
    const error = Object.assign(new Error("no customer with phone 01712345678"), { code: "P2025" });
    const masked = maskValue({ nested: [{ note: "NID 1234567890" }], err: error }) as { nested: { note: string }[]; err: Record<string, unknown> };
    expect(masked.nested[0]!.note).toBe(`NID ${MASK}`);
    expect(masked.err).toMatchObject({ type: "Error", message: `no customer with phone ${MASK}`, errorCode: "P2025" });
    expect(String(masked.err.stack)).not.toContain("01712345678");
  });
});
