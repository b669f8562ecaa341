import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LogoMark } from "@/components/layout/logo";
import { NotFoundContent } from "@/components/layout/not-found-content";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("notFound");
  return { title: t("metaTitle") };
}

/**
 * Last-resort 404 for notFound() thrown outside the public site, in the visitor's language (unknown
 * URLs are caught by app/[locale]/(public)/[...missing] and shown inside the public layout). Next.js embeds this file in the
 * payload of every page of the app, so it carries only a home link, not the full header and footer.
 */
export default async function RootNotFound() {
  const tCommon = await getTranslations("common");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="page-width flex h-14 items-center">
          <Link href="/" className="flex items-center gap-2 text-lg font-bold text-primary">
            <LogoMark />
            <span>{tCommon("appName")}</span>
          </Link>
        </div>
      </header>
      <main className="flex-1">
        <NotFoundContent />
      </main>
    </div>
  );
}
