/** lib/borrower/cookies.ts without a live request: one browser's cookie jar, which a test can empty or swap. */
export const borrowerJar = new Map<string, string>();

export async function readCookie(name: string): Promise<string | null> {
  return borrowerJar.get(name) ?? null;
}

export async function writeCookie(name: string, value: string): Promise<void> {
  borrowerJar.set(name, value);
}

export async function deleteCookie(name: string): Promise<void> {
  borrowerJar.delete(name);
}
