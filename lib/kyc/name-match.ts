/**
 * Does the name on a form match the name on an NID card (issue 9 item 4)? Tolerant of case, spacing,
 * punctuation, common spellings of the same name, and Bengali against English script (রহিমা খাতুন ~ Rahima Khatun).
 * Both names become phonetic keys in Latin letters: Bengali is transliterated letter by letter (the inherent vowel
 * read as "a", dropped at the end of a word, as Bengali speech does), then both lose the differences spelling does
 * not carry (aspirates, doubled letters, o/a, y/i, …). Words are paired in any order and compared by edit distance.
 * Pure, so the check on the server and its tests use the same code.
 */
import { distance } from "fastest-levenshtein";

// Bengali letters → Latin. Consonants carry the inherent vowel unless a vowel sign or the hasanta follows.
const CONSONANTS: Record<string, string> = {
  ক: "k", খ: "kh", গ: "g", ঘ: "gh", ঙ: "ng", চ: "ch", ছ: "chh", জ: "j", ঝ: "jh", ঞ: "n",
  ট: "t", ঠ: "th", ড: "d", ঢ: "dh", ণ: "n", ত: "t", থ: "th", দ: "d", ধ: "dh", ন: "n",
  প: "p", ফ: "f", ব: "b", ভ: "bh", ম: "m", য: "j", র: "r", ল: "l", শ: "sh", ষ: "sh",
  স: "s", হ: "h", "\u09DC": "r", "\u09DD": "r", "\u09DF": "y", ৎ: "t",
};
const VOWELS: Record<string, string> = { অ: "a", আ: "a", ই: "i", ঈ: "i", উ: "u", ঊ: "u", ঋ: "ri", এ: "e", ঐ: "oi", ও: "o", ঔ: "ou" };
const VOWEL_SIGNS: Record<string, string> = { "া": "a", "ি": "i", "ী": "i", "ু": "u", "ূ": "u", "ৃ": "ri", "ে": "e", "ৈ": "oi", "ো": "o", "ৌ": "ou" };
const HASANTA = "\u09CD";
const NUKTA = "\u09BC";
/** য, ড, ঢ + nukta: the precomposed য় (U+09DF), ড় (U+09DC), ঢ় (U+09DD). */
const NUKTA_LETTERS: Record<string, string> = { "\u09AF": "\u09DF", "\u09A1": "\u09DC", "\u09A2": "\u09DD" };
const MARKS: Record<string, string> = { "ং": "ng", "ঃ": "h", "ঁ": "" };

/** Bengali script to Latin letters, word by word; other characters pass through. */
export function transliterateBengali(text: string): string {
  // No Unicode normalisation: NFD would split ো into ে + া. ড় ঢ় য় come precomposed or as letter + nukta.
  const chars = [...text];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1];
    if (NUKTA_LETTERS[ch] !== undefined && next === NUKTA) {
      chars[i + 1] = NUKTA_LETTERS[ch];
      continue;
    }
    if (CONSONANTS[ch] !== undefined) {
      out += CONSONANTS[ch];
      if (next === HASANTA) {
        i++;
        continue;
      }
      if (next !== undefined && VOWEL_SIGNS[next] !== undefined) continue;
      // The inherent vowel, silent at the end of a word.
      const wordEnds = next === undefined || !(next in CONSONANTS || next in VOWELS || next in MARKS);
      if (!wordEnds) out += "a";
    } else if (VOWEL_SIGNS[ch] !== undefined) out += VOWEL_SIGNS[ch];
    else if (VOWELS[ch] !== undefined) out += VOWELS[ch];
    else if (MARKS[ch] !== undefined) out += MARKS[ch];
    else if (ch !== HASANTA) out += ch;
  }
  return out;
}

/** Courtesy titles carry no identity. */
const IGNORED_WORDS = new Set(["mr", "mrs", "dr"]);
/** Mohammad and Mosammat in their spellings and abbreviations: one key each. */
const NAME_PREFIXES: [RegExp, string][] = [
  [/^(md|mohd|m[ou]h?a?m+[ae]d)$/, "mhmd"],
  [/^(mst|mosst|m[ou]s+am+[ao]t)$/, "mst"],
];

/** One word's phonetic key: what survives the spellings of one sound. */
function wordKey(word: string): string {
  const prefix = NAME_PREFIXES.find(([pattern]) => pattern.test(word));
  if (prefix) return prefix[1];
  return word
    .replace(/ph/g, "f")
    .replace(/([kgcjtdb])h/g, "$1") // aspirates: kh, gh, th, dh, bh → plain
    .replace(/sh/g, "s")
    .replace(/v/g, "b")
    .replace(/[zq]/g, (c) => (c === "z" ? "j" : "k"))
    .replace(/w/g, "o")
    .replace(/y/g, "i")
    .replace(/ee|ie/g, "i")
    .replace(/oo|ou/g, "u")
    .replace(/o/g, "a") // the inherent vowel is written a or o in English (হোসেন: Hosen, Hossain)
    .replace(/ai|ei/g, "e")
    .replace(/(.)\1+/g, "$1"); // doubled letters
}

/** A name as its words' phonetic keys, in Latin letters whatever the script it was written in. */
export function nameKeys(name: string): string[] {
  return transliterateBengali(name)
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z\s]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !IGNORED_WORDS.has(w))
    .map(wordKey)
    .filter(Boolean);
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - distance(a, b) / longest;
}

/**
 * Two words' closeness: vowels are where spellings and transliteration disagree most (বেগম: Begum, Begam; the
 * inherent vowel Bengali writes but does not say: Nusarat, Nusrat), consonants carry the name. So the lower of
 * two similarities: with every run of vowels as one mark, and with the consonants alone.
 */
function wordSimilarity(a: string, b: string): number {
  const vowelsAsOne = (w: string) => w.replace(/[aeiou]+/g, "V");
  const consonants = (w: string) => w.replace(/[aeiou]/g, "");
  return Math.min(similarity(vowelsAsOne(a), vowelsAsOne(b)), similarity(consonants(a), consonants(b)));
}

/** Each word must be at least this close to its partner; below, it is another name (Rahima ≠ Karima). */
export const WORD_MATCH_MIN = 0.75;
/** The whole name, as the share of characters that agree, needed for a pass. */
export const NAME_MATCH_MIN = 0.8;

export type NameMatch = { matched: boolean; score: number };

/**
 * Pairs each word of the shorter name with its closest unused word of the longer one (order free: "Khatun
 * Rahima" is the same person). The score is the length-weighted similarity of the pairs over all letters of both
 * names, so a missing or extra word lowers it; it passes when every pair is close and the whole is close enough.
 * With as many words on both sides, both pairings are tried and the better one counts, so the answer does not
 * depend on which name comes first.
 */
export function matchNames(a: string, b: string): NameMatch {
  const [keysA, keysB] = [nameKeys(a), nameKeys(b)];
  if (keysA.length === 0 || keysB.length === 0) return { matched: false, score: 0 };
  const letters = [...keysA, ...keysB].reduce((sum, w) => sum + w.length, 0);
  const tries = keysA.length === keysB.length ? [pairUp(keysA, keysB, letters), pairUp(keysB, keysA, letters)] : [keysA.length < keysB.length ? pairUp(keysA, keysB, letters) : pairUp(keysB, keysA, letters)];
  return tries.reduce((best, t) => (t.score > best.score || (t.score === best.score && t.matched && !best.matched) ? t : best));
}

function pairUp(short: string[], long: string[], letters: number): NameMatch {
  const unused = [...long];
  let agreeing = 0;
  let everyWordClose = true;
  for (const word of short) {
    let best = 0;
    let bestScore = -1;
    unused.forEach((candidate, index) => {
      const s = wordSimilarity(word, candidate);
      if (s > bestScore) [best, bestScore] = [index, s];
    });
    const [partner] = unused.splice(best, 1);
    if (bestScore < WORD_MATCH_MIN) everyWordClose = false;
    agreeing += bestScore * (word.length + partner!.length);
  }
  const score = Math.round((agreeing / letters) * 1000) / 10;
  return { matched: everyWordClose && score >= NAME_MATCH_MIN * 100, score };
}
