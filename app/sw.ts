/// <reference lib="webworker" />
/**
 * The service worker of the site's two installable apps (built by `serwist build` into public/sw.js): the field app,
 * registered by the field screen with the scope /society-manager/, and the borrower's app, registered by her page with
 * the scope /account. It keeps exactly what each needs to open with no signal:
 * - the field screen's page, or the borrower's, network first (a fresh page whenever the network answers within 4 s),
 *   never a redirect (a sign-in page must not be kept as the field screen) and never an RSC payload;
 * - the hashed build files the page loads (JavaScript, CSS, fonts), cache first: their names change with
 *   every build, so a cached file is never stale.
 * The day's sheet and the outbox live in IndexedDB (components/society/field/store.ts), not here.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type RuntimeCaching, type SerwistGlobalConfig } from "serwist";
import { BORROWER_CACHES, BORROWER_PAGE_PATH } from "@/lib/borrower/app-shell";
import { FIELD_CACHES, FIELD_OFFLINE_PAGE, FIELD_PAGE_PATH } from "@/lib/society/field/app-shell";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/** An installable app's page: network first (4 s), the last good answer kept; never a redirect, never an RSC payload. */
function installablePage(path: RegExp, cacheName: string): RuntimeCaching {
  return {
    matcher: ({ sameOrigin, url, request }) => sameOrigin && path.test(url.pathname) && !url.searchParams.has("_rsc") && request.headers.get("RSC") === null,
    handler: new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: 4,
      matchOptions: { ignoreSearch: true, ignoreVary: true },
      plugins: [{ cacheWillUpdate: async ({ response }) => (response.ok && !response.redirected ? response : null) }],
    }),
  };
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // The icon sprite is precached by its path; pages ask for it with ?v=<its hash> (components/icons).
  precacheOptions: { ignoreURLParametersMatching: [/^v$/] },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  // The field screen opened with no network and nothing kept (after sign-out, which deletes its copy): the app's own
  // page asking to sign in when online, not the browser's error page.
  fallbacks: {
    entries: [{ url: FIELD_OFFLINE_PAGE, matcher: ({ request }) => request.destination === "document" && FIELD_PAGE_PATH.test(new URL(request.url).pathname) }],
  },
  runtimeCaching: [
    {
      matcher: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/_next/static/"),
      handler: new CacheFirst({
        cacheName: FIELD_CACHES.static,
        // No age limit: cache first never refreshes a file, so an age limit would make an offline start fail after it
        // (the files are content-hashed: a new build brings new names; the oldest of 300 make room).
        plugins: [new ExpirationPlugin({ maxEntries: 300 })],
      }),
    },
    // The field screen, and the borrower's page (registered with the scope /account) in its own cache, which sign-out deletes.
    installablePage(FIELD_PAGE_PATH, FIELD_CACHES.pages),
    installablePage(BORROWER_PAGE_PATH, BORROWER_CACHES.pages),
  ],
});

serwist.addEventListeners();
