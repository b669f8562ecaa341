import { FileText, Home } from "@/components/icons";
import { PrefetchLink as Link } from "@/components/layout/prefetch-link";
import { getLocale, getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { APPLY_HREF } from "./nav";
import type { Locale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";

/**
 * Body of the 404 page. Next.js renders every not-found file into the payload of every page
 * below it (ready for a later notFound()), so this stays small, static and free of side effects.
 */
export async function NotFoundContent() {
  const [t, locale] = await Promise.all([getTranslations("notFound"), getLocale() as Promise<Locale>]);
  return (
    <section data-testid="not-found" className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-sm font-semibold text-primary">{t("code")}</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{t("title")}</h1>
      <p className="mt-4 text-muted-foreground">{t("text")}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link href={localizedPath("/", locale)}>
            <Home aria-hidden />
            {t("home")}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href={localizedPath(APPLY_HREF, locale)}>
            <FileText aria-hidden />
            {t("apply")}
          </Link>
        </Button>
      </div>
    </section>
  );
}
