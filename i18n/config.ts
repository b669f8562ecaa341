export const locales = ["bn", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "bn";
/** Cookie that remembers the visitor's language across pages and visits (same name next-intl uses). */
export const localeCookieName = "NEXT_LOCALE";
/** How it is set, by the language toggle and by the proxy (a URL with a locale prefix). */
export const localeCookieOptions = { path: "/", maxAge: 60 * 60 * 24 * 365, sameSite: "lax" } as const;

/**
 * The cookie as the language toggle writes it in the browser (`document.cookie`): a language is no secret, so no
 * server action (whose client code every page would carry) is needed to set it.
 */
export function localeCookie(locale: Locale): string {
  return `${localeCookieName}=${locale}; Path=${localeCookieOptions.path}; Max-Age=${localeCookieOptions.maxAge}; SameSite=${localeCookieOptions.sameSite}`;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
