import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/config";
import { fieldPagePath } from "@/lib/society/field/app-shell";

/**
 * The field app's web app manifest, one per society (?society=: its start page is that society's field screen) and
 * per language (?lang=bn|en). Public on purpose, outside the society tool: it names nothing of the society and reads
 * nothing, so it depends only on its URL and may be cached, and the browser fetches a manifest without cookies.
 */
export async function GET(request: Request) {
  const search = new URL(request.url).searchParams;
  const societyId = search.get("society") ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(societyId)) return new Response("Not found", { status: 404 });
  const lang = search.get("lang");
  const locale = lang && isLocale(lang) ? lang : "bn";
  const t = await getTranslations({ locale, namespace: "field.app" });
  const start = fieldPagePath(societyId);
  const manifest = {
    id: start,
    name: t("name"),
    short_name: t("shortName"),
    description: t("description"),
    lang: locale,
    dir: "ltr",
    start_url: start,
    scope: `/society-manager/${societyId}/`,
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0f7a4f",
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
