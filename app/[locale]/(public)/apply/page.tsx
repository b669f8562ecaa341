import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ApplyWizard } from "@/components/apply/apply-wizard";
import { HelpCard } from "@/components/apply/help-card";
import { ClientMessages } from "@/components/i18n/client-messages";
import { prefillFromSearchParams } from "@/components/apply/prefill";
import type { ApplyProduct } from "@/components/apply/types";
import { NidSecurityFeatures } from "@/components/nid/nid-security-features";
import { env } from "@/lib/env";
import { listActiveProducts } from "@/lib/products/queries";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("apply");
  return { title: t("metaTitle") };
}

export default async function ApplyPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [t, locale, params] = await Promise.all([getTranslations("apply"), getLocale(), searchParams]);
  // Only what the wizard needs crosses to the browser: no descriptions or feature lists.
  const products: ApplyProduct[] = (await listActiveProducts(locale)).map((p) => ({
    key: p.key,
    title: p.title,
    minAmount: p.minAmount,
    maxAmount: p.maxAmount,
    minTenure: p.minTenure,
    maxTenure: p.maxTenure,
    annualRate: p.annualRate,
  }));
  const { SUPPORT_PHONE, SUPPORT_EMAIL, PROTOTYPE_COMPAT } = env();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10">
      <header className="mb-6 max-w-2xl">
        <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
        <p className="text-muted-foreground mt-2">{t("subtitle")}</p>
      </header>
      <ClientMessages namespaces={["apply", "nid", "validation"]}>
        <ApplyWizard
          products={products}
          prefill={prefillFromSearchParams(params, products)}
          compat={PROTOTYPE_COMPAT}
          helpCard={<HelpCard phone={SUPPORT_PHONE} email={SUPPORT_EMAIL} />}
          securityPanel={<NidSecurityFeatures />}
        />
      </ClientMessages>
    </div>
  );
}
