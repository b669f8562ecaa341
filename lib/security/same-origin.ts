/**
 * For requests that change state with a cookie (cookies ride along on cross-site requests): the browser says where a
 * request comes from; a cross-site page, or an Origin naming another host (or no readable host), is refused. A request
 * without an Origin (not a browser's cross-site one) passes. Pure: the proxy and the route handlers share it.
 */
export function isSameOrigin(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return false;
  const origin = request.headers.get("origin");
  if (!origin) return true;
  try {
    return new URL(origin).host === (request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  } catch {
    return false;
  }
}
