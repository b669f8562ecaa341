/**
 * The field screen's offline shell: registers the service worker (production builds only: development chunks
 * are not content-hashed, so a cache-first copy would go stale) and asks it to keep this page and the build files
 * it already loaded, which were fetched before the worker controlled the page.
 */
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "@/lib/society/field/app-shell";

/** Resolves true once the page and its files are in the worker's cache (the app then opens with no network). */
export async function keepAppShell(): Promise<boolean> {
  if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return false;
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  await navigator.serviceWorker.ready;
  const worker = registration.active;
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
