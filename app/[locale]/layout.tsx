import type { Metadata, Viewport } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { isLocale } from "@/i18n/config";
import { localizedPath } from "@/i18n/paths";
import { segmentLocale, type LocaleParams } from "@/i18n/segment";
import { ErrorTextsProvider } from "@/components/layout/error-texts";
import { WebFontScript } from "@/components/layout/web-font-script";
import { buttonVariants } from "@/components/ui/button";
import "../globals.css";

type Props = LocaleParams & { children: React.ReactNode };

/**
 * No page is rendered at build time (the build has no database, and the support phone and other
 * settings belong to the running server): each public page is rendered on its first request per
 * language, then served from Next's cache. Pages that read the session or searchParams stay dynamic.
 */
export function generateStaticParams() {
  return [];
}

export async function generateMetadata(props: LocaleParams): Promise<Metadata> {
  await segmentLocale(props);
  const t = await getTranslations("common");
  return { title: { default: t("appName"), template: `%s | ${t("appName")}` } };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0f7a4f" };

export default async function LocaleLayout({ children, params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations("errorPage");
  const errorTexts = {
    title: t("title"),
    text: t("text"),
    // Formatted here with the placeholder put back, for the client to fill with the error's digest.
    reference: t("reference", { reference: "{reference}" }),
    retry: t("retry"),
    home: t("home"),
    homeHref: localizedPath("/", locale),
    retryClassName: buttonVariants({ size: "lg" }),
    homeClassName: buttonVariants({ size: "lg", variant: "outline" }),
  };
  return (
    // The web font's script sets an attribute on <html> before hydration (lib/web-font.ts).
    <html lang={locale} suppressHydrationWarning>
      <head>
        <WebFontScript />
      </head>
      <body className="min-h-dvh">
        {/* No next-intl provider here: it would put its formatter on every page. Client subtrees that
            translate get locale, time zone and their messages from <ClientMessages>; the error page gets its
            few words through a plain context. */}
        <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
      </body>
    </html>
  );
}
