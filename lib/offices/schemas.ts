/**
 * The offices screen's validation (issue 41), shared by its forms and server actions. Messages are keys of the
 * "validation" namespace. A code keeps its characters (never localised); dates are YYYY-MM-DD (Bengali digits too).
 */
import { z } from "zod";
import { toAsciiDigits } from "@/lib/format";
import { userNumberField } from "@/lib/customers/schemas";
import { upazilaByCode } from "@/lib/geo/upazilas";
import { calendarDay } from "@/lib/lending-rules/schemas";
import { isPrintable, msg, optionalText, recordId, requiredText, typedNumber } from "@/lib/validation/fields";

export const MAX_OFFICE_NAME_LENGTH = 100;
export const MAX_PLACE_LENGTH = 60;
/** The largest approval limit a form accepts (taka): far above any microloan, a guard against a typo's extra zeros. */
export const MAX_APPROVAL_LIMIT = 100_000_000;

/** An office's approval limit in taka (Bengali digits too); blank means none of its own. */
export const approvalLimitField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  typedNumber(1, MAX_APPROVAL_LIMIT, 0).optional(),
);

/**
 * An office's own weekly days off (decision 0259), as the checkboxes send them: weekday numbers 0 (Sunday) … 6, none
 * ticked for the lender's days; at least one working day a week. Left out of an edit: unchanged.
 */
export const weeklyDaysOffField = z.preprocess(
  (v) => (v === undefined || v === null || v === false ? [] : (Array.isArray(v) ? v : [v]).filter((d) => d !== "")),
  z
    .array(z.preprocess((d) => (typeof d === "string" ? Number(toAsciiDigits(d)) : d), z.number(msg("required")).int(msg("required")).min(0, msg("required")).max(6, msg("required"))))
    .transform((days) => [...new Set(days)].sort((a, b) => a - b))
    .refine((days) => days.length < 7, msg("noWorkingDay")),
);

/** The levels an office can be created at: the head office is the one root the migration made. */
export const CREATABLE_OFFICE_LEVELS = ["zone", "region", "area", "branch"] as const;

/** "B0001", "A-01": letters, digits and hyphens, as typed (upper-cased); Bengali digits become ASCII. */
export const officeCodeField = z.preprocess(
  (v) => (typeof v === "string" ? toAsciiDigits(v).trim().toUpperCase() : v),
  z.string(msg("required")).min(1, msg("required")).max(12, msg("tooLong")).regex(/^[A-Z0-9][A-Z0-9-]{0,11}$/, msg("invalidOfficeCode")),
);

const officeDetails = {
  nameBn: requiredText(MAX_OFFICE_NAME_LENGTH),
  nameEn: requiredText(MAX_OFFICE_NAME_LENGTH),
  division: optionalText(MAX_PLACE_LENGTH),
  district: optionalText(MAX_PLACE_LENGTH),
  upazila: optionalText(MAX_PLACE_LENGTH),
  approvalLimit: approvalLimitField,
};

export const createOfficeSchema = z.object({
  code: officeCodeField,
  level: z.enum(CREATABLE_OFFICE_LEVELS, msg("required")),
  parentId: recordId,
  openedOn: calendarDay,
  ...officeDetails,
});
export type CreateOfficeInput = z.input<typeof createOfficeSchema>;
export type CreateOfficeValues = z.output<typeof createOfficeSchema>;

/** Rename (and correct the address of) an office, and move it under another parent: one edit, audited as such. */
export const editOfficeSchema = z.object({ id: recordId, parentId: z.string().trim().max(64).optional(), ...officeDetails, weeklyDaysOff: weeklyDaysOffField.optional() });
export type EditOfficeInput = z.input<typeof editOfficeSchema>;
export type EditOfficeValues = z.output<typeof editOfficeSchema>;

export const closeOfficeSchema = z.object({ id: recordId, closedOn: calendarDay });
export type CloseOfficeInput = z.input<typeof closeOfficeSchema>;

/** An upazila of lib/geo/upazilas.json, by its code (as the wizard's and the routing form's select send it). */
export const upazilaCodeField = z
  .string(msg("required"))
  .trim()
  .min(1, msg("required"))
  .max(8, msg("unknownUpazila"))
  .refine((v) => upazilaByCode(v) !== undefined, msg("unknownUpazila"));

/** Route an upazila's new applications to a branch; an empty branch removes the routing (the head office's queue). */
export const upazilaBranchSchema = z.object({ upazilaCode: upazilaCodeField, branchId: z.string().trim().max(64) });
export type UpazilaBranchInput = z.input<typeof upazilaBranchSchema>;
export type UpazilaBranchValues = z.output<typeof upazilaBranchSchema>;

/** Every upazila once, with room for quoting and long names. */
export const MAX_UPAZILA_CSV_LENGTH = 100_000;
export const importUpazilaBranchesSchema = z.object({
  csv: z.string(msg("required")).min(1, msg("required")).max(MAX_UPAZILA_CSV_LENGTH, msg("tooLong")),
});

/** The branch picker (decision 0257): one branch of the staff member's subtree, or blank for the consolidated view. */
export const pickBranchSchema = z.object({ branchId: z.string().trim().max(64).refine(isPrintable, msg("required")) });
export type PickBranchInput = z.input<typeof pickBranchSchema>;

export const MAX_TRANSFER_REASON_LENGTH = 500;

/** A customer's transfer to another branch (decision 0258): her customer number as shown, the branch, and why. */
export const requestTransferSchema = z.object({
  userNumber: userNumberField,
  toBranchId: recordId,
  reason: requiredText(MAX_TRANSFER_REASON_LENGTH),
});
export type RequestTransferInput = z.input<typeof requestTransferSchema>;
export type RequestTransferValues = z.output<typeof requestTransferSchema>;

export const decideTransferSchema = z.object({ transferId: recordId });
export const rejectTransferSchema = z.object({ transferId: recordId, reason: requiredText(MAX_TRANSFER_REASON_LENGTH) });

/** A member of staff's move to another office (decision 0260): who, the open office, and why. */
export const requestStaffTransferSchema = z.object({
  staffUserId: recordId,
  toOfficeId: recordId,
  reason: requiredText(MAX_TRANSFER_REASON_LENGTH),
});
export type RequestStaffTransferInput = z.input<typeof requestStaffTransferSchema>;
export type RequestStaffTransferValues = z.output<typeof requestStaffTransferSchema>;
