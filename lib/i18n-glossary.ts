/**
 * Pure helpers behind the glossary check (tests/unit/glossary.test.ts and scripts/check-messages.ts): read the
 * tables of docs/glossary.md and find messages that use a word the glossary says to avoid.
 */
import { flattenKeys } from "./i18n-keys";

export type GlossaryTerm = { english: string[]; bengali: string; avoid: string[] };
export type GlossaryBan = { language: "bn" | "en"; avoid: string[] };
export type Glossary = { terms: GlossaryTerm[]; bans: GlossaryBan[] };

const backticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim()).filter(Boolean);

/** The rows of the markdown table under `heading` (a `## ` line), header and separator left out. */
function tableUnder(markdown: string, heading: string): string[][] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === `## ${heading}`);
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith("## ")) break;
    if (!line.trim().startsWith("|")) continue;
    const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    rows.push(cells);
  }
  return rows.slice(1); // the header row
}

export function parseGlossary(markdown: string): Glossary {
  const terms = tableUnder(markdown, "Terms").map((cells) => ({
    english: backticked(cells[0] ?? ""),
    bengali: (cells[1] ?? "").split("(")[0]!.trim(),
    avoid: backticked(cells[3] ?? ""),
  }));
  const bans = tableUnder(markdown, "Spellings and words never used").map((cells) => ({
    language: (cells[0] === "en" ? "en" : "bn") as "bn" | "en",
    avoid: backticked(cells[2] ?? ""),
  }));
  return { terms, bans };
}

const isLatin = (word: string) => /[A-Za-z]/.test(word);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An English term's words: whole words, a plural `s`/`es` allowed; any case, but an acronym (NID, MB) only as written. */
function englishPattern(term: string): RegExp {
  const acronym = /^[A-Z]{2,}$/.test(term);
  return new RegExp(`(?<![A-Za-z])${escape(term).replace(/[\s-]+/g, "[\\s-]+")}(?:e?s)?(?![A-Za-z])`, acronym ? "" : "i");
}

/**
 * Whether `text` uses `word`: a Latin word as a whole word (any case, plural too); a Bengali word at the start of a word, so
 * its inflected forms (কর্মীর, কর্মীরা) count but a longer compound (মাঠকর্মী) does not.
 */
export function usesWord(text: string, word: string): boolean {
  if (isLatin(word)) return englishPattern(word).test(text);
  const words = ` ${text.replace(/[^\u0980-\u09FF\u200C\u200DA-Za-z0-9]+/g, " ")} `;
  return words.includes(` ${word}`);
}

export type GlossaryProblem = { key: string; language: "bn" | "en"; word: string; term?: string; text: string };

/**
 * Every message that uses an avoided word: for a term, only where the English text names that term, and not when the
 * word is another term's own word that the same English also names ("an application, a customer or a society member").
 */
export function glossaryProblems(glossary: Glossary, messages: { bn: unknown; en: unknown }): GlossaryProblem[] {
  const bn = flattenKeys(messages.bn);
  const en = flattenKeys(messages.en);
  const problems: GlossaryProblem[] = [];
  for (const [key, enValue] of en) {
    const bnValue = bn.get(key);
    if (typeof enValue !== "string" || typeof bnValue !== "string") continue;
    for (const term of glossary.terms) {
      const named = term.english.find((word) => englishPattern(word).test(enValue));
      if (!named) continue;
      const alsoNamed = glossary.terms.filter((other) => other !== term && other.english.some((word) => englishPattern(word).test(enValue)));
      for (const word of term.avoid) {
        if (alsoNamed.some((other) => usesWord(other.bengali, word))) continue;
        if (usesWord(bnValue, word)) problems.push({ key, language: "bn", word, term: named, text: bnValue });
      }
    }
  }
  for (const ban of glossary.bans) {
    for (const [key, value] of ban.language === "bn" ? bn : en) {
      if (typeof value !== "string") continue;
      for (const word of ban.avoid) if (usesWord(value, word)) problems.push({ key, language: ban.language, word, text: value });
    }
  }
  return problems;
}

export function describeGlossaryProblem(p: GlossaryProblem): string {
  return `${p.language} ${p.key}: avoid “${p.word}”${p.term ? ` for “${p.term}”` : ""} — ${p.text}`;
}
