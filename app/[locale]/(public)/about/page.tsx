import type { Metadata } from "next";
import { HandCoins, Info } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { ComingSoonPage } from "@/components/placeholder/coming-soon-page";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("about");
  return { title: t("metaTitle") };
}

export default async function AboutPage() {
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
