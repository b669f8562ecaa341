import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/config";
import { webAppManifestResponse } from "@/lib/pwa/manifest";
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
  return webAppManifestResponse({
    start: fieldPagePath(societyId),
    scope: `/society-manager/${societyId}/`,
    lang: locale,
    name: t("name"),
    shortName: t("shortName"),
    description: t("description"),
  });
}
