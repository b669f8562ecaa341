import NextAuth, { type NextAuthRequest } from "next-auth";
import createIntlMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse, type NextFetchEvent } from "next/server";
import { routing } from "@/i18n/routing";
import { authConfig } from "@/lib/auth/config";
import { isNoncePage, nonceContentSecurityPolicy } from "@/lib/security/headers";

const { auth } = NextAuth(authConfig);
const intl = createIntlMiddleware(routing);

/**
 * Rewrites a page request to its internal app/[locale] path from the NEXT_LOCALE cookie (next-intl,
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
  if (!isBackOfficePage(request.nextUrl.pathname)) return rewriteToLocale(request);
  const handler = (await auth(redirectAnonymous)) as unknown as (req: NextRequest, ev: NextFetchEvent) => Promise<Response>;
  return handler(request, event);
}

/**
 * Every page, but not Next's own files, public files, or the route handlers: they live outside app/[locale] and read
 * the cookie themselves, and a backup restore uploads more than the proxy buffers. Route handlers are listed by their
 * exact paths, so an unknown path beside them (/admin/api/nope) is still a page: it gets the locale and the page
 * policy, and its 404 renders (tests/unit/proxy-matcher.test.ts checks both).
 */
export const config = {
  matcher: [
    "/((?!_next/|api/(?:health/(?:live|ready)|metrics)$|admin/api/(?:(?:applications|blacklist|customers|dashboard|kyc)/export|dashboard/version|kyc/documents/[^/]+/image|applications/[^/]+/nid-image|payments/[^/]+/receipt\\.pdf|loans/[^/]+/schedule\\.pdf)$|account/api/(?:payments/[^/]+/receipt\\.pdf|loans/[^/]+/schedule\\.pdf)$|society-manager/[^/]+/(?:backup|report\\.pdf|members/[^/]+/(?:profile|calendar|passbook)\\.pdf|workers/[^/]+/photo|field/(?:sync|sheet|handover))$|field-app\\.webmanifest$|icon\\.svg|sw\\.js|icons/|[^/]+\\.html$).*)",
  ],
};
