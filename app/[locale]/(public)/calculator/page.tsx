import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EmiCalculator, type CalculatorProduct } from "@/components/loans/emi-calculator";
import { LoanType } from "@/lib/generated/prisma/enums";
import { CALCULATOR_RATES } from "@/lib/loans/emi";
import { listActiveProducts } from "@/lib/products/queries";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("calculator"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/calculator", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

// Cached per language; with the products cache (PRODUCTS_MAX_AGE_SECONDS) a direct database change shows within a minute.
export const revalidate = 30;

export default async function CalculatorPage(props: LocaleParams) {
  const locale = await segmentLocale(props);
  const t = await getTranslations("calculator");

  let products: CalculatorProduct[] = (await listActiveProducts(locale)).map((p) => ({
    key: p.key,
    title: p.title,
    annualRate: p.annualRate,
    amount: { min: p.minAmount, max: p.maxAmount },
    tenure: { min: p.minTenure, max: p.maxTenure },
  }));
  // With no products configured the calculator still works on the spec's standard rates, without limits.
  if (products.length === 0) {
    products = Object.values(LoanType).map((key) => ({
      key,
      title: t(`types.${key}`),
      annualRate: CALCULATOR_RATES[key],
      amount: null,
      tenure: null,
    }));
  }

  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      <ClientMessages namespaces={["calculator"]}>
        <EmiCalculator products={products} />
      </ClientMessages>
    </PublicPage>
  );
}
