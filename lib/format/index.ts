import type { Locale } from "@/i18n/config";

/**
 * Money is integer taka everywhere. Bengali uses bn-BD (Bengali digits, lakh/crore grouping);
 * English uses en-IN because en-BD falls back to Western grouping on Node's ICU.
 */
const numberLocale: Record<Locale, string> = { bn: "bn-BD", en: "en-IN" };
const dateLocale: Record<Locale, string> = { bn: "bn-BD", en: "en-GB" };
export const TIME_ZONE = "Asia/Dhaka";

/** Today's calendar date in Dhaka as YYYY-MM-DD. */
export function dhakaToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(now);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${fractionDigits}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale[locale], {
      maximumFractionDigits: fractionDigits,
      minimumFractionDigits: 0,
    });
    numberFormats.set(key, f);
  }
  return f;
}

/** "1234567" -> "12,34,567": the lakh/crore grouping both number locales use (three digits, then twos). */
function groupLakhCrore(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",")},${digits.slice(-3)}`;
}

/**
 * 1000000 -> "10,00,000" (en) or "১০,০০,০০০" (bn). Whole numbers, which is nearly every number shown, are grouped
 * here rather than by Intl: the first Intl.NumberFormat a page builds loads ICU's number data, ~80 ms of a slow
 * phone's main thread during hydration (docs/benchmarks.md). The unit tests hold both paths to the same output.
 */
export function formatNumber(value: number, locale: Locale, fractionDigits = 0): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    return localizeDigits(`${value < 0 ? "-" : ""}${groupLakhCrore(String(Math.abs(value)))}`, locale);
  }
  return numberFormat(locale, fractionDigits).format(value);
}

/** Integer taka with the ৳ sign in front and no decimals: "৳4,584" / "৳৪,৫৮৪". */
export function formatTaka(amount: number, locale: Locale): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}৳${formatNumber(Math.round(Math.abs(amount)), locale)}`;
}

/** Percent with up to two decimals: 18 -> "18%" / "১৮%". */
export function formatPercent(value: number, locale: Locale): string {
  return `${formatNumber(value, locale, 2)}%`;
}

/** Replace ASCII digits with Bengali ones when the locale is Bengali: for counts and years in text, never inside a code, an ID or a phone number. */
export function localizeDigits(text: string, locale: Locale): string {
  return locale === "bn" ? text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";

/** "১২৩" -> "123". Number("১২৩") is NaN, so every input goes through this first. */
export function toAsciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BENGALI_DIGITS.indexOf(d)));
}

/**
 * Parse an amount typed by a person: Bengali or ASCII digits, grouping commas, spaces and a ৳ sign.
 * Returns null for anything that is not a finite number.
 */
export function parseNumberInput(text: string): number | null {
  const cleaned = toAsciiDigits(text).replace(/[৳,\s]/g, "").replace(/^tk\.?/i, "");
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** Dates are always shown in Asia/Dhaka, whatever the server's or browser's zone. */
export function formatDate(
  date: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" },
): string {
  const key = `${locale}:${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(dateLocale[locale], { ...options, timeZone: TIME_ZONE });
    dateFormats.set(key, f);
  }
  return f.format(new Date(date));
}

/** A calendar day (YYYY-MM-DD, as stored in date columns) shown as that same Dhaka day. */
export function formatCalendarDate(iso: string, locale: Locale, options?: Intl.DateTimeFormatOptions): string {
  return formatDate(`${iso}T00:00:00+06:00`, locale, options);
}

export function formatDateTime(date: Date | string | number, locale: Locale): string {
  return formatDate(date, locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    // ICU writes AM/PM in Latin letters on a Bengali screen: Bengali times are on the 24-hour clock.
    ...(locale === "bn" ? { hourCycle: "h23" as const } : {}),
  });
}

/**
 * +8809612345678 -> "09612-345678" (the way Bangladeshis write a number). Its digits stay Latin in both languages, like
 * every code and ID: it is dialled, typed and read out, and one number must look the same wherever it is printed.
 */
export function formatPhone(e164: string): string {
  const national = e164.replace(/^\+880/, "0");
  return national.length === 11 ? `${national.slice(0, 5)}-${national.slice(5)}` : national;
}

/** A day of the year ("MM-DD") as people say it, e.g. "30 June" / "৩০ জুন". */
export function formatMonthDay(monthDay: string, locale: Locale): string {
  // Any year without 29 February will do: only the day and month are shown.
  return formatCalendarDate(`2001-${monthDay}`, locale, { day: "numeric", month: "long" });
}

/** Days of the year as alternatives: "30 June or 31 December" / "৩১ মার্চ, ৩০ জুন বা ৩১ ডিসেম্বর". */
export function formatMonthDays(monthDays: readonly string[], locale: Locale): string {
  const days = monthDays.map((d) => formatMonthDay(d, locale));
  // Bengali puts no comma before বা (ICU's list pattern for bn does).
  if (locale === "bn") return days.length < 2 ? (days[0] ?? "") : `${days.slice(0, -1).join(", ")} বা ${days.at(-1)}`;
  return new Intl.ListFormat(dateLocale[locale], { type: "disjunction" }).format(days);
}
