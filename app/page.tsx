import { getTranslations } from "next-intl/server";

export default async function HomePage() {
  const t = await getTranslations("common");
  return <main className="p-8 text-2xl">{t("appName")}</main>;
}
