import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { LanguageToggle } from "./language-toggle";
import { LogoMark } from "./logo";
import { localizedPath } from "@/i18n/paths";

/** The slim header of pages outside the site shell (staff sign-in, society home): logo home and the language toggle. */
export async function BrandHeader() {
  const [tCommon, tLanguage, locale] = await Promise.all([getTranslations("common"), getTranslations("language"), getLocale() as Promise<Locale>]);
  const otherLocale: Locale = locale === "bn" ? "en" : "bn";
  return (
    <header className="flex h-14 items-center justify-between border-b bg-background px-4">
      <Link href={localizedPath("/", locale)} className="flex items-center gap-2 font-bold text-primary">
        <LogoMark />
        <span>{tCommon("appName")}</span>
      </Link>
      <LanguageToggle targetLocale={otherLocale} label={tLanguage(otherLocale)} />
    </header>
  );
}
