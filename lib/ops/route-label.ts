/**
 * A request's path as a route pattern for metrics labels: ids become [id], the locale prefix and query go, Next's
 * files and static files collapse into one label each, a 404 is one label. Labels are capped, so no stream of random
 * paths can grow the metrics without bound.
 */
const MAX_LABELS = 300;
const seen = new Set<string>();

/** A segment that is data, not a route: a cuid, uuid, number or reference (letters and digits, 8+ characters with a digit). */
const ID_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{8,}$|^\d+$/;

export function routePattern(path: string): string {
  const clean = path.split("?")[0]!.replace(/\/+$/, "") || "/";
  if (clean.startsWith("/_next/static/")) return "/_next/static";
  if (clean.startsWith("/_next/image")) return "/_next/image";
  if (clean.startsWith("/icons/")) return "/icons";
  const segments = clean.split("/").slice(1);
  if (segments[0] === "en" || segments[0] === "bn") segments.shift();
  const pattern = segments.map((segment, i) => {
    const previous = segments[i - 1];
    // The society's id and a member's or worker's id are routes' parameters whatever they look like.
    if (previous === "society-manager" || previous === "members" || previous === "workers") return "[id]";
    return ID_SEGMENT.test(segment) ? "[id]" : segment;
  });
  return `/${pattern.join("/")}`;
}

export function routeLabel(path: string, statusCode: number): string {
  if (statusCode === 404) return "(not found)";
  const pattern = routePattern(path);
  if (seen.has(pattern)) return pattern;
  if (seen.size >= MAX_LABELS) return "(other)";
  seen.add(pattern);
  return pattern;
}
