import { BookOpen, Download, LogIn } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { ACCOUNT_HREF, INSTALL_HREF } from "@/components/layout/nav";
import { Button } from "@/components/ui/button";
import type { Locale } from "@/i18n/config";
import { localizedPath, signedInAreaPath } from "@/i18n/paths";

/** The borrower's app is her own page (/account), installed from the browser: what it does, and how. */
export async function AppDownload() {
  const [t, locale] = await Promise.all([getTranslations("home.download"), getLocale() as Promise<Locale>]);
  const points = [t("point1"), t("point2"), t("point3")];
  return (
    <section aria-labelledby="download-title" data-testid="app-download" className="below-fold fold-download page-width py-12">
      <div className="grid gap-6 rounded-2xl border bg-card p-6 shadow-sm md:grid-cols-[auto_1fr] md:p-8">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground">
          <Download aria-hidden className="size-7" />
        </span>
        <div className="min-w-0 space-y-4">
          <div>
            <h2 id="download-title" className="text-2xl font-bold">
              {t("title")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("text")}</p>
          </div>
          <ul className="ticks ticks-circled grid gap-2 text-sm sm:grid-cols-3">
            {points.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild>
              <a href={signedInAreaPath(ACCOUNT_HREF, locale)} data-testid="open-account-link">
                <LogIn aria-hidden />
                {t("open")}
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link href={localizedPath(INSTALL_HREF, locale)} data-testid="install-guide-link">
                <BookOpen aria-hidden />
                {t("howTo")}
              </Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
