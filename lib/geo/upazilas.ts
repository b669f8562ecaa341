/**
 * Bangladesh's divisions, districts and upazilas (metropolitan city corporations included), in Bengali and English
 * (pure). The list was taken once from the npm package bd-divisions-to-unions 1.0.3 (ISC), its English names brought
 * to today's official spellings and the three upazilas made in 2021 added (505–507); an upazila's code is that list's
 * number, kept as text and never localised (decision 0255).
 */
import data from "./upazilas.json";

export type Upazila = { code: string; bn: string; en: string; districtCode: string };
export type District = { code: string; bn: string; en: string; divisionCode: string };
type Names = { bn: string; en: string };

const divisions = new Map(data.divisions.map(([code, bn, en]) => [code!, { bn: bn!, en: en! } satisfies Names]));
const districts = new Map(data.districts.map(([code, bn, en, divisionCode]) => [code!, { code: code!, bn: bn!, en: en!, divisionCode: divisionCode! } satisfies District]));
export const UPAZILAS: readonly Upazila[] = data.upazilas.map(([code, bn, en, districtCode]) => ({ code: code!, bn: bn!, en: en!, districtCode: districtCode! }));
const byCode = new Map(UPAZILAS.map((u) => [u.code, u]));

export function upazilaByCode(code: string): Upazila | undefined {
  return byCode.get(code);
}

/** Its district and division, for an office's address or a review screen. */
export function placeOf(code: string): { upazila: Names; district: Names; division: Names } | undefined {
  const upazila = byCode.get(code);
  const district = upazila && districts.get(upazila.districtCode);
  const division = district && divisions.get(district.divisionCode);
  return upazila && district && division ? { upazila, district, division } : undefined;
}

/** "Savar, Dhaka" / "সাভার, ঢাকা". */
export function upazilaLabel(code: string, locale: "bn" | "en"): string | undefined {
  const place = placeOf(code);
  return place ? `${place.upazila[locale]}, ${place.district[locale]}` : undefined;
}

/** The spellings in use before 2018 (and spreadsheets still hold), read as today's official ones. */
const OLD_SPELLINGS: Record<string, string> = {
  barisal: "barishal",
  chittagong: "chattogram",
  comilla: "cumilla",
  coxsbazar: "cox's bazar",
  jessore: "jashore",
  bogra: "bogura",
};

/**
 * Names compare without case, extra spaces, Unicode composition differences or an old spelling (typed or pasted from
 * a spreadsheet).
 */
const normalised = (s: string) =>
  s
    .normalize("NFC")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[a-z']+/g, (word) => OLD_SPELLINGS[word] ?? word);

/** An upazila by its district and its own name, each in Bengali or English (a name alone repeats across districts). */
export function findUpazila(district: string, upazila: string): Upazila | undefined {
  const d = normalised(district);
  const u = normalised(upazila);
  const districtCodes = new Set([...districts.values()].filter((x) => normalised(x.bn) === d || normalised(x.en) === d).map((x) => x.code));
  return UPAZILAS.find((x) => districtCodes.has(x.districtCode) && (normalised(x.bn) === u || normalised(x.en) === u));
}

export type UpazilaGroup = { district: string; upazilas: { code: string; name: string }[] };

const groupsByLocale = new Map<"bn" | "en", UpazilaGroup[]>();

/**
 * The wizard's and the offices screen's choice: upazilas grouped by district, both in the reader's alphabet order.
 * Sorted once per language (the wizard's step renders again with every key typed).
 */
export function upazilaGroups(locale: "bn" | "en"): UpazilaGroup[] {
  let groups = groupsByLocale.get(locale);
  if (!groups) groupsByLocale.set(locale, (groups = sortedGroups(locale)));
  return groups;
}

function sortedGroups(locale: "bn" | "en"): UpazilaGroup[] {
  const collator = new Intl.Collator(locale === "bn" ? "bn-BD" : "en");
  return [...districts.values()]
    .map((district) => ({
      district: district[locale],
      upazilas: UPAZILAS.filter((u) => u.districtCode === district.code)
        .map((u) => ({ code: u.code, name: u[locale] }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    }))
    .sort((a, b) => collator.compare(a.district, b.district));
}
