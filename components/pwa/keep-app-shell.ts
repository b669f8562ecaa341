/**
 * An installable page's offline shell (the field screen, the borrower's page): registers the service worker for the
 * page's scope (production builds only: development chunks are not content-hashed, so a cache-first copy would go
 * stale) and asks it to keep this page and the build files it already loaded, which were fetched before the worker
 * controlled the page.
 */
import { SERVICE_WORKER_URL } from "@/lib/society/field/app-shell";

/** Resolves true once the page and its files are in the worker's cache (the page then opens with no network). */
export async function keepAppShell(scope: string): Promise<boolean> {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope });
  const worker = registration.active ?? (await waitUntilActive(registration));
  if (!worker) return false;
  const files = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith("/_next/static/"))
    .map((url) => url.href);
  const urlsToCache = [location.origin + location.pathname, ...new Set(files)];
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(true);
    worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } }, [channel.port2]);
  });
}

/**
 * navigator.serviceWorker.ready answers for the registration controlling this page's scope: with two scopes on one
 * site (the field screen's, the borrower's) it is this registration's own worker that must be waited for.
 */
function waitUntilActive(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const worker = registration.installing ?? registration.waiting;
  if (!worker) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(worker);
      else if (worker.state === "redundant") resolve(registration.active);
    });
  });
}
