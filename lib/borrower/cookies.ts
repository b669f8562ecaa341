import "server-only";
import { cookies, headers } from "next/headers";

/**
 * The borrower's cookies: the one seam between next/headers and lib/borrower (integration tests replace it with
 * a jar of their own). httpOnly; Secure whenever the site is reached over HTTPS, as for the staff cookie.
 */
export async function readCookie(name: string): Promise<string | null> {
  return (await cookies()).get(name)?.value ?? null;
}

export async function writeCookie(name: string, value: string, maxAgeMs: number): Promise<void> {
  (await cookies()).set(name, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: (await headers()).get("x-forwarded-proto") === "https",
    path: "/",
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

export async function deleteCookie(name: string): Promise<void> {
  (await cookies()).delete({ name, path: "/" });
}
