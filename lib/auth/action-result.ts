/** Typed results of back-office actions (no server imports: forms read these types). */
export type ActionErrorCode = "unauthenticated" | "forbidden" | "validation" | "conflict" | "notFound" | "rateLimited" | "server";

export type ActionError = {
  code: ActionErrorCode;
  /** Field path → key of the "validation" message namespace. */
  fieldErrors?: Record<string, string>;
  /** A more specific reason, a key of the calling screen's message namespace (e.g. "alreadyDecided"). */
  reason?: string;
  /** Values for that message, e.g. who decided and when. */
  details?: Record<string, string | number | null>;
};

export type ActionResult<T = null> = { ok: true; data: T } | { ok: false; error: ActionError };

export function ok<T>(data: T): ActionResult<T> {
  return { ok: true, data };
}

export function fail<T = never>(code: ActionErrorCode, extra: Omit<ActionError, "code"> = {}): ActionResult<T> {
  return { ok: false, error: { code, ...extra } };
}
