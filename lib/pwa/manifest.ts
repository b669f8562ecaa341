/**
 * The web app manifest of the site's installable apps (the field app, the borrower's): the brand's colours and icons,
 * standalone and portrait. It names nobody and reads nothing, so the answer depends only on its URL and may be cached
 * (the browser fetches a manifest without cookies).
 */
export function webAppManifestResponse(app: { start: string; scope: string; lang: string; name: string; shortName: string; description: string }): Response {
  const manifest = {
    id: app.start,
    name: app.name,
    short_name: app.shortName,
    description: app.description,
    lang: app.lang,
    dir: "ltr",
    start_url: app.start,
    scope: app.scope,
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0f7a4f",
    // One lender, one mark: both apps carry the brand's icon.
    icons: [
      { src: "/icons/app-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/app-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/app-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
