import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalDocument } from "@/components/placeholder/legal-document";
import { env } from "@/lib/env";
import { publicPageMetadata } from "@/lib/seo";
import { formatPhone } from "@/lib/format";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";

type LegalDocumentKey = "privacy" | "terms" | "compliance";

/**
 * The three legal pages differ only in their message namespace and section list; each route file
 * is `const page = legalPage(...)` plus its two exports.
 */
export function legalPage(doc: LegalDocumentKey, sectionIds: readonly string[]) {
  const namespace = `legal.${doc}` as const;

  async function generateMetadata(props: LocaleParams): Promise<Metadata> {
    const locale = await segmentLocale(props);
    const [t, common] = await Promise.all([getTranslations(namespace), getTranslations("common")]);
    return publicPageMetadata({ locale, path: `/${doc}`, title: t("metaTitle"), description: t("intro"), siteName: common("appName") });
  }

  async function Page(props: LocaleParams) {
    await segmentLocale(props);
    const [t, common] = await Promise.all([getTranslations(namespace), getTranslations("common")]);
    const contact = { email: env().SUPPORT_EMAIL, phone: formatPhone(env().SUPPORT_PHONE) };
    // Section ids come from the route file and exist in both message files (checked by the key test).
    const section = (id: string, part: "heading" | "body") =>
      (t as unknown as (key: string, values?: Record<string, string>) => string)(`sections.${id}.${part}`, contact);
    return (
      <LegalDocument
        title={t("title")}
        intro={t("intro", { appName: common("appName") })}
        sections={sectionIds.map((id) => ({ id, heading: section(id, "heading"), body: section(id, "body") }))}
      />
    );
  }

  return { generateMetadata, Page };
}
