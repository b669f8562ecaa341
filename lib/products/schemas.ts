/** The product settings form's schema, shared by the form and the server action. */
import { z } from "zod";
import { LOAN_TYPES } from "@/lib/applications/rules";
import { wholeTaka } from "@/lib/applications/schemas";
import { typedNumber } from "@/lib/validation/fields";

/** One feature per line; blank lines dropped. */
const featureLines = z
  .string()
  .max(2000, "tooLong")
  .transform((v) => v.split("\n").map((line) => line.trim()).filter(Boolean))
  .refine((lines) => lines.length <= 10 && lines.every((line) => line.length <= 120), "tooLong");

const optionalBadge = z
  .string()
  .trim()
  .max(30, "tooLong")
  .transform((v) => (v === "" ? null : v));

export const productSettingsSchema = z
  .object({
    key: z.enum(LOAN_TYPES),
    /** updatedAt of the row the form was loaded from: a save over someone else's newer save is refused. */
    version: z.string().min(1).max(40),
    minAmount: wholeTaka("invalidAmount"),
    maxAmount: wholeTaka("invalidAmount"),
    minTenure: typedNumber(1, 120, 0),
    maxTenure: typedNumber(1, 120, 0),
    annualRate: typedNumber(0, 99.99, 2),
    featuresBn: featureLines,
    featuresEn: featureLines,
    badgeBn: optionalBadge,
    badgeEn: optionalBadge,
  })
  .refine((v) => v.minAmount <= v.maxAmount, { path: ["maxAmount"], message: "invalidRange" })
  .refine((v) => v.minTenure <= v.maxTenure, { path: ["maxTenure"], message: "invalidRange" });

export type ProductSettingsInput = z.input<typeof productSettingsSchema>;
export type ProductSettingsValues = z.output<typeof productSettingsSchema>;
