import { ExternalLink, Smartphone } from "@/components/icons";
import { getTranslations } from "next-intl/server";
import { EASY_INSTALL_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";

/** Thin strip right under the hero pointing Android users at the one-tap installer page. */
export async function AppBanner() {
  const t = await getTranslations("home.appBanner");
  const tFooter = await getTranslations("footer");
  return (
    <section data-testid="app-banner" className="border-b bg-secondary">
      <div className="page-width flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
        <div className="flex items-start gap-3">
          <span className="icon-tile size-10 rounded-full bg-primary text-primary-foreground">
            <Smartphone aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold text-secondary-foreground">{t("title")}</h2>
            <p className="text-sm text-muted-foreground">
              {t("text")} <span className="whitespace-nowrap">{t("meta")}</span>
            </p>
          </div>
        </div>
        <Button asChild className="sm:ml-auto">
          <a href={EASY_INSTALL_HREF} target="_blank" rel="noopener" data-testid="easy-install-link">
            {t("cta")}
            <ExternalLink aria-hidden />
            <span className="sr-only">{tFooter("newTab")}</span>
          </a>
        </Button>
      </div>
    </section>
  );
}
