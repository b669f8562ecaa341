import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { LanguageToggle } from "./language-toggle";
import { LogoMark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { APPLY_HREF, MAIN_NAV } from "./nav";
import { NavLinks } from "./nav-links";
import { localizedPath } from "@/i18n/paths";
import { ReturningBorrowerLinks } from "./returning-borrower-links";

/**
 * Sticky site header. The full link row needs about 1000 px in Bengali, so it appears from the
 * lg breakpoint; below that the links move into the mobile menu, and a second row keeps the returning borrower's two
 * ways back (her loans, the status lookup) one tap away. Staff enter from the footer, not here.
 * Client parts get their text as props, so the page ships no message formatter to the browser.
 */
export async function SiteHeader() {
  const locale = await getLocale();
  const t = await getTranslations("nav");
  const tLanguage = await getTranslations("language");
  const tCommon = await getTranslations("common");
  const items = MAIN_NAV.map((link) => ({ href: localizedPath(link.href, locale as Locale), label: t(link.key) }));
  const otherLocale = locale === "bn" ? "en" : "bn";
  const returning = { myLoans: t("myLoans"), status: t("status") };

  return (
    <header data-testid="site-header" className="site-header">
      <div className="site-header-row">
        <Link href={localizedPath("/", locale as Locale)} className="brand-link">
          <LogoMark />
          <span>{tCommon("appName")}</span>
        </Link>

        <nav aria-label={t("mainNav")} className="ml-3 hidden lg:block xl:ml-6">
          <NavLinks items={items} />
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <ReturningBorrowerLinks labels={returning} locale={locale as Locale} className="hidden items-center gap-1 lg:flex" />
          <LanguageToggle targetLocale={otherLocale} label={tLanguage(otherLocale)} />
          <Button asChild size="sm" className="px-3">
            <Link href={localizedPath(APPLY_HREF, locale as Locale)}>{t("apply")}</Link>
          </Button>
          <MobileMenu
            items={items}
            applyHref={localizedPath(APPLY_HREF, locale as Locale)}
            labels={{
              menu: t("menu"),
              openMenu: t("openMenu"),
              close: t("close"),
              mainNav: t("mainNav"),
              apply: t("apply"),
            }}
            languageToggle={
              <LanguageToggle
                targetLocale={otherLocale}
                label={tLanguage(otherLocale)}
                testId="mobile-language-toggle"
                className="w-full"
              />
            }
          />
        </div>
      </div>
      <ReturningBorrowerLinks labels={returning} locale={locale as Locale} className="returning-row" linkClassName="flex-1" />
    </header>
  );
}
