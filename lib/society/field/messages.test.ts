/** The field form's and the server's words for a too-large collection name the limit the schema enforces. */
import { describe, expect, it } from "vitest";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import { formatTaka } from "@/lib/format";
import { fieldAmountsSchema, MAX_FIELD_AMOUNT } from "./schemas";

describe("a collection above the limit", () => {
  it("is refused by the form with its own message, which names the limit in both languages", () => {
    const parsed = fieldAmountsSchema.safeParse({ installment: "৫০০০০০০", savings: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("collectionTooLarge");
    expect(bn.validation.collectionTooLarge).toContain(formatTaka(MAX_FIELD_AMOUNT, "bn"));
    expect(en.validation.collectionTooLarge).toContain(formatTaka(MAX_FIELD_AMOUNT, "en"));
    expect(bn.field.refusals.amountOutOfRange).toContain(formatTaka(MAX_FIELD_AMOUNT, "bn"));
    expect(en.field.refusals.amountOutOfRange).toContain(formatTaka(MAX_FIELD_AMOUNT, "en"));
  });
});
