/**
 * The field app's wire format (version 1), shared by the phone's outbox, its entry form and the server's route
 * handlers. Offline clients talk only to these versioned route handlers, never to server actions (their ids change
 * with every build). Amounts are whole taka; the entry form accepts Bengali digits (parseNumberInput).
 */
import { z } from "zod";
import { idempotencyKey } from "@/lib/idempotency/schemas";
import { parseNumberInput } from "@/lib/format";
import { msg, recordId } from "@/lib/validation/fields";

// The limits, in a module without zod, so the phone's first load need not carry it (issue 46, point 7).
import { FIELD_SYNC_VERSION, MAX_FIELD_AMOUNT, MAX_SYNC_BATCH } from "./constants";
export * from "./constants";

/** What the server answers for one entry, and why it refused one (message keys under society.field.refusals). */
export const FIELD_REFUSALS = [
  "invalid",
  "memberNotFound",
  "memberInactive",
  "memberNotYours",
  "amountOutOfRange",
  "dateOutOfRange",
  "recordedAtOutOfRange",
  "noWorkerLinked",
  "periodClosed",
  "beforeOpening",
  "instalmentBeyondLoan",
  /** The entry's id is recorded already with other figures (a changed resend): the recorded one stands. */
  "differsFromRecorded",
  /** The office had moved the member to another worker: the server keeps the entry for an admin's approval. */
  "memberMoved",
  /** An admin refused that entry: its cash is handed over with a note. */
  "memberMoveRefused",
] as const;
export type FieldRefusal = (typeof FIELD_REFUSALS)[number];

/** A collection amount typed on the phone: empty is 0, Bengali digits accepted, whole taka. */
export const fieldAmount = z.preprocess(
  (v) => (v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? 0 : typeof v === "string" ? (parseNumberInput(v) ?? Number.NaN) : v),
  z.number(msg("invalidAmount")).refine((n) => Number.isSafeInteger(n) && n >= 0, msg("invalidAmount")).refine((n) => n <= MAX_FIELD_AMOUNT, msg("collectionTooLarge")),
);

/** A real calendar day (2025-06-00 is refused here, not by the database half-way through a batch). */
const isoDay = z.iso.date();

/** The record form's amounts (prefilled from the member's daily instalment and savings, editable): not both zero. */
export const fieldAmountsSchema = z
  .object({ installment: fieldAmount, savings: fieldAmount })
  .refine((e) => e.installment + e.savings > 0, { message: "required", path: ["installment"] });

/** One collection as the phone recorded it. */
export const fieldEntrySchema = z
  .object({
    /** UUID made on the phone (v7: time-ordered); the server records each id once. */
    id: z.uuid(),
    workerId: z.string().min(1).max(64),
    memberId: z.string().min(1).max(64),
    /** The Dhaka calendar day it was collected on. */
    date: isoDay,
    installment: fieldAmount,
    savings: fieldAmount,
    /** When the worker recorded it on the phone. */
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .refine((e) => e.installment + e.savings > 0, { message: "required", path: ["installment"] });
export type FieldEntry = z.output<typeof fieldEntrySchema>;

/** The request's envelope; each entry is checked on its own, so one bad entry refuses only itself. */
export const fieldSyncRequestSchema = z.object({
  version: z.literal(FIELD_SYNC_VERSION),
  /** The phone's own id (a UUID made when the app first opened there). */
  deviceId: z.uuid(),
  /** What stays on the phone besides this batch: waiting entries and those needing attention. */
  pending: z.number().int().min(0).max(100_000),
  attention: z.number().int().min(0).max(100_000),
  entries: z.array(z.unknown()).max(MAX_SYNC_BATCH),
});

export type FieldEntryResult =
  | { id: string; status: "recorded" | "duplicate"; receipt: string; recordedAt: string }
  | { id: string; status: "refused"; reason: FieldRefusal; /** differsFromRecorded: the receipt of what is recorded. */ receipt?: string };

export type FieldSyncResponse = { version: typeof FIELD_SYNC_VERSION; syncedAt: string; results: FieldEntryResult[] };

/** The sheet request's query: an admin chooses the worker; a user always gets their own. */
export const fieldSheetQuerySchema = z.object({
  worker: recordId.optional(),
  date: isoDay.optional(),
});

/** The worker closes the day: the cash counted (Bengali digits accepted) and, for a difference, a note. */
export const handoverSchema = z.object({
  version: z.literal(FIELD_SYNC_VERSION),
  date: isoDay,
  counted: z.preprocess(
    (v) => (typeof v === "string" ? (parseNumberInput(v) ?? Number.NaN) : v),
    z.number(msg("invalidAmount")).refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= 10_000_000, msg("invalidAmount")),
  ),
  note: z.string().trim().max(300, msg("tooLong")).optional(),
  /** Made by the phone's hand-over form: a resend answers the first hand-over, never opens another round. */
  idempotencyKey,
});
export type HandoverInput = z.input<typeof handoverSchema>;

/** The admin confirms a hand-over (not the worker who made it). */
export const confirmHandoverSchema = z.object({
  handoverId: z.string().min(1).max(64),
  note: z.string().trim().max(300, msg("tooLong")).optional(),
  idempotencyKey,
});

/**
 * At the office, an admin receives the cash a worker holds on the books (the office's collection sheet posts to the
 * worker's cash, as the field app does): the cash counted (Bengali digits accepted) and, for a difference, a note.
 */
export const receiveWorkerCashSchema = z.object({
  workerId: z.string().min(1).max(64),
  counted: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? Number.NaN : (parseNumberInput(v) ?? Number.NaN)) : v),
    z.number(msg("invalidAmount")).refine((n) => Number.isSafeInteger(n) && n >= 0 && n <= 10_000_000, msg("invalidAmount")),
  ),
  note: z.string().trim().max(300, msg("tooLong")).optional(),
  idempotencyKey,
});
export type ReceiveWorkerCashInput = z.input<typeof receiveWorkerCashSchema>;

/** The office moves a member to another worker; `fromWorkerId` is the worker the form showed (a later move wins nothing). */
export const moveMemberSchema = z.object({
  memberId: z.string().min(1).max(64),
  fromWorkerId: z.string().min(1).max(64),
  toWorkerId: z.string(msg("required")).min(1, msg("required")).max(64),
});
export type MoveMemberInput = z.input<typeof moveMemberSchema>;

/** The admin approves or refuses a moved member's field entry (not the one whose phone sent it). */
export const decideMovedEntrySchema = z.object({
  movedEntryId: z.string().min(1).max(64),
  decision: z.enum(["approve", "refuse"]),
});

export const HANDOVER_REFUSALS = ["noWorkerLinked", "alreadySubmitted", "noteRequired", "notFound", "alreadyConfirmed", "notSamePerson"] as const;
export type HandoverRefusal = (typeof HANDOVER_REFUSALS)[number];
