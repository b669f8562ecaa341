import "server-only";
import { headers } from "next/headers";
import { env } from "@/lib/env";

/** Who sent the current request, as far as the headers tell. */
export type RequestContext = {
  /** Client address, or "unknown" when no header names one. */
  ip: string;
  userAgent: string | null;
};

const MAX_IP_LENGTH = 64;

/**
 * The client address: the one the nearest trusted proxy saw. Each proxy appends the address it received
 * the request from to X-Forwarded-For, so with `trustedHops` proxies in front of the app the entry that
 * many places from the right is the client as the outermost one of ours saw it; anything left of it is
 * whatever the client claimed, and is ignored. A request with fewer entries than that did not come
 * through the proxies and gets "unknown" (one shared budget). With no proxy (0), Next.js writes the
 * connection's address into X-Forwarded-For only when the request has none, so the last entry is that
 * address or the client's own claim: fine for development, not for a server reached directly.
 */
export function clientIpFromHeaders(h: Pick<Headers, "get">, trustedHops: number): string {
  const entries = (h.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const entry = entries[entries.length - Math.max(trustedHops, 1)];
  return entry ? entry.slice(0, MAX_IP_LENGTH) : "unknown";
}

export function requestContextFromHeaders(h: Pick<Headers, "get">, trustedHops: number): RequestContext {
  return { ip: clientIpFromHeaders(h, trustedHops), userAgent: h.get("user-agent") || null };
}

/** The current request's context (server actions, route handlers, server components). */
export async function getRequestContext(): Promise<RequestContext> {
  return requestContextFromHeaders(await headers(), env().TRUSTED_PROXY_HOPS);
}

export { isSameOrigin } from "@/lib/security/same-origin";
