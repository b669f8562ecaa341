import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LogIn, ShieldCheck } from "@/components/icons";
import { ACCOUNT_HREF } from "@/components/layout/nav";
import { PublicPage } from "@/components/layout/public-page";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { signedInAreaPath } from "@/i18n/paths";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { publicPageMetadata } from "@/lib/seo";

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  const locale = await segmentLocale(props);
  const [t, common] = await Promise.all([getTranslations("install"), getTranslations("common")]);
  return publicPageMetadata({ locale, path: "/install", title: t("metaTitle"), description: t("subtitle"), siteName: common("appName") });
}

/**
 * How a borrower keeps her own page (/account) on the phone's home screen: the borrower's app is that page, installed
 * from the browser (no APK, no store). One language per address, in the site's own frame and font.
 */
export default async function InstallPage(props: LocaleParams) {
  const locale = await segmentLocale(props);
  const t = await getTranslations("install");
  const sections = [
    { id: "android", title: t("androidTitle"), steps: [t("android1"), t("android2"), t("android3")] },
    { id: "iphone", title: t("iphoneTitle"), steps: [t("iphone1"), t("iphone2"), t("iphone3")] },
    { id: "after", title: t("afterTitle"), steps: [t("after1"), t("after2"), t("after3")] },
  ];
  return (
    <PublicPage title={t("title")} subtitle={t("subtitle")}>
      <div className="grid max-w-3xl gap-6" data-testid="install-page">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`install-${section.id}`} className="rounded-xl border bg-card p-5">
            <h2 id={`install-${section.id}`} className="mb-3 text-lg font-semibold">
              {section.title}
            </h2>
            <ol className="list-decimal space-y-2 ps-5 leading-relaxed">
              {section.steps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
        <Alert>
          <ShieldCheck aria-hidden />
          <AlertDescription>{t("safety")}</AlertDescription>
        </Alert>
        <div>
          <Button asChild>
            <a href={signedInAreaPath(ACCOUNT_HREF, locale)} data-testid="install-open-account">
              <LogIn aria-hidden />
              {t("open")}
            </a>
          </Button>
        </div>
      </div>
    </PublicPage>
  );
}
