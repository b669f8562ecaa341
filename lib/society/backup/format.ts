/**
 * The society backup file (spec section 3): the prototype's `workers`, `members`, `collections`,
 * `timestamp`, `version: "2.0"`, `totalRecords`, `generatedBy`, plus this system's income/expense
 * entries, salaries, members' withdrawals and society details under keys the prototype ignores.
 *
 * Pure and shared: the restore dialog checks a file in the browser with these functions to show its
 * preview, and the server checks the uploaded bytes again with the same ones before importing.
 */
import { z } from "zod";
import { parseNumberInput } from "@/lib/format";
import { normalizeBdMobile, normalizeNid } from "@/lib/validation/bd";
import { isRealIsoDate } from "@/lib/validation/fields";

export const BACKUP_VERSION = "2.0";
/** The largest file accepted, as uploaded (the spec's limit). */
export const BACKUP_MAX_BYTES = 50 * 1024 * 1024;
/**
 * The most JSON a compressed backup (`.json.gz`) may unpack to. A society of 10,000 members with a year
 * of collections writes about 90 MB of JSON in the prototype's format, above the file limit; compressed
 * it is about a tenth of that.
 */
export const BACKUP_MAX_JSON_BYTES = 160 * 1024 * 1024;
/** Objects and arrays nest at most this deep in a backup (file → list → record → value). */
export const BACKUP_MAX_DEPTH = 4;
/** One string value at most this long (a worker photo as a data URL of at most 5 MB). */
export const BACKUP_MAX_STRING = 7 * 1024 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/** A stream's bytes, or null as soon as they pass `limit` (the rest is never read). */
export async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A problem that ends the reading of a file. */
export class BackupReadProblem extends Error {
  constructor(readonly problem: BackupProblem) {
    super(problem.code);
  }
}

/** A BackupReadProblem as the typed answer; anything else is not a problem of the file and is thrown on. */
export function readProblemAnswer(error: unknown): { ok: false; problems: BackupProblem[] } {
  if (error instanceof BackupReadProblem) return { ok: false, problems: [error.problem] };
  throw error;
}

/**
 * A backup file's text in pieces, in the browser and on the server alike: a gzip file (a compressed
 * backup) is unpacked on the fly and refused once it passes BACKUP_MAX_JSON_BYTES, so a small file that
 * unpacks to gigabytes costs nothing; anything else is read as UTF-8. Throws a BackupReadProblem.
 */
export async function* backupTextChunks(bytes: Uint8Array): AsyncGenerator<string> {
  if (bytes.byteLength > BACKUP_MAX_BYTES) throw new BackupReadProblem({ code: "tooLarge" });
  const decoder = new TextDecoder();
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) {
    for (let start = 0; start < bytes.byteLength; start += PLAIN_PIECE) yield decoder.decode(bytes.subarray(start, start + PLAIN_PIECE), { stream: true });
    yield decoder.decode();
    return;
  }
  const reader = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let size = 0;
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await reader.read();
      } catch {
        throw new BackupReadProblem({ code: "readError" });
      }
      if (read.done) break;
      size += read.value.byteLength;
      if (size > BACKUP_MAX_JSON_BYTES) throw new BackupReadProblem({ code: "tooLarge" });
      yield decoder.decode(read.value, { stream: true });
    }
    yield decoder.decode();
  } finally {
    // Stopped early (a problem, or the reader gave up): the rest is never unpacked.
    await reader.cancel().catch(() => undefined);
  }
}
const PLAIN_PIECE = 256 * 1024;

/** A backup file's whole text (the browser's preview reads it at once). */
export async function backupFileText(bytes: Uint8Array): Promise<{ ok: true; text: string } | { ok: false; problems: BackupProblem[] }> {
  const parts: string[] = [];
  try {
    for await (const part of backupTextChunks(bytes)) parts.push(part);
  } catch (error) {
    return readProblemAnswer(error);
  }
  return { ok: true, text: parts.join("") };
}

/** Problems listed before the check stops. */
const MAX_PROBLEMS = 50;

export type BackupProblemCode =
  | "readError"
  | "invalidFormat"
  | "tooLarge"
  | "tooDeep"
  | "valueTooLong"
  | "unsupportedVersion"
  | "invalidField"
  | "duplicateId"
  | "workerNotFound"
  | "workerNameAmbiguous"
  | "memberNotFound"
  | "registrationTaken"
  | "withdrawalsExceedSavings"
  | "withdrawalsMissing"
  | "memberLoansMissing"
  | "handoversMissing"
  | "openingMissing"
  | "tooManyProblems";

/** A problem found in a file; `record` names the record (its id, or its position) for the message. */
export type BackupProblem = { code: BackupProblemCode; list?: BackupList; record?: string; field?: string; value?: string };
export type BackupList = "workers" | "members" | "collections" | "incomeExpenses" | "workerSalaries" | "withdrawals" | "memberLoans" | "handovers" | "openingBalances" | "openingBalanceLines";

// ---------------------------------------------------------------------------------------------------
// Field readers: lenient where the prototype was (amounts as strings or empty), strict on meaning.

/** Whole taka from a number, a numeric string (Bengali digits too) or empty (0). Negative, fractional or text: refused. */
const amount = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return 0;
  if (typeof v === "string") return parseNumberInput(v) ?? Number.NaN;
  return v;
}, z.number().int().min(0).max(1_000_000_000));

const optionalAmount = z.preprocess((v) => (v === undefined || v === null || v === "" ? null : v), z.union([z.null(), amount]));
const day = z.string().refine(isRealIsoDate);
const timestamp = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)))
  .optional();
const createdBy = z.enum(["admin", "user"]).catch("user");
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const phone = z.string().transform((v, ctx) => normalizeBdMobile(v) ?? (ctx.addIssue({ code: "custom", message: "phone" }), z.NEVER));
const nid = z.string().transform((v, ctx) => normalizeNid(v) ?? (ctx.addIssue({ code: "custom", message: "nid" }), z.NEVER));
const code = (prefix: string) => z.string().regex(new RegExp(`^${prefix}\\d{3,9}$`));
const photo = z
  .string()
  .regex(/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/)
  .nullish()
  .transform((v) => v || null);

export const workerRecord = z.object({
  id: code("W"),
  name: text(100),
  area: text(100),
  phone,
  photo: photo.optional(),
  totalMembers: amount.optional(),
  dailyCollection: amount.optional(),
  status: z.enum(["active", "inactive"]).catch("active"),
  createdAt: timestamp,
  createdBy,
});

export const memberRecord = z.object({
  id: code("M"),
  memberCode: text(40),
  name: text(100),
  nid,
  phone,
  workerName: text(100),
  area: optionalText(100),
  installmentAmount: amount,
  savingsAmount: amount,
  loanAmount: optionalAmount,
  joinDate: day,
  status: z.enum(["active", "inactive"]).catch("active"),
  membershipType: z.enum(["regular", "premium", "lifetime"]).catch("regular"),
  createdAt: timestamp,
  createdBy,
});

export const collectionRecord = z.object({
  id: code("C"),
  memberId: code("M"),
  workerName: optionalText(100),
  date: day,
  installmentCollected: amount,
  savingsCollected: amount,
  status: z.enum(["collected", "pending", "missed"]).catch("collected"),
  createdAt: timestamp,
  createdBy,
});

export const incomeExpenseRecord = z.object({
  id: code("IE"),
  type: z.enum(["income", "expense"]),
  category: text(60),
  amount: amount.refine((v) => v > 0),
  description: optionalText(300),
  date: day,
  salaryId: code("WS").nullish(),
  /** This system's addition: when an admin reversed it (posted again with its reversal on restore). */
  reversedAt: timestamp.nullish(),
  createdAt: timestamp,
  createdBy,
});

export const salaryRecord = z.object({
  id: code("WS"),
  workerId: code("W"),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  baseSalary: amount,
  bonus: amount,
  deductions: amount,
  status: z.enum(["paid", "pending", "cancelled"]).catch("paid"),
  paidDate: day.nullish(),
  createdAt: timestamp,
  createdBy,
});

export const societyDetails = z.object({
  name: text(120),
  registrationNumber: optionalText(60),
  address: optionalText(300),
});

export type WorkerRecord = z.output<typeof workerRecord>;
export type MemberRecord = z.output<typeof memberRecord>;
export type CollectionRecord = z.output<typeof collectionRecord>;
/** A member's savings withdrawal (this system's addition): by the member's id in the file; paid ones are posted again. */
export const withdrawalRecord = z.object({
  id: code("WD"),
  memberId: z.string().min(1).max(20),
  amount: amount.refine((v) => v > 0),
  /** Of the amount, what closing the membership set against the member's loan. */
  appliedToLoan: amount,
  status: z.enum(["requested", "paid", "rejected"]),
  requestedAt: timestamp,
  decidedAt: timestamp.nullish(),
  rejectionNote: optionalText(300),
  /** Who asked and who decided: this system's staff accounts (maker-checker holds after a restore). */
  requestedById: z.string().min(1).max(64).nullish(),
  decidedById: z.string().min(1).max(64).nullish(),
});

/** A loan with an instalment plan paid out to a member (this system's addition): by the member's id; posted again. */
export const memberLoanRecord = z.object({
  id: code("ML"),
  memberId: z.string().min(1).max(20),
  principal: amount.refine((v) => v > 0),
  serviceCharge: amount,
  ratePercent: z.number().int().min(0).max(100),
  method: z.enum(["flat", "declining"]),
  frequency: z.enum(["daily", "weekly", "monthly"]),
  instalmentCount: z.number().int().min(1).max(730),
  instalmentAmount: amount.refine((v) => v > 0),
  firstDueDate: day,
  disbursedOn: day,
  createdAt: timestamp,
});

/**
 * A field worker's cash hand-over (this system's addition), by the worker's id in the file: a confirmed one moved the
 * day's cash from the worker to the society's cash in hand and is posted again on restore. Who handed it over and who
 * confirmed it are staff accounts of this system (kept when they exist where the file is restored).
 */
export const handoverRecord = z.object({
  id: code("HO"),
  workerId: code("W"),
  date: day,
  expected: amount,
  counted: amount,
  note: optionalText(300),
  status: z.enum(["submitted", "confirmed"]),
  submittedById: z.string().min(1).max(64),
  submittedAt: timestamp,
  confirmedById: z.string().min(1).max(64).nullish(),
  confirmedAt: timestamp.nullish(),
  confirmNote: optionalText(300),
  /** The day's hand-over it was for this worker (1 in files written before there could be more than one a day). */
  round: z.number().int().min(1).max(1000).default(1),
});

/**
 * The society's opening balances (this system's addition): who entered and who decided; their figures are the next list
 * (a backup nests no deeper than a record). A posted one is posted again on restore, first on its day.
 */
export const openingBalanceRecord = z.object({
  id: code("OB"),
  asOf: day,
  status: z.enum(["proposed", "posted", "rejected"]),
  proposedById: z.string().min(1).max(64).nullish(),
  proposedAt: timestamp,
  decidedById: z.string().min(1).max(64).nullish(),
  decidedAt: timestamp.nullish(),
  rejectionNote: optionalText(300),
});

/** One figure of an opening balance, by the opening's id in the file (and a member's figure by the member's id). */
export const openingBalanceLineRecord = z.union([
  z.object({ id: code("OBL"), openingId: code("OB"), kind: z.enum(["cash_in_hand", "bank", "share_capital"]), memberId: z.null().optional(), amount: amount.refine((v) => v > 0) }),
  z.object({ id: code("OBL"), openingId: code("OB"), kind: z.enum(["member_savings", "member_loans"]), memberId: z.string().min(1).max(20), amount: amount.refine((v) => v > 0) }),
]);

export type OpeningBalanceLineRecord = z.output<typeof openingBalanceLineRecord>;
export type OpeningBalanceRecord = z.output<typeof openingBalanceRecord>;
export type IncomeExpenseRecord = z.output<typeof incomeExpenseRecord>;
export type HandoverRecord = z.output<typeof handoverRecord>;
export type MemberLoanRecord = z.output<typeof memberLoanRecord>;
export type WithdrawalRecord = z.output<typeof withdrawalRecord>;
export type SalaryRecord = z.output<typeof salaryRecord>;

/** A checked backup, records linked by code: ready to import. */
export type RestorePlan = {
  workers: (WorkerRecord & { totalMembers: number; dailyCollection: number })[];
  members: (MemberRecord & { workerCode: string; area: string })[];
  collections: (CollectionRecord & { workerCode: string })[];
  /** Null when the file has no such list (a prototype file): current entries are kept. */
  incomeExpenses: IncomeExpenseRecord[] | null;
  salaries: SalaryRecord[] | null;
  withdrawals: WithdrawalRecord[] | null;
  memberLoans: MemberLoanRecord[] | null;
  handovers: HandoverRecord[] | null;
  openingBalances: (OpeningBalanceRecord & { lines: OpeningBalanceLineRecord[] })[] | null;
  society: z.output<typeof societyDetails> | null;
};

export type BackupCheck = { ok: true; plan: RestorePlan } | { ok: false; problems: BackupProblem[] };

// ---------------------------------------------------------------------------------------------------

/**
 * Refuses, before parsing, what JSON.parse would happily build: nesting deeper than a backup has (a
 * "JSON bomb" of brackets) and single strings longer than any field. One pass over the text.
 */
export function checkJsonShape(json: string, maxDepth = BACKUP_MAX_DEPTH, maxString = BACKUP_MAX_STRING): BackupProblem | null {
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) {
        inString = false;
        if (i - stringStart > maxString) return { code: "valueTooLong" };
      }
      continue;
    }
    if (c === 34) {
      inString = true;
      stringStart = i;
    } else if (c === 123 || c === 91 /* { [ */) {
      if (++depth > maxDepth) return { code: "tooDeep" };
    } else if (c === 125 || c === 93) depth--;
  }
  return null;
}

/** Reads a file's text: 'Error reading file' when it is not JSON, 'Invalid file format' without the three lists. */
export function readBackup(json: string, sizeBytes = json.length): { ok: true; data: Record<string, unknown> } | { ok: false; problems: BackupProblem[] } {
  if (sizeBytes > BACKUP_MAX_BYTES) return { ok: false, problems: [{ code: "tooLarge" }] };
  const shape = checkJsonShape(json);
  if (shape) return { ok: false, problems: [shape] };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, problems: [{ code: "readError" }] };
  }
  return checkFileShape(data);
}

/** The file's top level: an object with the three lists, this version, and the optional lists as lists. */
export function checkFileShape(data: unknown): { ok: true; data: Record<string, unknown> } | { ok: false; problems: BackupProblem[] } {
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, problems: [{ code: "invalidFormat" }] };
  const file = data as Record<string, unknown>;
  if (!Array.isArray(file.workers) || !Array.isArray(file.members) || !Array.isArray(file.collections)) return { ok: false, problems: [{ code: "invalidFormat" }] };
  if (file.version !== undefined && file.version !== BACKUP_VERSION) return { ok: false, problems: [{ code: "unsupportedVersion", value: String(file.version).slice(0, 20) }] };
  for (const key of ["incomeExpenses", "workerSalaries", "withdrawals", "memberLoans", "handovers", "openingBalances", "openingBalanceLines"] as const) {
    if (file[key] !== undefined && !Array.isArray(file[key])) return { ok: false, problems: [{ code: "invalidFormat" }] };
  }
  return { ok: true, data: file };
}

function recordName(item: unknown, index: number): string {
  const id = item && typeof item === "object" ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" && id.length > 0 && id.length <= 20 ? id : `#${index + 1}`;
}

/** Problems found so far, capped at MAX_PROBLEMS (then one "tooManyProblems"). */
export type ProblemList = { problems: BackupProblem[]; add: (problem: BackupProblem) => void };

export function problemList(): ProblemList {
  const problems: BackupProblem[] = [];
  return {
    problems,
    add(p) {
      if (problems.length < MAX_PROBLEMS) problems.push(p);
      else if (problems.length === MAX_PROBLEMS) problems.push({ code: "tooManyProblems" });
    },
  };
}

/** Checks one list's records one at a time: the valid record, or undefined with the problem added (repeated ids are added but kept). */
function recordChecker<T extends { id: string }>(list: BackupList, schema: z.ZodType<T>, add: ProblemList["add"]): (item: unknown, index: number) => T | undefined {
  const seen = new Set<string>();
  return (item, index) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      add({ code: "invalidField", list, record: recordName(item, index), field: String(issue?.path[0] ?? "") });
      return undefined;
    }
    if (seen.has(parsed.data.id)) add({ code: "duplicateId", list, record: parsed.data.id });
    seen.add(parsed.data.id);
    return parsed.data;
  };
}

function checkedRecords<T extends { id: string }>(list: BackupList, items: unknown[], schema: z.ZodType<T>, add: ProblemList["add"]): T[] {
  const check = recordChecker(list, schema, add);
  return items.flatMap((item, index) => check(item, index) ?? []);
}

/** A file's workers and members, checked and linked (member → worker by name): what its collections need. */
export type BackupPeople = {
  workers: WorkerRecord[];
  members: RestorePlan["members"];
  workerByName: (list: BackupList, record: string, name: string) => WorkerRecord | null;
  /** Members that passed their checks, by code. */
  memberById: Map<string, RestorePlan["members"][number]>;
  /** Every member code of the file, checked or not, so a collection of a refused member is not "not found" too. */
  memberIds: Set<string>;
};

/** Everything of a file but its collections, checked and linked. */
export type BackupHead = BackupPeople & BackupExtras;

export function checkPeople(workerItems: unknown[], memberItems: unknown[], add: ProblemList["add"]): BackupPeople {
  const workers = checkedRecords("workers", workerItems, workerRecord, add);
  const members = checkedRecords("members", memberItems, memberRecord, add);
  // Members name their worker; a name must lead to exactly one worker of the file.
  const workersByName = new Map<string, WorkerRecord[]>();
  for (const w of workers) workersByName.set(w.name, [...(workersByName.get(w.name) ?? []), w]);
  const workerByName = (list: BackupList, record: string, name: string): WorkerRecord | null => {
    const found = workersByName.get(name.trim()) ?? [];
    if (found.length === 1) return found[0]!;
    add({ code: found.length === 0 ? "workerNotFound" : "workerNameAmbiguous", list, record, value: name });
    return null;
  };
  const plannedMembers: RestorePlan["members"] = [];
  for (const m of members) {
    const worker = workerByName("members", m.id, m.workerName);
    if (worker) plannedMembers.push({ ...m, workerCode: worker.id, area: m.area ?? worker.area });
  }
  return { workers, members: plannedMembers, workerByName, memberById: new Map(plannedMembers.map((m) => [m.id, m])), memberIds: new Set(members.map((m) => m.id)) };
}

/** This system's additions to the prototype's format; null where the file has no such key (kept as they are). */
export type BackupExtras = {
  incomeExpenses: IncomeExpenseRecord[] | null;
  salaries: SalaryRecord[] | null;
  withdrawals: WithdrawalRecord[] | null;
  memberLoans: MemberLoanRecord[] | null;
  handovers: HandoverRecord[] | null;
  openingBalances: (OpeningBalanceRecord & { lines: OpeningBalanceLineRecord[] })[] | null;
  society: z.output<typeof societyDetails> | null;
};

/** The lists and details after the prototype's three, checked (salaries against the file's workers). */
export function checkExtras(file: Record<string, unknown>, workers: WorkerRecord[], memberIds: ReadonlySet<string>, add: ProblemList["add"]): BackupExtras {
  const incomeExpenses = Array.isArray(file.incomeExpenses) ? checkedRecords("incomeExpenses", file.incomeExpenses, incomeExpenseRecord, add) : null;
  const salaries = Array.isArray(file.workerSalaries) ? checkedRecords("workerSalaries", file.workerSalaries, salaryRecord, add) : null;
  const withdrawals = Array.isArray(file.withdrawals) ? checkedRecords("withdrawals", file.withdrawals, withdrawalRecord, add) : null;
  for (const w of withdrawals ?? []) if (!memberIds.has(w.memberId)) add({ code: "memberNotFound", list: "withdrawals", record: w.id, value: w.memberId });
  const memberLoans = Array.isArray(file.memberLoans) ? checkedRecords("memberLoans", file.memberLoans, memberLoanRecord, add) : null;
  for (const l of memberLoans ?? []) if (!memberIds.has(l.memberId)) add({ code: "memberNotFound", list: "memberLoans", record: l.id, value: l.memberId });
  const society = file.society === undefined ? null : societyDetails.safeParse(file.society);
  if (society && !society.success) add({ code: "invalidField", record: "society", field: String(society.error.issues[0]?.path[0] ?? "") });
  const workerCodes = new Set(workers.map((w) => w.id));
  for (const s of salaries ?? []) if (!workerCodes.has(s.workerId)) add({ code: "workerNotFound", list: "workerSalaries", record: s.id, value: s.workerId });
  const handovers = Array.isArray(file.handovers) ? checkedRecords("handovers", file.handovers, handoverRecord, add) : null;
  for (const h of handovers ?? []) if (!workerCodes.has(h.workerId)) add({ code: "workerNotFound", list: "handovers", record: h.id, value: h.workerId });
  const openings = Array.isArray(file.openingBalances) ? checkedRecords("openingBalances", file.openingBalances, openingBalanceRecord, add) : null;
  const openingLines = Array.isArray(file.openingBalanceLines) ? checkedRecords("openingBalanceLines", file.openingBalanceLines, openingBalanceLineRecord, add) : [];
  const openingIds = new Set((openings ?? []).map((o) => o.id));
  for (const line of openingLines) {
    if (!openingIds.has(line.openingId)) add({ code: "invalidField", list: "openingBalanceLines", record: line.id, field: "openingId" });
    if (line.memberId && !memberIds.has(line.memberId)) add({ code: "memberNotFound", list: "openingBalanceLines", record: line.id, value: line.memberId });
  }
  // One opening waiting or posted at most, and one figure per account (and member) in each: the database refuses more.
  const standing = (openings ?? []).filter((o) => o.status !== "rejected");
  for (const o of standing.slice(1)) add({ code: "invalidField", list: "openingBalances", record: o.id, field: "status" });
  const figures = new Set<string>();
  for (const line of openingLines) {
    const key = `${line.openingId}|${line.kind}|${line.memberId ?? ""}`;
    if (figures.has(key)) add({ code: "invalidField", list: "openingBalanceLines", record: line.id, field: "kind" });
    figures.add(key);
  }
  const openingBalances = openings ? openings.map((o) => ({ ...o, lines: openingLines.filter((l) => l.openingId === o.id) })) : null;
  return { incomeExpenses, salaries, withdrawals, memberLoans, handovers, openingBalances, society: society?.success ? society.data : null };
}

export function checkHead(file: Record<string, unknown>, add: ProblemList["add"]): BackupHead {
  const people = checkPeople(file.workers as unknown[], file.members as unknown[], add);
  return { ...people, ...checkExtras(file, people.workers, people.memberIds, add) };
}

/**
 * Checks a file's collections one at a time and links each to its member and worker, so a restore can
 * write each one as it is checked instead of holding a second copy of 300,000 records: the checked
 * collection, or undefined with its problem added.
 */
export function collectionChecker(people: BackupPeople, add: ProblemList["add"]): (item: unknown, index: number) => RestorePlan["collections"][number] | undefined {
  const check = recordChecker("collections", collectionRecord, add);
  return (item, index) => {
    const c = check(item, index);
    if (!c) return undefined;
    const member = people.memberById.get(c.memberId);
    if (!member) {
      if (!people.memberIds.has(c.memberId)) add({ code: "memberNotFound", list: "collections", record: c.id, value: c.memberId });
      return undefined;
    }
    const worker = c.workerName ? people.workerByName("collections", c.id, c.workerName) : null;
    if (c.workerName && !worker) return undefined;
    return { ...c, workerCode: worker?.id ?? member.workerCode };
  };
}

/**
 * Workers' denormalised figures: the prototype's are kept as written; a file without them gets them
 * computed from its members and collected amounts.
 */
export function workerFigures(head: Pick<BackupPeople, "workers" | "members">, collectedBy: Map<string, number>): RestorePlan["workers"] {
  const memberCount = new Map<string, number>();
  for (const m of head.members) memberCount.set(m.workerCode, (memberCount.get(m.workerCode) ?? 0) + 1);
  return head.workers.map((w) => ({ ...w, totalMembers: w.totalMembers ?? memberCount.get(w.id) ?? 0, dailyCollection: w.dailyCollection ?? collectedBy.get(w.id) ?? 0 }));
}

/** What each worker collected in the file (collected records only), for workerFigures. */
export function addCollected(collectedBy: Map<string, number>, c: RestorePlan["collections"][number]): void {
  if (c.status === "collected") collectedBy.set(c.workerCode, (collectedBy.get(c.workerCode) ?? 0) + c.installmentCollected + c.savingsCollected);
}

/** Checks every record and resolves the links (member → worker by name, collection → member by id). */
export function checkBackup(json: string, sizeBytes?: number): BackupCheck {
  const read = readBackup(json, sizeBytes);
  if (!read.ok) return read;
  const { problems, add } = problemList();
  const head = checkHead(read.data, add);
  const collections: RestorePlan["collections"] = [];
  const collectedBy = new Map<string, number>();
  const check = collectionChecker(head, add);
  (read.data.collections as unknown[]).forEach((item, index) => {
    const c = check(item, index);
    if (!c) return;
    collections.push(c);
    addCollected(collectedBy, c);
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    plan: { workers: workerFigures(head, collectedBy), members: head.members, collections, incomeExpenses: head.incomeExpenses, salaries: head.salaries, withdrawals: head.withdrawals, memberLoans: head.memberLoans, handovers: head.handovers, openingBalances: head.openingBalances, society: head.society },
  };
}

/** What a restore will write, for the preview and the success message. */
export function planCounts(plan: { workers: unknown[]; members: unknown[]; collections: { length: number }; incomeExpenses: unknown[] | null; salaries: unknown[] | null }) {
  return {
    workers: plan.workers.length,
    members: plan.members.length,
    collections: plan.collections.length,
    incomeExpenses: plan.incomeExpenses?.length ?? null,
    salaries: plan.salaries?.length ?? null,
  };
}
