import { UserCog } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { LanguageToggle } from "./language-toggle";
import { LoginButton } from "./login-button";
import { LogoMark } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { ADMIN_LOGIN_HREF, APPLY_HREF, MAIN_NAV } from "./nav";
import { NavLinks } from "./nav-links";
import { localizedPath, signedInAreaPath } from "@/i18n/paths";

/**
 * Sticky site header. The full link row needs about 1000 px in Bengali, so it appears from the
 * lg breakpoint; below that the links, Login and Admin Login move into the mobile menu.
 * Client parts get their text as props, so the page ships no message formatter to the browser.
 */
export async function SiteHeader() {
  const locale = await getLocale();
  const t = await getTranslations("nav");
  const tLanguage = await getTranslations("language");
  const tCommon = await getTranslations("common");
  const items = MAIN_NAV.map((link) => ({ href: localizedPath(link.href, locale as Locale), label: t(link.key) }));
  const otherLocale = locale === "bn" ? "en" : "bn";

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
          <LoginButton label={t("login")} locale={locale as Locale} className="hidden lg:inline-flex" />
          <Button asChild variant="ghost" size="sm" className="hidden lg:inline-flex">
            <a href={signedInAreaPath(ADMIN_LOGIN_HREF, locale as Locale)}>
              <UserCog aria-hidden />
              {t("adminLogin")}
            </a>
          </Button>
          <LanguageToggle targetLocale={otherLocale} label={tLanguage(otherLocale)} />
          <Button asChild size="sm" className="px-3">
            <Link href={localizedPath(APPLY_HREF, locale as Locale)}>{t("apply")}</Link>
          </Button>
          <MobileMenu
            items={items}
            applyHref={localizedPath(APPLY_HREF, locale as Locale)}
            adminHref={signedInAreaPath(ADMIN_LOGIN_HREF, locale as Locale)}
            labels={{
              menu: t("menu"),
              openMenu: t("openMenu"),
              close: t("close"),
              mainNav: t("mainNav"),
              apply: t("apply"),
              adminLogin: t("adminLogin"),
            }}
            languageToggle={
              <LanguageToggle
                targetLocale={otherLocale}
                label={tLanguage(otherLocale)}
                testId="mobile-language-toggle"
                className="w-full"
              />
            }
            loginButton={<LoginButton label={t("login")} locale={locale as Locale} className="w-full" />}
          />
        </div>
      </div>
    </header>
  );
}
