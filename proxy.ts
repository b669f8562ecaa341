import NextAuth, { type NextAuthRequest } from "next-auth";
import createIntlMiddleware from "next-intl/middleware";
import { NextRequest, NextResponse, type NextFetchEvent } from "next/server";
import { routing } from "@/i18n/routing";
import { authConfig } from "@/lib/auth/config";

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
  return intl(new NextRequest(request, { headers }));
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
 * Every page, but not Next's own files, public files, or the route handlers: they live outside
 * app/[locale] and read the cookie themselves, and a backup restore uploads more than the proxy buffers.
 */
export const config = {
  matcher: ["/((?!_next/|admin/api/|society-manager/[^/]+/(?:backup|members/|workers/|report\\.pdf)|icon\\.svg|[^/]+\\.html$).*)"],
};
