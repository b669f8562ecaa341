import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/config";
import { BORROWER_APP_PATH } from "@/lib/borrower/app-shell";

/**
 * The borrower's app's web app manifest, per language (?lang=bn|en): the app is her own page (/account, in the
 * language she chose), installed from the browser. It names nobody and reads nothing, so it depends only on its URL and may
 * be cached; the browser fetches a manifest without cookies.
 */
export async function GET(request: Request) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = lang && isLocale(lang) ? lang : "bn";
  const t = await getTranslations({ locale, namespace: "borrowerApp" });
  const start = BORROWER_APP_PATH;
  const manifest = {
    id: start,
    name: t("name"),
    short_name: t("shortName"),
    description: t("description"),
    lang: locale,
    dir: "ltr",
    start_url: start,
    scope: start,
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#0f7a4f",
    // The brand's mark, as the field app's: one lender, one icon.
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
