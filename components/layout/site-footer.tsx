import { Phone, Smartphone, UserCog } from "@/components/icons";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { dhakaToday, formatPhone, localizeDigits } from "@/lib/format";
import { env } from "@/lib/env";
import { LogoMark } from "./logo";
import { ACCOUNT_HREF, ADMIN_LOGIN_HREF, FOOTER_LEGAL_LINKS, FOOTER_QUICK_LINKS, INSTALL_HREF } from "./nav";
import { localizedPath, signedInAreaPath } from "@/i18n/paths";
import type { Locale } from "@/i18n/config";


export async function SiteFooter() {
  const locale = await getLocale();
  const t = await getTranslations("footer");
  const tCommon = await getTranslations("common");
  const phone = env().SUPPORT_PHONE;

  return (
    <footer data-testid="site-footer" className="below-fold fold-footer bg-foreground text-background">
      <div className="site-footer-grid">
        <div className="footer-column">
          <Link href={localizedPath("/", locale as Locale)} className="inline-flex items-center gap-2 text-lg font-bold text-background">
            <LogoMark />
            <span>{tCommon("appName")}</span>
          </Link>
          <p className="footer-text">{t("tagline")}</p>
          <div className="space-y-1 pt-1">
            <h2 className="text-sm font-semibold">{t("supportTitle")}</h2>
            <a
              href={`tel:${phone}`}
              data-testid="footer-phone"
              className="inline-flex items-center gap-2 text-lg font-semibold text-background hover:underline"
            >
              <Phone aria-hidden className="size-4" />
              <span dir="ltr">{formatPhone(phone)}</span>
            </a>
          </div>
        </div>

        <div className="footer-column" data-testid="footer-app">
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            <Smartphone aria-hidden className="size-4" />
            {t("appTitle")}
          </h2>
          <p className="footer-text">{t("appText")}</p>
          <ul className="footer-links">
            <li>
              <a href={signedInAreaPath(ACCOUNT_HREF, locale as Locale)}>{t("myLoans")}</a>
            </li>
            <li>
              <Link href={localizedPath(INSTALL_HREF, locale as Locale)} prefetch={false}>
                {t("install")}
              </Link>
            </li>
          </ul>
          {/* Every staff door in one place, out of the borrower's way: the staff sign-in (the society tool signs in there too). */}
          <a href={signedInAreaPath(ADMIN_LOGIN_HREF, locale as Locale)} className="inline-flex items-center gap-1.5 pt-2 text-sm text-background/70 hover:underline" data-testid="footer-staff-link">
            <UserCog aria-hidden className="size-4" />
            {t("staff")}
          </a>
        </div>

        <FooterLinkColumn
          id="footer-quick-links"
          heading={t("quickLinks")}
          links={FOOTER_QUICK_LINKS.map((link) => ({ href: localizedPath(link.href, locale as Locale), label: t(link.key) }))}
        />
        <FooterLinkColumn
          id="footer-legal-links"
          heading={t("legal")}
          links={FOOTER_LEGAL_LINKS.map((link) => ({ href: localizedPath(link.href, locale as Locale), label: t(link.key) }))}
        />
      </div>
      <div className="border-t border-background/15">
        <p className="page-width py-4 text-xs text-background/60">
          {t("copyright", { year: localizeDigits(dhakaToday().slice(0, 4), locale) })}
        </p>
      </div>
    </footer>
  );
}

function FooterLinkColumn({ id, heading, links }: { id: string; heading: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-sm font-semibold">
        {heading}
      </h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.href}>
            {/* Footer links are opened rarely: never prefetched (a slow phone would pay for all of them). */}
            <Link href={link.href} prefetch={false}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
