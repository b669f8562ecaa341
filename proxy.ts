import NextAuth, { type NextAuthRequest } from "next-auth";
import { NextResponse, type NextFetchEvent, type NextRequest } from "next/server";
import { authConfig } from "@/lib/auth/config";

const { auth } = NextAuth(authConfig);

/**
 * Sends visitors without a signed-in cookie from back-office pages to the sign-in page. Only a
 * convenience: every page, action and route handler checks the session and permission itself
 * (lib/auth/guard.ts), so this is not a security boundary.
 */
function redirectAnonymous(request: NextAuthRequest) {
  const { pathname } = request.nextUrl;
  if (pathname === "/admin" || pathname === "/admin/") {
    return NextResponse.redirect(new URL(request.auth ? "/admin/dashboard" : "/admin/login", request.nextUrl));
  }
  const isPage = !pathname.startsWith("/admin/api/");
  if (isPage && !request.auth && pathname !== "/admin/login") {
    return NextResponse.redirect(new URL("/admin/login", request.nextUrl));
  }
  return NextResponse.next();
}

// The Auth.js configuration is read lazily (see lib/auth/config.ts), so auth(handler) resolves to the handler.
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  const handler = (await auth(redirectAnonymous)) as unknown as (req: NextRequest, ev: NextFetchEvent) => Promise<Response>;
  return handler(request, event);
}

export const config = { matcher: ["/admin", "/admin/:path*"] };
