import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, localeCookieName, type Locale } from "./config";

/**
 * Pages get the locale from their [locale] segment (setRequestLocale in i18n/segment.ts), which keeps
 * them cacheable; the proxy rewrites each page URL to that segment from the NEXT_LOCALE cookie.
 * Route handlers live outside the segment: for them the cookie decides, read only then.
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale: Locale = isLocale(requested) ? requested : await localeFromCookie();
  return {
    locale,
    timeZone: "Asia/Dhaka",
    messages: (await import(`../messages/${locale}.json`)).default,
    // `{amount, number, integer}` in the messages: the ICU parser knew "integer", the formatter of compiled messages
    // (next.config.ts, precompile) only knows the formats named here.
    formats: { number: { integer: { maximumFractionDigits: 0 } } },
  };
});

async function localeFromCookie(): Promise<Locale> {
  const stored = (await cookies()).get(localeCookieName)?.value;
  return isLocale(stored) ? stored : defaultLocale;
}
