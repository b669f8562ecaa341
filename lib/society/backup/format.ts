/**
 * The society backup file (spec section 3): the prototype's `workers`, `members`, `collections`,
 * `timestamp`, `version: "2.0"`, `totalRecords`, `generatedBy`, plus this system's income/expense
 * entries, salaries and society details under keys the prototype ignores.
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

/**
 * A backup file's text, in the browser and on the server alike: a gzip file (a compressed backup) is
 * unpacked on the fly and refused once it passes BACKUP_MAX_JSON_BYTES, so a small file that unpacks
 * to gigabytes costs nothing; anything else is read as UTF-8.
 */
export async function backupFileText(bytes: Uint8Array): Promise<{ ok: true; text: string } | { ok: false; problems: BackupProblem[] }> {
  if (bytes.byteLength > BACKUP_MAX_BYTES) return { ok: false, problems: [{ code: "tooLarge" }] };
  if (bytes[0] !== GZIP_MAGIC[0] || bytes[1] !== GZIP_MAGIC[1]) return { ok: true, text: new TextDecoder().decode(bytes) };
  let json: Uint8Array | null;
  try {
    json = await readAtMost(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip")), BACKUP_MAX_JSON_BYTES);
  } catch {
    return { ok: false, problems: [{ code: "readError" }] };
  }
  return json ? { ok: true, text: new TextDecoder().decode(json) } : { ok: false, problems: [{ code: "tooLarge" }] };
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
  | "tooManyProblems";

/** A problem found in a file; `record` names the record (its id, or its position) for the message. */
export type BackupProblem = { code: BackupProblemCode; list?: BackupList; record?: string; field?: string; value?: string };
export type BackupList = "workers" | "members" | "collections" | "incomeExpenses" | "workerSalaries";

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
export type IncomeExpenseRecord = z.output<typeof incomeExpenseRecord>;
export type SalaryRecord = z.output<typeof salaryRecord>;

/** A checked backup, records linked by code: ready to import. */
export type RestorePlan = {
  workers: (WorkerRecord & { totalMembers: number; dailyCollection: number })[];
  members: (MemberRecord & { workerCode: string; area: string })[];
  collections: (CollectionRecord & { workerCode: string })[];
  /** Null when the file has no such list (a prototype file): current entries are kept. */
  incomeExpenses: IncomeExpenseRecord[] | null;
  salaries: SalaryRecord[] | null;
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
  if (!data || typeof data !== "object" || Array.isArray(data)) return { ok: false, problems: [{ code: "invalidFormat" }] };
  const file = data as Record<string, unknown>;
  if (!Array.isArray(file.workers) || !Array.isArray(file.members) || !Array.isArray(file.collections)) return { ok: false, problems: [{ code: "invalidFormat" }] };
  if (file.version !== undefined && file.version !== BACKUP_VERSION) return { ok: false, problems: [{ code: "unsupportedVersion", value: String(file.version).slice(0, 20) }] };
  for (const key of ["incomeExpenses", "workerSalaries"] as const) {
    if (file[key] !== undefined && !Array.isArray(file[key])) return { ok: false, problems: [{ code: "invalidFormat" }] };
  }
  return { ok: true, data: file };
}

function recordName(item: unknown, index: number): string {
  const id = item && typeof item === "object" ? (item as { id?: unknown }).id : undefined;
  return typeof id === "string" && id.length > 0 && id.length <= 20 ? id : `#${index + 1}`;
}

/** Checks every record and resolves the links (member → worker by name, collection → member by id). */
export function checkBackup(json: string, sizeBytes?: number): BackupCheck {
  const read = readBackup(json, sizeBytes);
  if (!read.ok) return read;
  const file = read.data;
  const problems: BackupProblem[] = [];
  const add = (p: BackupProblem) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
    else if (problems.length === MAX_PROBLEMS) problems.push({ code: "tooManyProblems" });
  };

  function parseList<T>(list: BackupList, items: unknown[], schema: z.ZodType<T>): T[] {
    const out: T[] = [];
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        add({ code: "invalidField", list, record: recordName(item, index), field: String(issue?.path[0] ?? "") });
        return;
      }
      const id = (parsed.data as { id: string }).id;
      if (seen.has(id)) add({ code: "duplicateId", list, record: id });
      seen.add(id);
      out.push(parsed.data);
    });
    return out;
  }

  const workers = parseList("workers", file.workers as unknown[], workerRecord);
  const members = parseList("members", file.members as unknown[], memberRecord);
  const collections = parseList("collections", file.collections as unknown[], collectionRecord);
  const incomeExpenses = Array.isArray(file.incomeExpenses) ? parseList("incomeExpenses", file.incomeExpenses, incomeExpenseRecord) : null;
  const salaries = Array.isArray(file.workerSalaries) ? parseList("workerSalaries", file.workerSalaries, salaryRecord) : null;
  const society = file.society === undefined ? null : societyDetails.safeParse(file.society);
  if (society && !society.success) add({ code: "invalidField", record: "society", field: String(society.error.issues[0]?.path[0] ?? "") });

  // Members name their worker; a name must lead to exactly one worker of the file.
  const workersByName = new Map<string, WorkerRecord[]>();
  for (const w of workers) workersByName.set(w.name, [...(workersByName.get(w.name) ?? []), w]);
  const workerByName = (list: BackupList, record: string, name: string): WorkerRecord | null => {
    const found = workersByName.get(name.trim()) ?? [];
    if (found.length === 1) return found[0]!;
    add({ code: found.length === 0 ? "workerNotFound" : "workerNameAmbiguous", list, record, value: name });
    return null;
  };
  const workerCodes = new Set(workers.map((w) => w.id));
  const plannedMembers: RestorePlan["members"] = [];
  for (const m of members) {
    const worker = workerByName("members", m.id, m.workerName);
    if (worker) plannedMembers.push({ ...m, workerCode: worker.id, area: m.area ?? worker.area });
  }
  const memberById = new Map(plannedMembers.map((m) => [m.id, m]));
  const memberIds = new Set(members.map((m) => m.id));
  const plannedCollections: RestorePlan["collections"] = [];
  const memberCount = new Map<string, number>();
  const collectedBy = new Map<string, number>();
  for (const c of collections) {
    const member = memberById.get(c.memberId);
    if (!member) {
      if (!memberIds.has(c.memberId)) add({ code: "memberNotFound", list: "collections", record: c.id, value: c.memberId });
      continue;
    }
    const worker = c.workerName ? workerByName("collections", c.id, c.workerName) : null;
    if (c.workerName && !worker) continue;
    const workerCode = worker?.id ?? member.workerCode;
    plannedCollections.push({ ...c, workerCode });
    if (c.status === "collected") collectedBy.set(workerCode, (collectedBy.get(workerCode) ?? 0) + c.installmentCollected + c.savingsCollected);
  }
  for (const m of plannedMembers) memberCount.set(m.workerCode, (memberCount.get(m.workerCode) ?? 0) + 1);
  for (const s of salaries ?? []) if (!workerCodes.has(s.workerId)) add({ code: "workerNotFound", list: "workerSalaries", record: s.id, value: s.workerId });

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    plan: {
      // The prototype's denormalised figures are kept as written; a file without them gets them computed.
      workers: workers.map((w) => ({ ...w, totalMembers: w.totalMembers ?? memberCount.get(w.id) ?? 0, dailyCollection: w.dailyCollection ?? collectedBy.get(w.id) ?? 0 })),
      members: plannedMembers,
      collections: plannedCollections,
      incomeExpenses,
      salaries,
      society: society?.success ? society.data : null,
    },
  };
}

/** What a restore will write, for the preview and the success message. */
export function planCounts(plan: RestorePlan) {
  return {
    workers: plan.workers.length,
    members: plan.members.length,
    collections: plan.collections.length,
    incomeExpenses: plan.incomeExpenses?.length ?? null,
    salaries: plan.salaries?.length ?? null,
  };
}
