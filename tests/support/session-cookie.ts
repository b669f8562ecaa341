/**
 * A signed-in staff cookie without the sign-in screen, for browser tests and benchmarks: a StaffSession
 * row for the user and the Auth.js cookie carrying its token, exactly as lib/auth/sign-in.ts and Auth.js
 * make them after a real sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import pg from "pg";

/** Auth.js's cookie name over plain HTTP (tests and benchmarks run on http://127.0.0.1). */
export const SESSION_COOKIE_NAME = "authjs.session-token";

export async function createSessionCookie(databaseUrl: string, authSecret: string, phone: string): Promise<{ name: string; value: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(`SELECT "id" FROM "StaffUser" WHERE "phone" = $1`, [phone]);
    const user = rows[0];
    if (!user) throw new Error(`no staff user with phone ${phone}`);
    const token = randomBytes(32).toString("base64url");
    await client.query(
      `INSERT INTO "StaffSession" ("id", "staffUserId", "tokenHash", "createdAt", "lastSeenAt", "expiresAt")
       VALUES ($1, $2, $3, now(), now(), now() + interval '12 hours')`,
      [`t${randomBytes(12).toString("hex")}`, user.id, createHash("sha256").update(token).digest("hex")],
    );
    const value = await encode({ token: { sid: token, sub: user.id }, secret: authSecret, salt: SESSION_COOKIE_NAME, maxAge: 12 * 3600 });
    return { name: SESSION_COOKIE_NAME, value };
  } finally {
    await client.end();
  }
}
