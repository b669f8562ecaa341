import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ProductTable } from "@/components/loans/product-table";
import { listActiveProducts } from "@/lib/products/queries";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("loans"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/loans", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

// Cached per language; with the products cache (PRODUCTS_MAX_AGE_SECONDS) a direct database change shows within a minute.
export const revalidate = 30;

export default async function LoansPage(props: LocaleParams) {
  const locale = await segmentLocale(props);
  const [t, products] = await Promise.all([getTranslations("loans"), listActiveProducts(locale)]);

  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      {products.length > 0 ? (
        <ProductTable products={products} />
      ) : (
        <p className="bg-muted text-muted-foreground rounded-xl p-6 text-center" data-testid="products-empty">
          {t("empty")}
        </p>
      )}

      <p className="text-muted-foreground mt-6 text-sm">{t("note")}</p>
    </PublicPage>
  );
}
