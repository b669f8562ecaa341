import "server-only";
import type { Metadata } from "next";
import { defaultLocale, locales, type Locale } from "@/i18n/config";
import { alternatePaths } from "@/i18n/paths";
import { env } from "@/lib/env";

/** The site's public address without a trailing slash (PUBLIC_SITE_URL; this machine's when unset, as in development). */
export function siteUrl(): string {
  return (env().PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}

const OPEN_GRAPH_LOCALE: Record<Locale, string> = { bn: "bn_BD", en: "en_US" };

/**
 * A public page's title, description, canonical address, its addresses in each language (hreflang, Bengali as
 * x-default) and Open Graph tags, all absolute from PUBLIC_SITE_URL. `path` is the page's Bengali path (/loans).
 */
export function publicPageMetadata({ locale, path, title, description, siteName }: { locale: Locale; path: string; title?: string; description: string; siteName: string }): Metadata {
  const base = siteUrl();
  const paths = alternatePaths(path);
  const url = `${base}${paths[locale]}`;
  return {
    ...(title ? { title } : {}),
    description,
    alternates: {
      canonical: url,
      languages: { ...Object.fromEntries(locales.map((l) => [l, `${base}${paths[l]}`])), "x-default": `${base}${paths[defaultLocale]}` },
    },
    openGraph: {
      type: "website",
      url,
      siteName,
      title: title ?? siteName,
      description,
      locale: OPEN_GRAPH_LOCALE[locale],
      alternateLocale: locales.filter((l) => l !== locale).map((l) => OPEN_GRAPH_LOCALE[l]),
    },
  };
}
