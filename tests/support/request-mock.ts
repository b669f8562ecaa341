/** lib/request.ts without a live Next.js request: fixed test address and user agent. */
import { vi } from "vitest";
import type { RequestContext } from "@/lib/request";

const actual = await vi.importActual<typeof import("@/lib/request")>("@/lib/request");
export const clientIpFromHeaders = actual.clientIpFromHeaders;
export const requestContextFromHeaders = actual.requestContextFromHeaders;
export const isSameOrigin = actual.isSameOrigin;

export async function getRequestContext(): Promise<RequestContext> {
  return { ip: "127.0.0.1", userAgent: "vitest" };
}
