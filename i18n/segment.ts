import { setRequestLocale } from "next-intl/server";
import { defaultLocale, isLocale, type Locale } from "./config";

/** Props of every layout, page and generateMetadata under app/[locale]. */
export type LocaleParams = { params: Promise<{ locale: string }> };

/**
 * Fixes the request's locale from the [locale] segment. Every layout, page and generateMetadata of a
 * cached page calls it before any translation: otherwise next-intl reads it from the request headers,
 * which makes the page dynamic. (app/[locale]/layout.tsx has already refused an unknown locale.)
 */
export async function segmentLocale({ params }: LocaleParams): Promise<Locale> {
  const { locale } = await params;
  const known = isLocale(locale) ? locale : defaultLocale;
  setRequestLocale(known);
  return known;
}
