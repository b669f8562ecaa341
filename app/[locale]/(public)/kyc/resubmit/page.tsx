import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { KycResubmissionForm } from "@/components/kyc/resubmission-form";
import { PublicPage } from "@/components/layout/public-page";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  await segmentLocale(props);
  return { title: (await getTranslations("kycResubmit"))("metaTitle"), robots: { index: false } };
}

// The token is in the URL: rendered per request, never cached.
export const dynamic = "force-dynamic";

/** /kyc/resubmit?token=…: the link from the SMS that asked for a new card photo. The token is checked on submission. */
export default async function KycResubmitPage({ params, searchParams }: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await segmentLocale({ params });
  const [t, { token }] = await Promise.all([getTranslations("kycResubmit"), searchParams]);
  const linkToken = typeof token === "string" ? token.trim().slice(0, 100) : "";
  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      {linkToken ? (
        <ClientMessages namespaces={["kycResubmit", "validation"]}>
          <KycResubmissionForm token={linkToken} />
        </ClientMessages>
      ) : (
        <p data-testid="resubmit-no-token">{t("noToken")}</p>
      )}
    </PublicPage>
  );
}
