import "server-only";
import NextAuth, { type User } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authConfig } from "./config";
import { loadActiveSession } from "./session";

/**
 * Auth.js (next-auth v5) with one Credentials provider. Phone, password and the 6-digit code are checked
 * by lib/auth/sign-in.ts, which creates the StaffSession row; the provider only turns that row's token
 * into the signed-in cookie. A token that is not a live session is refused, so posting to the provider
 * directly gains nothing.
 */
export const { auth, signIn, signOut } = NextAuth(() => ({
  ...authConfig(),
  providers: [
    Credentials({
      credentials: { sessionToken: {} },
      async authorize(credentials): Promise<(User & { sessionToken: string }) | null> {
        const token = typeof credentials?.sessionToken === "string" ? credentials.sessionToken : "";
        if (!token) return null;
        const session = await loadActiveSession(token);
        return session ? { id: session.user.id, name: session.user.name, sessionToken: token } : null;
      },
    }),
  ],
}));
