/**
 * Names the borrower's app (her own page, /account, installed from the browser) shares between its manifest, the
 * service worker (app/sw.ts), the page that registers it and sign-out (which clears the phone's copy). Pure: the worker
 * bundles it.
 */
import type { Locale } from "@/i18n/config";

/** The borrower's page in either language: /account (Bengali) or /en/account. */
export const BORROWER_PAGE_PATH = /^\/(?:en\/)?account$/;

/** The worker's cache of the borrower's page: the last one seen, shown when there is no network. */
export const BORROWER_CACHES = { pages: "account-pages" } as const;

/** The page, and so the app's scope and start, in the reader's language. */
export function borrowerAppPath(locale: Locale): string {
  return locale === "en" ? "/en/account" : "/account";
}

export function borrowerManifestPath(locale: Locale): string {
  return `/borrower-app.webmanifest?lang=${locale}`;
}
