import type { Metadata } from "next";
import { HandCoins, Info } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { ComingSoonPage } from "@/components/placeholder/coming-soon-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("about"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/about", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

export default async function AboutPage(props: LocaleParams) {
  await segmentLocale(props);
  const [t, common, placeholder] = await Promise.all([
    getTranslations("about"),
    getTranslations("common"),
    getTranslations("placeholder"),
  ]);

  return (
    <ComingSoonPage
      icon={Info}
      title={t("title")}
      description={t("description", { appName: common("appName") })}
      extraLinks={[{ href: "/loans", label: placeholder("links.loans"), icon: HandCoins }]}
    />
  );
}

// Re-rendered every 5 minutes: a shared cache in front (deploy/nginx.conf) keeps it no longer than that, even across a
// release (without it Next would tell caches to keep it a year).
export const revalidate = 300;
