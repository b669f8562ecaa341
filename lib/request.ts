import "server-only";
import { headers } from "next/headers";

/** Who sent the current request, as far as the headers tell. */
export type RequestContext = {
  /** Client address, or "unknown" when no header names one. */
  ip: string;
  userAgent: string | null;
};

const MAX_IP_LENGTH = 64;

/**
 * The client address from proxy headers: the first hop of X-Forwarded-For, else X-Real-IP, else
 * "unknown". These headers are only as trustworthy as the proxy in front of the app, which must
 * overwrite (not append to) a client-supplied X-Forwarded-For for per-address limits to hold.
 */
export function clientIpFromHeaders(h: Pick<Headers, "get">): string {
  const forwarded = h.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded) return forwarded.slice(0, MAX_IP_LENGTH);
  const real = h.get("x-real-ip")?.trim();
  if (real) return real.slice(0, MAX_IP_LENGTH);
  return "unknown";
}

export function requestContextFromHeaders(h: Pick<Headers, "get">): RequestContext {
  return { ip: clientIpFromHeaders(h), userAgent: h.get("user-agent") || null };
}

/** The current request's context (server actions, route handlers, server components). */
export async function getRequestContext(): Promise<RequestContext> {
  return requestContextFromHeaders(await headers());
}
