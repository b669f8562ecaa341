import { getLocale, getTranslations } from "next-intl/server";
import type { Locale } from "@/i18n/config";
import { formatNumber, formatTaka } from "@/lib/format";
import { publicLendingFigures } from "@/lib/loans/queries";

/**
 * The home page's figures, from the database (cached with the page): borrowers served, taka disbursed, and the approval
 * rate of the last year's credit decisions. A lender prints no claim it cannot back: with no loan disbursed yet the
 * block is left out, and a rate with no decisions behind it is not shown.
 */
export async function StatsStrip() {
  const locale = (await getLocale()) as Locale;
  const [t, figures] = await Promise.all([getTranslations("home.stats"), publicLendingFigures()]);
  if (figures.borrowers === 0) return null;
  const stats = [
    { value: formatNumber(figures.borrowers, locale), label: t("customers"), testId: "stat-borrowers" },
    { value: formatTaka(figures.disbursed, locale), label: t("disbursed"), testId: "stat-disbursed" },
    ...(figures.approvalPercent === null ? [] : [{ value: `${formatNumber(figures.approvalPercent, locale)}%`, label: t("approval"), testId: "stat-approval" }]),
  ];
  return (
    <section aria-labelledby="stats-title" data-testid="stats-strip" className="page-width py-10">
      <h2 id="stats-title" className="sr-only">
        {t("title")}
      </h2>
      <dl className="stats">
        {stats.map((stat) => (
          <div key={stat.testId} data-testid={stat.testId}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
