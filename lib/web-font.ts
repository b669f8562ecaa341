/**
 * When the page starts using its web font (Noto Sans Bengali, app/globals.css): from the first frame after the first
 * contentful paint: its Bengali and Latin faces in both weights are fetched then, and the page switches to them when
 * all have arrived. Until then, text is drawn in the system's sans-serif (on Android, its own Noto Sans Bengali).
 *
 * Why: the files were requested during the first layout; on a fast link they arrived before that frame was shown,
 * and Lighthouse's simulation of a slow link then counted them into the first paint (FCP 1.8 s instead of 0.93 s, at
 * random: docs/decisions/0003-slow-phone-first-view.md). On a slow link the first paint never waited for them (font-display: swap) and still does
 * not; the text now swaps once, when all four files have arrived, instead of as each one arrives. A tab that has
 * loaded them uses the font on its later pages from the start (sessionStorage, set only once the files are cached).
 *
 * An inline script in <head> (components/layout/web-font-script.tsx), so that it runs before the first paint;
 * its hash is in the signed-in pages' script policy (lib/security/headers.ts), which a test keeps in step.
 */
export const WEB_FONT_ATTRIBUTE = "data-web-font";

// Single quotes only: the page's RSC payload carries the script again, inside a JSON string inside a JS string, where
// every double quote costs four bytes.
export const WEB_FONT_SCRIPT =
  `(function(){var d=document.documentElement,A='${WEB_FONT_ATTRIBUTE}',s;` +
  "function on(k){if(!d.hasAttribute(A)){d.setAttribute(A,'');" +
  // React strips <html>'s attributes when it mounts the root layout again (a client-side switch of language): put it back.
  "new MutationObserver(function(){d.hasAttribute(A)||d.setAttribute(A,'')}).observe(d,{attributes:!0,attributeFilter:[A]})}" +
  "if(k)try{sessionStorage.webFont=1}catch(e){}}" +
  "try{s=sessionStorage.webFont}catch(e){}if(s)return on();" +
  // Both weights of the Bengali and Latin faces first, then one switch: one relayout instead of one per file. The tab
  // remembers only a success, when the files are in the cache.
  "function load(){var f=document.fonts;f&&f.load?Promise.all(['400','700'].map(function(w){return f.load(w+' 1em Noto Sans Bengali','\\u0985a')})).then(function(){on(1)},function(){on()}):on()}" +
  // Without paint timing (or an observer that rejects its options), at the load event instead.
  "var P=window.PerformanceObserver;" +
  "try{if((P.supportedEntryTypes||[]).indexOf('paint')<0)throw 0;" +
  "new P(function(l,o){l.getEntriesByName('first-contentful-paint').length&&(o.disconnect(),load())}).observe({type:'paint',buffered:!0})}" +
  "catch(e){addEventListener('load',load)}})()";

/** sha256 of WEB_FONT_SCRIPT, base64, as a CSP hash source; lib/web-font.test.ts checks it. */
export const WEB_FONT_SCRIPT_SHA256 = "sha256-Psa/eqWywBqG4sM+NKSYMsjHHZb/Yf0NW8VXVjUUJNo=";
