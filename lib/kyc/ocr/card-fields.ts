/**
 * The fields of a Bangladeshi NID card from the text OCR read (pure). Smart cards print "Name: MD RAHIM UDDIN",
 * "Date of Birth: 07 Mar 1985" and "ID NO: 1234 567 890"; older cards "National ID No. 1985123456789"; some
 * layouts put each label on the line above its value. OCR noise is tolerated where it is predictable (O for 0 in
 * a number, spaces and dashes inside it, Bengali digits); anything doubtful is left out (null), never guessed.
 */

export type CardFields = {
  /** 10, 13 or 17 digits. */
  nidNumber: string | null;
  /** The English name line, as printed. */
  fullName: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
};

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";
const NID_LENGTHS = new Set([10, 13, 17]);

/** Letters OCR confuses with digits, read as digits inside a number. */
const DIGIT_LOOKALIKES: Record<string, string> = { O: "0", o: "0", D: "0", Q: "0", I: "1", l: "1", "|": "1", i: "1", S: "5", s: "5", B: "8", Z: "2", z: "2", G: "6", b: "6" };

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BENGALI_DIGITS.indexOf(d)));
}

function lines(text: string): string[] {
  return asciiDigits(text)
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** The value after a label: on the label's own line (after ":" or ".") or, when nothing follows it, on the next line. */
function valueAfter(all: string[], label: RegExp): string | null {
  for (let i = 0; i < all.length; i++) {
    const match = label.exec(all[i]!);
    if (!match) continue;
    const rest = all[i]!.slice(match.index + match[0].length).replace(/^[\s:;.,\-–|]+/, "").trim();
    if (rest) return rest;
    const next = all[i + 1];
    if (next) return next;
  }
  return null;
}

/** A run of digits (with lookalike letters, spaces and dashes) of a valid NID length, or null. */
function nidFrom(candidate: string): string | null {
  const digits = candidate
    .replace(/[A-Za-z|]/g, (c) => DIGIT_LOOKALIKES[c] ?? c)
    .replace(/[\s\-–.]/g, "")
    .match(/\d+/g);
  if (!digits) return null;
  // The longest run: a label's stray letters must not split the number.
  const longest = digits.reduce((a, b) => (b.length > a.length ? b : a), "");
  return NID_LENGTHS.has(longest.length) ? longest : null;
}

const NID_LABEL = /\b(?:N\s*I\s*D|National\s+ID|ID)\s*(?:N[o0]|Number|#)?\s*[.:]?/i;

function readNid(all: string[]): string | null {
  for (let i = 0; i < all.length; i++) {
    const match = NID_LABEL.exec(all[i]!);
    if (!match) continue;
    const after = all[i]!.slice(match.index + match[0].length);
    const onLine = nidFrom(after.replace(/[^0-9A-Za-z|\s\-–]/g, " "));
    if (onLine) return onLine;
    const next = all[i + 1] ? nidFrom(all[i + 1]!) : null;
    if (next) return next;
  }
  // No label read: a line that is nothing but a number of a valid length.
  for (const line of all) {
    if (/^[\d\s\-–]+$/.test(line)) {
      const found = nidFrom(line);
      if (found) return found;
    }
  }
  return null;
}

function isoDate(year: number, month: number, day: number, now: Date): string | null {
  if (year < 1900 || year > now.getUTCFullYear()) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (date.getTime() > now.getTime()) return null;
  return date.toISOString().slice(0, 10);
}

/** "07 Mar 1985", "7 March 1985", "07-03-1985", "07/03/1985" or "1985-03-07"; month names with 0 read as O. */
export function parseCardDate(text: string, now = new Date()): string | null {
  const cleaned = asciiDigits(text).replace(/[,]/g, " ");
  const named = /(\d{1,2})\s*[-./ ]?\s*([A-Za-z0]{3,9})\.?\s*[-./ ]?\s*(\d{4})/.exec(cleaned);
  if (named) {
    const month = MONTHS[named[2]!.replace(/0/g, "o").slice(0, 3).toLowerCase()];
    if (month) return isoDate(Number(named[3]), month, Number(named[1]), now);
  }
  const iso = /(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(cleaned);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]), now);
  const dmy = /(\d{1,2})[-./](\d{1,2})[-./](\d{4})/.exec(cleaned);
  if (dmy) return isoDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]), now);
  return null;
}

function readDateOfBirth(all: string[], now: Date): string | null {
  const labelled = valueAfter(all, /Date\s*of\s*Birth|D\.?\s*O\.?\s*B\.?|Birth\s*Date/i);
  if (labelled) {
    const parsed = parseCardDate(labelled, now);
    if (parsed) return parsed;
  }
  return null;
}

/** The English name line: Latin letters, dots, spaces, hyphens and apostrophes; at least two letters. */
function readName(all: string[]): string | null {
  const value = valueAfter(all, /^(?:Name|NAME|Narne|Nane)\b/);
  if (!value) return null;
  const name = value
    .replace(/[^A-Za-z.\s'-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.'-]+|[.'-]+$/g, "")
    .trim();
  return (name.match(/[A-Za-z]/g)?.length ?? 0) >= 2 ? name : null;
}

export function parseNidCardText(text: string, now = new Date()): CardFields {
  const all = lines(text);
  return { nidNumber: readNid(all), fullName: readName(all), dateOfBirth: readDateOfBirth(all, now) };
}
