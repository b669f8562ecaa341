import type { MetadataRoute } from "next";
import { locales } from "@/i18n/config";
import { alternatePaths, PUBLIC_PAGES } from "@/i18n/paths";
import { siteUrl } from "@/lib/seo";

// Read at request time: the address is the running server's PUBLIC_SITE_URL, not the build machine's.
export const dynamic = "force-dynamic";

/** Every public page in both languages, each with its other-language address (issue 25). */
export default function sitemap(): MetadataRoute.Sitemap {
  const base = siteUrl();
  return PUBLIC_PAGES.flatMap((path) => {
    const paths = alternatePaths(path);
    const languages = Object.fromEntries(locales.map((l) => [l, `${base}${paths[l]}`]));
    return locales.map((locale) => ({ url: `${base}${paths[locale]}`, alternates: { languages }, changeFrequency: "weekly" as const, priority: path === "/" ? 1 : 0.7 }));
  });
}
