import NextAuth, { type NextAuthRequest } from "next-auth";
import createIntlMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse, type NextFetchEvent } from "next/server";
import { defaultLocale, isLocale, localeCookieName, localeCookieOptions } from "@/i18n/config";
import { isPublicPagePath, localizedPath, splitLocalePrefix } from "@/i18n/paths";
import { routing } from "@/i18n/routing";
import { authConfig } from "@/lib/auth/config";
import { isNoncePage, nonceContentSecurityPolicy } from "@/lib/security/headers";
import { knownServerActionIds, refuseForeignActionRequest, refuseUnreadableAddress } from "@/lib/security/request-hygiene";

const { auth } = NextAuth(authConfig);
const intl = createIntlMiddleware(routing);

/**
 * The signed-in areas: rewrites a page request to its internal app/[locale] path from the NEXT_LOCALE cookie (next-intl,
 * `localePrefix: "never"`). Without a cookie the site is Bengali whatever the browser's Accept-Language
 * says, as it always was: next-intl's detection is told the browser asks for Bengali (and so sets no cookie).
 */
function rewriteToLocale(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set("accept-language", routing.defaultLocale);
  if (!isNoncePage(request.nextUrl.pathname)) return intl(new NextRequest(request, { headers }));
  // Signed-in pages: a fresh nonce per request. Next.js reads it from the request's policy header (passed on
  // with the rewrite) and puts it on its scripts; the browser gets the same policy on the response.
  const nonce = btoa(crypto.randomUUID());
  const policy = nonceContentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  headers.set("content-security-policy", policy);
  const response = intl(new NextRequest(request, { headers }));
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

/** This site's address with another path: set on a URL object, so no path (//other.example/…) can leave the site. */
function onThisSite(request: NextRequest, path: string, search: string): URL {
  const url = new URL(request.url);
  url.pathname = path;
  url.search = search;
  return url;
}

/**
 * The public site has one address per language (i18n/paths.ts): English under /en, Bengali without a prefix. The URL
 * alone decides what a page says, so a shared cache may store it by URL. Only a visitor whose saved choice is English
 * and who opens a Bengali address is sent to the English one, by a redirect no shared cache stores. /bn/… is sent to
 * its address without the prefix; /en/… of a signed-in area to that area (its language from the cookie, set here).
 */
function publicPage(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const { locale, rest } = splitLocalePrefix(pathname);
  if (locale === defaultLocale) return NextResponse.redirect(onThisSite(request, rest, search), 308);
  if (locale) {
    if (isPublicPagePath(rest)) return NextResponse.next();
    const response = NextResponse.redirect(onThisSite(request, rest, search), 307);
    response.cookies.set(localeCookieName, locale, localeCookieOptions);
    return response;
  }
  // Only an address opened as a page follows the saved choice. The app's own requests for a page (a link's prefetch,
  // the language switch's navigation: fetches, Sec-Fetch-Dest "empty") get what the URL says: a prefetch made while the
  // cookie said English would otherwise keep a redirect in the router's cache, and switching to Bengali would bounce
  // back. (Next.js strips its own RSC headers before the proxy sees a request.) A client sending no such header
  // (an old browser, a crawler) is treated as opening a page.
  const destination = request.headers.get("sec-fetch-dest");
  if (destination && destination !== "document") return rewriteToDefaultLocale(request, pathname, search);
  const saved = request.cookies.get(localeCookieName)?.value;
  const savedAddress = isLocale(saved) && saved !== defaultLocale ? localizedPath(pathname, saved) : pathname;
  if (savedAddress !== pathname) {
    const response = NextResponse.redirect(onThisSite(request, savedAddress, search), 307);
    response.headers.set("Cache-Control", "private, no-store");
    response.headers.set("Vary", "Cookie");
    return response;
  }
  return rewriteToDefaultLocale(request, pathname, search);
}

function rewriteToDefaultLocale(request: NextRequest, pathname: string, search: string): NextResponse {
  return NextResponse.rewrite(new URL(`/${defaultLocale}${pathname === "/" ? "" : pathname}${search}`, request.url));
}

/**
 * Sends visitors without a signed-in cookie from back-office pages to the sign-in page. Only a
 * convenience: every page, action and route handler checks the session and permission itself
 * (lib/auth/guard.ts), so this is not a security boundary.
 */
function redirectAnonymous(request: NextAuthRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/admin" || pathname === "/admin/") {
    return NextResponse.redirect(new URL(request.auth ? "/admin/dashboard" : "/admin/login", request.url));
  }
  if (!request.auth && pathname !== "/admin/login") {
    return NextResponse.redirect(new URL("/admin/login", request.url));
  }
  return rewriteToLocale(request);
}

const isBackOfficePage = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

// The Auth.js configuration is read lazily (see lib/auth/config.ts), so auth(handler) resolves to the handler.
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  // An address that does not decode is answered 400 (Next.js would answer 500). A POST to a page is a server action: one from another site, or naming no action of this build, is answered here
  // (Next.js would throw: a 500 and an error line). Request hygiene, not authorization (docs/decisions/0247-proxy-answers-foreign-actions-unreadable-addresses.md).
  const refused = refuseUnreadableAddress(request.nextUrl.pathname) ?? refuseForeignActionRequest(request, knownServerActionIds());
  if (refused) return refused;
  const { pathname } = request.nextUrl;
  // A public page, or a locale prefix (which names a public page or is sent on from one).
  if (isPublicPagePath(pathname) || splitLocalePrefix(pathname).locale) return publicPage(request);
  if (!isBackOfficePage(pathname)) return rewriteToLocale(request);
  const handler = (await auth(redirectAnonymous)) as unknown as (req: NextRequest, ev: NextFetchEvent) => Promise<Response>;
  return handler(request, event);
}

/**
 * Every page, but not Next's own files, public files, or the route handlers: they live outside app/[locale] and read
 * the cookie themselves, and a backup restore uploads more than the proxy buffers. Route handlers are listed by their
 * exact paths, so an unknown path beside them (/admin/api/nope) is still a page: it gets the locale and the page
 * policy, and its 404 renders (tests/unit/proxy-matcher.test.ts checks both). The second entry takes every address with a
 * percent-escape that may not decode (not two hex digits, or a byte above ASCII), route handlers' and files' too, so the
 * proxy answers the undecodable ones 400.
 */
export const config = {
  matcher: [
    "/((?!_next/|api/(?:health/(?:live|ready)|metrics)$|admin/api/(?:(?:applications|blacklist|customers|dashboard|kyc)/export|dashboard/version|kyc/documents/[^/]+/image|applications/[^/]+/nid-image|payments/[^/]+/receipt\\.pdf|loans/[^/]+/schedule\\.pdf)$|account/api/(?:payments/[^/]+/receipt\\.pdf|loans/[^/]+/schedule\\.pdf)$|society-manager/[^/]+/(?:backup|report\\.pdf|books\\.pdf|members/[^/]+/(?:profile|calendar|passbook)\\.pdf|workers/[^/]+/photo|field/(?:sync|sheet|handover))$|(?:field|borrower)-app\\.webmanifest$|favicon\\.ico$|sitemap\\.xml$|robots\\.txt$|icon\\.svg|sw\\.js|icons/|[^/]+\\.html$).*)",
    "/(.*%(?:[89A-Fa-f][0-9A-Fa-f]|(?![0-9A-Fa-f]{2})).*)",
  ],
};
