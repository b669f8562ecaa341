/**
 * For requests that change state with a cookie (cookies ride along on cross-site requests): the browser says where a
 * request comes from; a cross-site page, or an Origin naming another host (or no readable host), is refused. A request
 * without an Origin (not a browser's cross-site one) passes. Pure: the proxy and the route handlers share it, and it
 * agrees with Next's own check of server actions.
 */
export function isSameOrigin(request: Request): boolean {
  if (request.headers.get("sec-fetch-site") === "cross-site") return false;
  const origin = request.headers.get("origin");
  if (!origin) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  // As Next checks a server action: the first X-Forwarded-Host value (the proxy's, deploy/nginx.conf), or the Host.
  const forwarded = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return originHost === forwarded || originHost === request.headers.get("host");
}
