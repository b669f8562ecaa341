/**
 * One address per language for the public site (issue 25): Bengali at /, /loans, …; English at /en, /en/loans, ….
 * The signed-in areas (back office, society tool, the borrower's page) are personal and keep one address, their
 * language from the NEXT_LOCALE cookie. Pure: the proxy, links, metadata and the sitemap share it.
 */
import { defaultLocale, isLocale, locales, type Locale } from "./config";

/** Areas whose pages are personal: never cached by a shared cache, one address for both languages. */
export const PRIVATE_AREAS = ["/admin", "/society-manager", "/account"] as const;

/** Every public page, by its Bengali path (sitemap, hreflang, the same-bytes test). */
export const PUBLIC_PAGES = ["/", "/loans", "/calculator", "/eligibility", "/apply", "/status", "/install", "/about", "/contact", "/privacy", "/terms", "/compliance"] as const;

const inArea = (path: string, area: string) => path === area || path.startsWith(`${area}/`);

/** A page path outside the signed-in areas (and not a file or route handler of its own). */
export function isPublicPagePath(path: string): boolean {
  return !PRIVATE_AREAS.some((area) => inArea(path, area)) && !path.startsWith("/api/") && !path.startsWith("/_next/");
}

/** The locale a path names with its prefix (/en/loans → en), and the path without it; none for an unprefixed path. */
export function splitLocalePrefix(path: string): { locale: Locale | null; rest: string } {
  const segment = path.split("/")[1] ?? "";
  if (!isLocale(segment)) return { locale: null, rest: path };
  return { locale: segment, rest: path.slice(segment.length + 1) || "/" };
}

/**
 * A link as the reader's language writes it: a public page in English gets the /en prefix; Bengali pages, the signed-in
 * areas, other sites and files keep theirs. The query string and fragment stay as they are.
 */
export function localizedPath(href: string, locale: Locale): string {
  if (locale === defaultLocale || !href.startsWith("/") || href.startsWith("//")) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const tail = cut === -1 ? "" : href.slice(cut);
  if (!isPublicPagePath(path) || /\.[a-z0-9]+$/i.test(path) || splitLocalePrefix(path).locale) return href;
  return `/${locale}${path === "/" ? "" : path}${tail}`;
}

/**
 * A link from a public page into a signed-in area (/account, /admin/login, /society-manager): an English page links to
 * /en/… so that a visitor who came by an English address (no cookie yet) opens the area in English; the proxy sends
 * /en/<area> on to the area's one address and saves the choice.
 */
export function signedInAreaPath(href: string, locale: Locale): string {
  return locale === defaultLocale || isPublicPagePath(href) ? href : `/${locale}${href}`;
}

/** The same page in the other language (a browser path, prefixed or not). */
export function pathInLocale(browserPath: string, locale: Locale): string {
  return localizedPath(splitLocalePrefix(browserPath).rest, locale);
}

/** Every language's address of a public page (by its Bengali path), for hreflang and the sitemap. */
export function alternatePaths(path: string): Record<Locale, string> {
  return Object.fromEntries(locales.map((l) => [l, localizedPath(path, l)])) as Record<Locale, string>;
}
