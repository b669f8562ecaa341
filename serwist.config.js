// `serwist build` (after `next build`): compiles app/sw.ts into public/sw.js with its precache list. Only the
// field app's icons (and the icon sprite its header draws from) are precached; the field screen and the chunks it loads are cached when a worker opens it
// (app/sw.ts), so a phone never downloads the whole site's code to install the app.
import { serwist } from "@serwist/next/config";

export default serwist({
  swSrc: "app/sw.ts",
  swDest: "public/sw.js",
  globPatterns: ["public/icons/*.png", "public/icons/sprite.svg"],
  precachePrerendered: false,
});
