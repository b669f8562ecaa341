import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { EligibilityChecker } from "@/components/eligibility/eligibility-checker";
import { EMPLOYMENT_TYPES } from "@/lib/applications/rules";
import { DEBT_TO_INCOME_LIMIT } from "@/lib/eligibility";
import type { EligibilityProduct } from "@/lib/eligibility/form";
import { tenuresWithin } from "@/lib/loans/tenure";
import { productTerms } from "@/lib/products/terms";
import { formatPercent } from "@/lib/format";
import { listActiveProducts } from "@/lib/products/queries";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("eligibility"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/eligibility", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

// Cached per language; with the products cache (PRODUCTS_MAX_AGE_SECONDS) a direct database change shows within a minute.
export const revalidate = 30;

export default async function EligibilityPage(props: LocaleParams) {
  const locale = await segmentLocale(props);
  const t = await getTranslations("eligibility");

  // Products with no wizard tenure inside their range could never be applied for; leave them out.
  const products: EligibilityProduct[] = (await listActiveProducts(locale))
    .map((p) => ({ ...productTerms(p), tenures: tenuresWithin(p.minTenure, p.maxTenure) }))
    .filter((p) => p.tenures.length > 0);

  return (
    <PublicPage title={t("title")} subtitle={t("subtitle", { limit: formatPercent(DEBT_TO_INCOME_LIMIT * 100, locale) })}>
      <ClientMessages namespaces={["eligibility"]}>
        <EligibilityChecker products={products} employmentTypes={EMPLOYMENT_TYPES} />
      </ClientMessages>
    </PublicPage>
  );
}
