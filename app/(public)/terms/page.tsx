import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/placeholder/legal-document";
import { env } from "@/lib/env";
import { formatPhone } from "@/lib/format";

const TERMS_SECTIONS = ["eligibility", "application", "loanTerms", "repayment", "conduct", "changes", "law", "contact"] as const;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("legal.terms");
  return { title: t("metaTitle") };
}

export default async function TermsPage() {
  const [t, common, locale] = await Promise.all([
    getTranslations("legal.terms"),
    getTranslations("common"),
    getLocale(),
  ]);
  const contact = { email: env().SUPPORT_EMAIL, phone: formatPhone(env().SUPPORT_PHONE, locale) };

  return (
    <LegalDocument
      title={t("title")}
      intro={t("intro", { appName: common("appName") })}
      sections={TERMS_SECTIONS.map((id) => ({
        id,
        heading: t(`sections.${id}.heading`),
        body: t(`sections.${id}.body`, contact),
      }))}
    />
  );
}
