import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StatusLookup } from "@/components/status/status-lookup";
import { PublicPage } from "@/components/layout/public-page";
import { SupportLine } from "@/components/layout/support-line";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("status"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/status", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

/** Longest ID worth prefilling; anything longer is not an application ID. */
const MAX_PREFILLED_ID_LENGTH = 40;

// Reads ?id= on the server; rendered per request.
export const dynamic = "force-dynamic";

export default async function StatusPage({
  params,
  searchParams,
}: LocaleParams & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await segmentLocale({ params });
  const [t, { id }] = await Promise.all([getTranslations("status"), searchParams]);
  // The wizard's success screen links here with ?id=<application ID>.
  const initialApplicationId = typeof id === "string" ? id.trim().slice(0, MAX_PREFILLED_ID_LENGTH) : "";

  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      <ClientMessages namespaces={["status"]}>
        <StatusLookup initialApplicationId={initialApplicationId} />
      </ClientMessages>
      <SupportLine />
    </PublicPage>
  );
}
