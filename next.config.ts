import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Prisma's driver adapter and PGlite are Node-only; keep them out of the bundle.
  serverExternalPackages: ["@prisma/adapter-pg", "pg", "@electric-sql/pglite"],
};

export default withNextIntl(nextConfig);
