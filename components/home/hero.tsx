import { ArrowRight, Calculator } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { APPLY_HREF, CALCULATOR_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import { localizeDigits } from "@/lib/format";
import { HeroSlider } from "./hero-slider";
import { QuickLoanCheck } from "./quick-loan-check";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

export async function Hero() {
  const locale = await getLocale();
  const t = await getTranslations("home.hero");
  const slides = [
    { title: t("slide1Title"), text: t("slide1Text") },
    { title: t("slide2Title"), text: t("slide2Text") },
    { title: t("slide3Title"), text: t("slide3Text") },
  ];
  const dotLabels = slides.map((_, i) => t("slideLabel", { number: localizeDigits(String(i + 1), locale) }));

  return (
    <div className="bg-gradient-to-br from-primary to-[oklch(0.38_0.1_165)] text-primary-foreground">
      <div className="page-width grid gap-8 py-10 lg:grid-cols-[1.35fr_1fr] lg:items-center lg:py-16">
        <div className="min-w-0">
          <h1 className="mb-4 inline-block rounded-full bg-primary-foreground/15 px-3 py-1 text-sm font-medium">
            {t("eyebrow")}
          </h1>
          <HeroSlider slides={slides} dotLabels={dotLabels} regionLabel={t("regionLabel")} roleDescription={t("roleDescription")} />
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild size="lg" className="btn-on-primary">
              <Link href={localizedPath(APPLY_HREF, locale as Locale)}>
                {t("apply")}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="btn-on-primary-outline">
              <Link href={localizedPath(CALCULATOR_HREF, locale as Locale)}>
                <Calculator aria-hidden />
                {t("calculate")}
              </Link>
            </Button>
          </div>
        </div>
        <QuickLoanCheck />
      </div>
    </div>
  );
}
