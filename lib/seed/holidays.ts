/**
 * Demo holiday calendar: Bangladesh's government holidays on fixed dates, 2026 and 2027 (the lunar ones, Eid and
 * the rest, are announced each year and left for the super admin to add or import). Demo data only.
 */
const FIXED: [monthDay: string, nameBn: string, nameEn: string][] = [
  ["02-21", "শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস", "Shaheed Day and International Mother Language Day"],
  ["03-17", "জাতির পিতার জন্মদিন", "Birthday of the Father of the Nation"],
  ["03-26", "স্বাধীনতা ও জাতীয় দিবস", "Independence and National Day"],
  ["04-14", "বাংলা নববর্ষ", "Bengali New Year"],
  ["05-01", "মে দিবস", "May Day"],
  ["12-16", "বিজয় দিবস", "Victory Day"],
  ["12-25", "বড়দিন", "Christmas Day"],
];

export function demoHolidays(): { date: Date; nameBn: string; nameEn: string }[] {
  return [2026, 2027].flatMap((year) => FIXED.map(([monthDay, nameBn, nameEn]) => ({ date: new Date(`${year}-${monthDay}T00:00:00Z`), nameBn, nameEn })));
}
