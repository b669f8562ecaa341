/**
 * Request hygiene, checked in the proxy before Next.js sees the request
 * (docs/decisions/0247-proxy-answers-foreign-actions-unreadable-addresses.md). An address whose percent-encoding does not decode (`%ZZ`, `%FF`, a cut
 * multi-byte sequence) makes Next.js 16.4 look for an error page this app does not build and answer a bare 500.
 * Next.js 16 refuses a POST to a page whose Origin names another host by throwing ("Invalid
 * Server Actions request.": a 500 and an error line), throws on an Origin it cannot parse, and answers an action id it
 * does not know with a warning that prints the error's stack. Anyone can send these; they get a plain answer here.
 * Not authorization: every action still checks the session and permission itself.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CONTROL_CHARACTER } from "@/lib/validation/fields";
import { isSameOrigin } from "./same-origin";

/** The header a browser's action call carries; its value is the action's id: 42 hex digits (Next.js 16). */
export const ACTION_HEADER = "next-action";
const ACTION_ID = /^[0-9a-f]{42}$/;

function plain(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers } });
}

/**
 * The answer to a request that reaches a page and cannot be a server action of this site, or null to let it through:
 * 403 for a state-changing method from another origin (or a cross-site page); 404 for an action id that is not one
 * (`knownActionIds`: this build's, when known), with the header Next's client reads as "action not found" (it then
 * reloads the page, as after a new deployment).
 */
export function refuseForeignActionRequest(request: Request, knownActionIds: ReadonlySet<string> | null): Response | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  if (!isSameOrigin(request)) return plain(403, "Forbidden");
  const actionId = request.headers.get(ACTION_HEADER);
  if (actionId === null) return null;
  if (ACTION_ID.test(actionId) && (!knownActionIds || knownActionIds.has(actionId))) return null;
  return plain(404, "Server Action not found", { "x-nextjs-action-not-found": "1" });
}

/**
 * 400 for an address whose path does not decode as percent-encoded UTF-8 (Next.js would answer 500); 404 for one with a
 * control character (`%00`: no address of this site has one, and on the way to a page Next.js drops it, so the page
 * would never see it); else null.
 */
export function refuseUnreadableAddress(pathname: string): Response | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return plain(400, "Bad request");
  }
  return CONTROL_CHARACTER.test(decoded) ? plain(404, "Not found") : null;
}

let buildActionIds: ReadonlySet<string> | null | undefined;

/**
 * The ids of this build's server actions, read once from the build's server-reference manifest; null (no check by id)
 * outside a production server or when the file cannot be read (another Next.js layout): Next.js then answers itself.
 */
export function knownServerActionIds(): ReadonlySet<string> | null {
  if (buildActionIds !== undefined) return buildActionIds;
  if (process.env.NODE_ENV !== "production") return (buildActionIds = null);
  try {
    const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
    const manifest = JSON.parse(readFileSync(file, "utf8")) as { node?: Record<string, unknown>; edge?: Record<string, unknown> };
    buildActionIds = new Set([...Object.keys(manifest.node ?? {}), ...Object.keys(manifest.edge ?? {})]);
  } catch {
    buildActionIds = null;
  }
  return buildActionIds;
}
