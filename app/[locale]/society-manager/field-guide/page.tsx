import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FieldGuide } from "@/components/society/field-guide";
import { requireSocietyToolPermission } from "@/lib/society/access";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("society.fieldGuide");
  return { title: t("title"), description: t("lead"), robots: { index: false } };
}

/**
 * The field app's install and use guide, for whoever may open a society's field screen (society.view in at least one
 * society): an anonymous visitor goes to the society home, a signed-in person without a society gets the not-found page.
 * Its old address, /APK_INSTALL_GUIDE.html (a static page in both languages), redirects here (next.config.ts).
 */
export default async function FieldGuidePage() {
  const { societies } = await requireSocietyToolPermission("society.view");
  return <FieldGuide societies={societies} />;
}
