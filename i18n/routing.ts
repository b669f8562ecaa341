import { defineRouting } from "next-intl/routing";
import { defaultLocale, localeCookieName, localeCookieOptions, locales } from "./config";

/**
 * URLs carry no locale (/apply, /admin/login): the proxy rewrites each page request to the internal
 * app/[locale] segment from the NEXT_LOCALE cookie, so every public page can be rendered once per
 * language and served from Next's cache.
 */
export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: "never",
  localeCookie: { name: localeCookieName, ...localeCookieOptions },
  alternateLinks: false,
});
