/**
 * The security headers of every response, in one place: next.config.ts sends the fixed ones (every page,
 * route handler and static file), the proxy sends the per-request Content Security Policy of the signed-in
 * areas. Pure: no Next.js or Node imports, so next.config.ts can load it.
 */

import { WEB_FONT_SCRIPT_SHA256 } from "../web-font";

/** Paths whose pages are dynamic and signed in: a per-request nonce policy from the proxy. */
export const NONCE_PAGE_PREFIXES = ["/admin", "/society-manager", "/account"] as const;

export function isNoncePage(pathname: string): boolean {
  return NONCE_PAGE_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}


type Directives = Record<string, string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(" ")}` : name))
    .join("; ");
}

/** What every HTML policy shares: nothing from other origins, no plugins, no framing, forms post home. */
function basePolicy(dev: boolean): Directives {
  return {
    "default-src": ["'self'"],
    // React puts style attributes on elements; a nonce cannot cover attributes.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Card previews are blob: URLs of the photo just taken; the enrolment QR and icons may be data: URLs.
    "img-src": ["'self'", "blob:", "data:"],
    "font-src": ["'self'"],
    // The development server's hot reload talks over a WebSocket.
    "connect-src": dev ? ["'self'", "ws:"] : ["'self'"],
    // The camera preview is a MediaStream; a captured frame may be played back from a blob: URL.
    "media-src": ["'self'", "blob:"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "frame-src": ["'self'", "blob:"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/**
 * Public pages are prerendered once and served to everyone from a cache, so they cannot carry a
 * per-request nonce; Next.js writes its page data as inline scripts, hence 'unsafe-inline' for scripts,
 * still limited to this origin ('self'), with every other restriction of the signed-in policy.
 */
export function publicContentSecurityPolicy(options: { dev: boolean }): string {
  const directives = basePolicy(options.dev);
  directives["script-src"] = ["'self'", "'unsafe-inline'", ...(options.dev ? ["'unsafe-eval'"] : [])];
  return serialize(directives);
}

/**
 * Signed-in pages: only scripts carrying this request's nonce run, and what they load ('strict-dynamic');
 * Next.js reads the nonce from the request's policy header and puts it on its own scripts.
 */
export function nonceContentSecurityPolicy(nonce: string, options: { dev: boolean }): string {
  const directives = basePolicy(options.dev);
  // The web font's inline script runs by its hash: app/[locale]/layout.tsx, shared with the cached public pages, has no nonce (lib/web-font.ts).
  directives["script-src"] = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", `'${WEB_FONT_SCRIPT_SHA256}'`, ...(options.dev ? ["'unsafe-eval'"] : [])];
  return serialize(directives);
}

/**
 * Route handlers (CSV, JSON, images, PDFs, backups): nothing in them may load or run anything, and
 * nobody may frame them. A PDF opens in the browser's own viewer, which this does not restrict.
 */
export const RESOURCE_CONTENT_SECURITY_POLICY = serialize({
  "default-src": ["'none'"],
  "img-src": ["'self'"],
  "style-src": ["'unsafe-inline'"],
  "base-uri": ["'none'"],
  "form-action": ["'none'"],
  "frame-ancestors": ["'none'"],
});

/** Browser features the product never uses are switched off for every page and its frames. */
function permissionsPolicy(camera: boolean): string {
  return [
    `camera=${camera ? "(self)" : "()"}`,
    "microphone=()",
    "geolocation=()",
    "payment=()",
    "usb=()",
    "serial=()",
    "midi=()",
    "magnetometer=()",
    "gyroscope=()",
    "accelerometer=()",
    "display-capture=()",
  ].join(", ");
}

/** Two years, subdomains too: what browsers' preload lists ask for. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

type Header = { key: string; value: string };
type HeaderRule = {
  source: string;
  headers: Header[];
  has?: { type: "header"; key: string; value?: string }[];
};

/**
 * The rules next.config.ts returns from headers(). Later rules override earlier ones for the same header
 * (Next.js's documented order), so the general rule comes first. The proxy replaces the policy of the
 * signed-in pages with its nonce policy.
 */
export function securityHeaderRules(options: { dev: boolean }): HeaderRule[] {
  const everywhere: Header[] = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: permissionsPolicy(false) },
    { key: "Content-Security-Policy", value: publicContentSecurityPolicy(options) },
  ];
  return [
    { source: "/:path*", headers: everywhere },
    // The public site, where the NID card is photographed (/apply, /kyc/resubmit). A document keeps the policy it was
    // loaded with, and the wizard is reached by client-side navigation from any public page, so every public page
    // allows the camera for itself; the signed-in areas and every download never do.
    ...["/", `/:path((?!${NONCE_PAGE_PREFIXES.map((p) => p.slice(1)).join("|")}|_next/|api/).+)`].map((source) => ({
      source,
      headers: [{ key: "Permissions-Policy", value: permissionsPolicy(true) }],
    })),
    // Route handlers of the signed-in areas (their pages get the proxy's policy instead).
    ...NONCE_PAGE_PREFIXES.map((prefix) => ({
      source: `${prefix}/:path*`,
      headers: [{ key: "Content-Security-Policy", value: RESOURCE_CONTENT_SECURITY_POLICY }],
    })),
    // Behind a TLS-terminating proxy (X-Forwarded-Proto: https), browsers are told to use HTTPS only.
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: HSTS_VALUE }],
    },
  ];
}
