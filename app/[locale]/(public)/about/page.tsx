import type { Metadata } from "next";
import { HandCoins, Info } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ComingSoonPage } from "@/components/placeholder/coming-soon-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  await segmentLocale(props);
  const t = await getTranslations("about");
  return { title: t("metaTitle") };
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
