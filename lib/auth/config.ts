import type { NextAuthConfig } from "next-auth";
import { env } from "@/lib/env";
import { SESSION_ABSOLUTE_MS } from "./session-limits";

/**
 * The part of the Auth.js configuration that needs no database, shared by the proxy (which only
 * redirects) and by lib/auth/index.ts (which adds the Credentials provider). A function, read on the
 * first request: `next build` loads these modules where no configuration exists.
 *
 * Credentials sign-in requires JWT sessions. The JWT (encrypted by Auth.js) carries only the random
 * token of a StaffSession row; every request checks that row (lib/auth/session.ts), which is what
 * makes sessions revocable and idle-limited.
 */
export function authConfig(): NextAuthConfig {
  return {
    secret: env().AUTH_SECRET,
    trustHost: true,
    session: { strategy: "jwt", maxAge: SESSION_ABSOLUTE_MS / 1000 },
    pages: { signIn: "/admin/login" },
    providers: [],
    callbacks: {
      jwt({ token, user }) {
        if (user && "sessionToken" in user && typeof user.sessionToken === "string") token.sid = user.sessionToken;
        return token;
      },
      session({ session, token }) {
        return { ...session, sid: typeof token.sid === "string" ? token.sid : undefined };
      },
    },
  };
}

declare module "next-auth" {
  interface Session {
    /** The StaffSession token; never sent to the browser except inside the encrypted cookie. */
    sid?: string;
  }
}
