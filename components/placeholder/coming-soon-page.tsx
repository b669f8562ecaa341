import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { ArrowLeft, Calculator, ChevronRight, FileText, House, Mail, type IconComponent } from "@/components/icons";
import { getLocale, getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { env } from "@/lib/env";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

export type SuggestedLink = { href: string; label: string; icon: IconComponent };

/** tel:, mailto: and other non-page links must not go through next/link's client routing. */
function isPageHref(href: string): boolean {
  return href.startsWith("/");
}

/**
 * The prototype's "coming soon" design, shared by the pages that are not built yet:
 * icon, title, short text, back-to-home, a request-feature button and suggested links.
 * The spec leaves the request button's action open; it opens an e-mail to support with the page in the subject.
 */
export async function ComingSoonPage({
  icon: Icon,
  title,
  description,
  extraLinks = [],
  children,
}: {
  icon: IconComponent;
  title: string;
  description: string;
  /** Page-specific suggestions, shown after Home, Apply and Calculator. */
  extraLinks?: SuggestedLink[];
  /** Optional content between the text and the buttons (contact details, for example). */
  children?: React.ReactNode;
}) {
  const [t, locale] = await Promise.all([getTranslations("placeholder"), getLocale() as Promise<Locale>]);
  const requestHref = `mailto:${env().SUPPORT_EMAIL}?subject=${encodeURIComponent(t("requestSubject", { page: title }))}`;

  const links: SuggestedLink[] = [
    { href: "/", label: t("links.home"), icon: House },
    { href: "/apply", label: t("links.apply"), icon: FileText },
    { href: "/calculator", label: t("links.calculator"), icon: Calculator },
    ...extraLinks,
  ].map((link) => ({ ...link, href: localizedPath(link.href, locale) }));

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 md:py-16" data-testid="coming-soon">
      <div className="text-center">
        <div className="bg-primary/10 text-primary mx-auto mb-5 flex size-16 items-center justify-center rounded-full">
          <Icon className="size-8" aria-hidden />
        </div>
        <Badge variant="secondary" className="mb-3">
          {t("comingSoon")}
        </Badge>
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="text-muted-foreground mx-auto mt-3 max-w-md">{description}</p>
      </div>

      {children ? <div className="mt-8">{children}</div> : null}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button asChild className="h-11">
          <Link href={localizedPath("/", locale)} data-testid="back-home">
            <ArrowLeft aria-hidden />
            {t("backHome")}
          </Link>
        </Button>
        <Button asChild variant="outline" className="h-11">
          <a href={requestHref} data-testid="request-feature">
            <Mail aria-hidden />
            {t("requestFeature")}
          </a>
        </Button>
      </div>

      <nav aria-labelledby="suggested-links-heading" className="mt-12">
        <h2 id="suggested-links-heading" className="text-muted-foreground mb-3 text-sm font-semibold">
          {t("suggested")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {links.map(({ href, label, icon: LinkIcon }) => {
            const content = (
              <>
                <span className="bg-secondary text-secondary-foreground flex size-9 shrink-0 items-center justify-center rounded-lg">
                  <LinkIcon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 font-medium break-words">{label}</span>
                <ChevronRight className="text-muted-foreground size-4 shrink-0" aria-hidden />
              </>
            );
            const className =
              "hover:bg-accent flex items-center gap-3 rounded-xl border p-3 transition-colors focus-visible:ring-ring/50 outline-none focus-visible:ring-[3px]";
            return (
              <li key={href}>
                {isPageHref(href) ? (
                  <Link href={href} className={className} data-testid="suggested-link">
                    {content}
                  </Link>
                ) : (
                  <a href={href} className={className} data-testid="suggested-link">
                    {content}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
