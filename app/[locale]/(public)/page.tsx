import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AppBanner } from "@/components/home/app-banner";
import { AppDownload } from "@/components/home/app-download";
import { FinalCta } from "@/components/home/final-cta";
import { Hero } from "@/components/home/hero";
import { ProcessSteps } from "@/components/home/process-steps";
import { ProductCards } from "@/components/home/product-cards";
import { StatsStrip } from "@/components/home/stats-strip";
import { WhyChooseUs } from "@/components/home/why-choose-us";
import { env } from "@/lib/env";
import { listActiveProducts } from "@/lib/products/queries";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("home"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/", description: t("metaDescription"), siteName: common("appName") });
}

// Cached per language; with the products cache (PRODUCTS_MAX_AGE_SECONDS) a direct database change shows within a minute.
export const revalidate = 30;

export default async function HomePage(props: LocaleParams) {
  const products = await listActiveProducts(await segmentLocale(props));
  return (
    <>
      <Hero />
      <AppBanner />
      <StatsStrip />
      <ProductCards products={products} />
      <WhyChooseUs />
      <ProcessSteps />
      <AppDownload />
      <FinalCta supportPhone={env().SUPPORT_PHONE} />
    </>
  );
}
