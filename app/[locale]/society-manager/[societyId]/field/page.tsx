import type { Metadata, Viewport } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { FieldApp } from "@/components/society/field/field-app";
import type { Locale } from "@/i18n/config";
import { requireSocietyPermission } from "@/lib/society/access";
import { fieldManifestPath, fieldPagePath } from "@/lib/society/field/app-shell";

type Params = { societyId: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { societyId } = await params;
  const [t, locale] = await Promise.all([getTranslations("field"), getLocale()]);
  return {
    title: t("metaTitle"),
    robots: { index: false },
    manifest: fieldManifestPath(societyId, locale),
    appleWebApp: { capable: true, title: t("app.shortName"), statusBarStyle: "default" },
    icons: { apple: "/icons/apple-touch-icon.png" },
  };
}

export const viewport: Viewport = { themeColor: "#0f7a4f" };

/**
 * The field app (installable; opens with no signal from the service worker's copy): the page only checks access
 * and hands over to the client, which reads the day's sheet and the outbox from IndexedDB.
 */
export default async function FieldPage({ params }: { params: Promise<Params> }) {
  const { societyId } = await params;
  const access = await requireSocietyPermission(societyId, "society.view", fieldPagePath(societyId));
  const [locale, tLanguage] = await Promise.all([getLocale() as Promise<Locale>, getTranslations("language")]);
  const otherLocale: Locale = locale === "bn" ? "en" : "bn";
  return (
    <ClientMessages namespaces={["field", "validation"]}>
      <FieldApp accountId={access.createdById ?? "visitor"} societyId={societyId} societyName={access.society.name} admin={access.access === "admin"} otherLocale={otherLocale} otherLocaleLabel={tLanguage(otherLocale)} />
    </ClientMessages>
  );
}
