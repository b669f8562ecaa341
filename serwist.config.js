// `serwist build` (after `next build`): compiles app/sw.ts into public/sw.js with its precache list. Only the
// field app's icons (and the icon sprite its header draws from) and its offline page are precached; the field screen and
// the chunks it loads are cached when a worker opens it (app/sw.ts), so a phone never downloads the whole site's code to
// install the app.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { serwist } from "@serwist/next/config";

// Listed by its address, not globbed: @serwist/next turns a globbed public/*.html into an extensionless URL that
// nothing serves. Its revision is its content's hash, so a changed page is fetched again.
const offlinePage = "public/field-offline.html";
const offlineRevision = createHash("sha256").update(readFileSync(offlinePage)).digest("hex").slice(0, 16);

export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  globPatterns: ["public/icons/*.png", "public/icons/sprite.svg"],
  additionalPrecacheEntries: [{ url: "/field-offline.html", revision: offlineRevision }],
  precachePrerendered: false,
});
