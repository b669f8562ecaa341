/// <reference lib="webworker" />
/**
 * The field app's service worker (built by `serwist build` into public/sw.js, registered by the field screen with
 * the scope /society-manager/). It keeps exactly what the field screen needs to open with no signal:
 * - the field screen's page, network first (a fresh page whenever the network answers within 4 s), never a
 *   redirect (a sign-in page must not be kept as the field screen) and never an RSC payload;
 * - the hashed build files the page loads (JavaScript, CSS, fonts), cache first: their names change with
 *   every build, so a cached file is never stale.
 * The day's sheet and the outbox live in IndexedDB (components/society/field/store.ts), not here.
 */
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistGlobalConfig } from "serwist";
import { FIELD_CACHES, FIELD_PAGE_PATH } from "@/lib/society/field/app-shell";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  // The icon sprite is precached by its path; pages ask for it with ?v=<its hash> (components/icons).
  precacheOptions: { ignoreURLParametersMatching: [/^v$/] },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
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
    {
      matcher: ({ sameOrigin, url, request }) =>
        sameOrigin && FIELD_PAGE_PATH.test(url.pathname) && !url.searchParams.has("_rsc") && request.headers.get("RSC") === null,
      handler: new NetworkFirst({
        cacheName: FIELD_CACHES.pages,
        networkTimeoutSeconds: 4,
        matchOptions: { ignoreSearch: true, ignoreVary: true },
        plugins: [{ cacheWillUpdate: async ({ response }) => (response.ok && !response.redirected ? response : null) }],
      }),
    },
  ],
});

serwist.addEventListeners();
