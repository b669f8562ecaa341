import { ArrowRight, Phone } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { APPLY_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import { formatPhone } from "@/lib/format";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

export async function FinalCta({ supportPhone }: { supportPhone: string }) {
  const locale = await getLocale();
  const t = await getTranslations("home.cta");
  return (
    <section aria-labelledby="cta-title" data-testid="final-cta" className="below-fold fold-cta bg-primary text-primary-foreground">
      <div className="page-width flex flex-col items-center gap-4 py-12 text-center">
        <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
          {t("title")}
        </h2>
        <p className="max-w-xl text-primary-foreground">{t("text")}</p>
        <div className="mt-2 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" className="btn-on-primary">
            <Link href={localizedPath(APPLY_HREF, locale as Locale)}>
              {t("start")}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="btn-on-primary-outline">
            <a href={`tel:${supportPhone}`} data-testid="call-us-link">
              <Phone aria-hidden />
              {t("call")}
              <span dir="ltr" className="font-normal">
                {formatPhone(supportPhone)}
              </span>
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
