import { ArrowRight, Smartphone } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { INSTALL_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

/** Thin strip right under the hero: the borrower's own page, kept on the phone's home screen like an app. */
export async function AppBanner() {
  const [t, locale] = await Promise.all([getTranslations("home.appBanner"), getLocale() as Promise<Locale>]);
  return (
    <section data-testid="app-banner" className="border-b bg-secondary">
      <div className="page-width flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
        <div className="flex items-start gap-3">
          <span className="icon-tile size-10 rounded-full bg-primary text-primary-foreground">
            <Smartphone aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold text-secondary-foreground">{t("title")}</h2>
            <p className="text-sm text-muted-foreground">{t("text")}</p>
          </div>
        </div>
        <Button asChild className="sm:ml-auto">
          <Link href={localizedPath(INSTALL_HREF, locale)} data-testid="install-link">
            {t("cta")}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
