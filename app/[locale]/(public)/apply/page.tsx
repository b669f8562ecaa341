import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApplyWizard } from "@/components/apply/apply-wizard";
import { HelpCard } from "@/components/apply/help-card";
import { ClientMessages } from "@/components/i18n/client-messages";
import { prefillFromSearchParams } from "@/components/apply/prefill";
import { NidSecurityFeatures } from "@/components/nid/nid-security-features";
import { env } from "@/lib/env";
import { readActiveProducts } from "@/lib/products/queries";
import { productTerms } from "@/lib/products/terms";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("apply"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/apply", title: t("metaTitle"), description: t("metaDescription"), siteName: common("appName") });
}

// Reads the prefill (?type=, ?amount=, ?tenure=) on the server; rendered per request.
export const dynamic = "force-dynamic";

export default async function ApplyPage({
  params,
  searchParams,
}: LocaleParams & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const locale = await segmentLocale({ params });
  const [t, query] = await Promise.all([getTranslations("apply"), searchParams]);
  // Read fresh (the page is per request anyway): what the applicant sees is what the submission is
  // checked against. Only what the wizard needs crosses to the browser.
  const products = (await readActiveProducts(locale)).map(productTerms);
  const { SUPPORT_PHONE, SUPPORT_EMAIL, PROTOTYPE_COMPAT } = env();

  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      <ClientMessages namespaces={["apply", "nid", "validation"]}>
        <ApplyWizard
          products={products}
          prefill={prefillFromSearchParams(query, products)}
          compat={PROTOTYPE_COMPAT}
          helpCard={<HelpCard phone={SUPPORT_PHONE} email={SUPPORT_EMAIL} />}
          securityPanel={<NidSecurityFeatures />}
        />
      </ClientMessages>
    </PublicPage>
  );
}
