import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { securityHeaderRules } from "./lib/security/headers";
import { devOrigins } from "./scripts/dev-origins";

const withNextIntl = createNextIntlPlugin({
  requestConfig: "./i18n/request.ts",
  // Messages are compiled when the app is built, so the browser gets a small formatter instead of an ICU parser
  // (about 10 KB gzip off every page that translates in the browser, the application wizard among them).
  experimental: { messages: { path: "./messages", format: "json", locales: ["bn", "en"], precompile: true } },
});

const nextConfig: NextConfig = {
  /**
   * The proxy sees the request's own host. Without this Next renames 127.0.0.1 to "localhost" for it, and
   * a server started with `next start -H 127.0.0.1` (behind nginx, and in our tests) then takes the
   * proxy's locale rewrite for another host and proxies the request to itself (docs/decisions/0096-public-pages-from-next-cache.md).
   */
  skipProxyUrlNormalize: true,
  poweredByHeader: false,
  /**
   * NEXT_OUTPUT=standalone (the Dockerfile and `npm test` set it): `.next/standalone`, the server and only the files it
   * needs, for the container image; the browser tests' runner serves it beside `next start`. Off otherwise, where
   * `next start` would warn that it does not serve that output (it does).
   */
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Read by path at run time, so not found by tracing: the migrations the readiness check compares with the database,
  // and the OCR engine with its Bengali and English trained data.
  outputFileTracingIncludes: {
    "/**": [
      "./prisma/migrations/**/*",
      "./node_modules/tesseract.js/**/*",
      "./node_modules/tesseract.js-core/**/*",
      "./node_modules/@tesseract.js-data/ben/**/*",
      "./node_modules/@tesseract.js-data/eng/**/*",
    ],
  },
  // Security headers on every response: pages, route handlers, static files (lib/security/headers.ts).
  async headers() {
    return [
      ...securityHeaderRules({ dev: process.env.NODE_ENV === "development" }),
      // Pages ask for the icon sprite by its content hash (?v=, components/icons): a new sprite is a new address.
      { source: "/icons/sprite.svg", headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }] },
    ];
  },
  // The old static install pages now live in the app's frame, one language per address: /install.html is the borrower's
  // install page; /APK_INSTALL_GUIDE.html, the field app's guide, is a page of the society tool.
  async redirects() {
    return [
      { source: "/install.html", destination: "/install", permanent: true },
      { source: "/APK_INSTALL_GUIDE.html", destination: "/society-manager/field-guide", permanent: true },
    ];
  },
  // Development only: lets the dev server be opened from 127.0.0.1 and from a phone on the LAN.
  allowedDevOrigins: devOrigins(),
  // The dev server would print every server action's arguments, sign-in passwords and codes included.
  logging: { serverFunctions: false },
  // Prisma's driver adapter and PGlite are Node-only; keep them out of the bundle.
  serverExternalPackages: ["pino", "@prisma/adapter-pg", "pg", "pg-copy-streams", "@electric-sql/pglite", "@node-rs/argon2", "tesseract.js"],
  experimental: {
    // forbidden() renders app/forbidden.tsx with status 403 for signed-in staff lacking a permission.
    authInterrupts: true,
    serverActions: {
      // The application form carries a card image of up to 5 MB (checked in lib/documents) plus a
      // small JSON payload and multipart overhead. Next.js itself refuses bodies above this limit
      // (default 1 MB) before any action runs, so an upload far over 5 MB never reaches our code.
      bodySizeLimit: "6mb",
    },
  },
};

export default withNextIntl(nextConfig);
