import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
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

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("home");
  return { description: t("metaDescription") };
}

// Rendered per request (the locale comes from a cookie), so an edited product row shows on reload.
export default async function HomePage() {
  const products = await listActiveProducts(await getLocale());
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
