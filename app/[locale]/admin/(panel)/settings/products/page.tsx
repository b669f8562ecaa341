import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { ProductSettingsForm } from "@/components/admin/products/product-settings-form";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePermission } from "@/lib/auth/guard";
import { getLendingRules } from "@/lib/lending-rules/queries";
import { listProductsForSettings } from "@/lib/products/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminProducts"))("metaTitle") };
}

export default async function ProductSettingsPage() {
  await requirePermission("settings.products", "/admin/settings/products");
  const [t, locale, products, rules] = await Promise.all([getTranslations("adminProducts"), getLocale(), listProductsForSettings(), getLendingRules()]);
  return (
    <ClientMessages namespaces={["adminProducts", "adminCommon", "validation"]}>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 xl:grid-cols-2">
        {products.map((product) => (
          <ProductSettingsForm key={product.key} product={product} title={locale === "bn" ? product.titleBn : product.titleEn} rateCeiling={rules.rateCeilingPercent} />
        ))}
      </div>
    </ClientMessages>
  );
}
