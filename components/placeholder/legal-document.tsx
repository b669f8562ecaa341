import { getLocale, getTranslations } from "next-intl/server";
import { formatDate, formatNumber } from "@/lib/format";

/** Date the privacy, terms and compliance texts were last revised; change it with the texts. */
export const LEGAL_LAST_UPDATED = "2026-11-22T00:00:00+06:00";

export type LegalSection = { id: string; heading: string; body: string };

/** Layout shared by /privacy, /terms and /compliance: title, revision date, intro and numbered sections. */
export async function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  const [t, locale] = await Promise.all([getTranslations("legal"), getLocale()]);

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 md:py-14">
      <header className="mb-8 border-b pb-6">
        <h1 className="text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="text-muted-foreground mt-2 text-sm">
          {t("lastUpdated", { date: formatDate(LEGAL_LAST_UPDATED, locale) })}
        </p>
        <p className="mt-4">{intro}</p>
      </header>
      <ol className="space-y-7">
        {sections.map((section, index) => (
          <li key={section.id} id={section.id} className="below-fold scroll-mt-24 [--fold-height:10rem]">
            <h2 className="text-lg font-semibold">
              <span className="text-primary mr-2">{formatNumber(index + 1, locale)}.</span>
              {section.heading}
            </h2>
            <p className="text-muted-foreground mt-2 break-words">{section.body}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}
