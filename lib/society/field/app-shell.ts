/**
 * Names the field app's service worker (app/sw.ts), the field screen that registers it, and sign-out (which clears
 * the phone's copy) share. Pure: the worker bundles it.
 */

/** The worker sits at the site root; the field screen registers it for the society manager's pages only (the borrower's page for hers). */
export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/society-manager/";

/** The field screen of any society: /society-manager/<id>/field. */
export const FIELD_PAGE_PATH = /^\/society-manager\/[^/]+\/field$/;

/** The page the worker serves for the field screen when it has no network and no kept copy (precached; public/). */
export const FIELD_OFFLINE_PAGE = "/field-offline.html";

/** The worker's caches: the field screen's page, and the build files it loads. */
export const FIELD_CACHES = { pages: "field-pages", static: "field-static" } as const;

export function fieldPagePath(societyId: string): string {
  return `/society-manager/${encodeURIComponent(societyId)}/field`;
}

export function fieldManifestPath(societyId: string, locale: string): string {
  return `/field-app.webmanifest?society=${encodeURIComponent(societyId)}&lang=${locale}`;
}
