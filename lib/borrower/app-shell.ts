/**
 * Names the borrower's app (her own page, /account, installed from the browser) shares between its manifest, the
 * service worker (app/sw.ts), the page that registers it and sign-out (which clears the phone's copy). Pure: the worker
 * bundles it.
 */
import type { Locale } from "@/i18n/config";

/**
 * The borrower's page, and so the app's scope and start, in both languages: a signed-in area has one address, its
 * language the reader's saved choice (/en/account answers with a redirect to it, which no worker may keep).
 */
export const BORROWER_APP_PATH = "/account";
export const BORROWER_PAGE_PATH = /^\/account$/;

/** The worker's cache of the borrower's page: the last one seen, shown when there is no network. */
export const BORROWER_CACHES = { pages: "account-pages" } as const;

export function borrowerManifestPath(locale: Locale): string {
  return `/borrower-app.webmanifest?lang=${locale}`;
}
