import { getTranslations } from "next-intl/server";
import { isLocale } from "@/i18n/config";
import { BORROWER_APP_PATH } from "@/lib/borrower/app-shell";
import { webAppManifestResponse } from "@/lib/pwa/manifest";

/** The borrower's app's manifest, per language (?lang=bn|en): the app is her own page (/account, in the language she chose), installed from the browser. */
export async function GET(request: Request) {
  const lang = new URL(request.url).searchParams.get("lang");
  const locale = lang && isLocale(lang) ? lang : "bn";
  const t = await getTranslations({ locale, namespace: "borrowerApp" });
  return webAppManifestResponse({ start: BORROWER_APP_PATH, scope: BORROWER_APP_PATH, lang: locale, name: t("name"), shortName: t("shortName"), description: t("description") });
}
